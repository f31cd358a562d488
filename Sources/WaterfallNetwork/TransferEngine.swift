import WaterfallWorkers

/// The thread that drives libcurl's multi interface: transfers are handed to it
/// from any thread as commands, and it alone touches the handles, calls the
/// receivers and ends the transfers.
///
/// Its loop: take the commands (add, cancel, resume a paused body), let libcurl
/// move every transfer along, end those that finished, then sleep in
/// `curl_multi_poll` until a socket is ready, a command wakes it
/// (`curl_multi_wakeup`), or a second passes (libcurl's timers).
final class TransferEngine: @unchecked Sendable {
  private enum Command {
    case add(Transfer)
    case cancel(Int, HTTPError)
    case resume(Int)
  }

  private let multi: CurlMulti
  private let lock = ConditionLock()
  // Guarded by `lock`.
  private var commands: [Command] = []
  private var stopped = false
  private var lastID = 0
  private var counts = HTTPClient.Statistics()
  // The engine's thread only.
  private var running: [UnsafeMutableRawPointer: Transfer] = [:]
  private var byID: [Int: Transfer] = [:]

  init(connectionsPerHost: Int) throws(CurlCallError) {
    multi = try CurlMulti(connectionsPerHost: connectionsPerHost, connectionCache: max(16, connectionsPerHost * 4))
  }

  /// Starts the thread; false when it could not be made.
  func start() -> Bool {
    NetworkThread.start(name: "waterfall-http") { [self] in run() }
  }

  func nextID() -> Int {
    lock.withLock {
      lastID += 1
      return lastID
    }
  }

  /// Hands `transfer` to the thread; false when the engine has stopped.
  func submit(_ transfer: Transfer) -> Bool {
    let accepted: Bool = lock.withLock {
      guard !stopped else { return false }
      commands.append(.add(transfer))
      counts.started += 1
      return true
    }
    if accepted { multi.wakeUp() }
    return accepted
  }

  /// Ends transfer `id` with `error` (unless it has ended already).
  func cancel(_ id: Int, error: HTTPError) {
    lock.withLock { commands.append(.cancel(id, error)) }
    multi.wakeUp()
  }

  /// Lets the paused transfer `id` take bytes again.
  func resume(_ id: Int) {
    lock.withLock { commands.append(.resume(id)) }
    multi.wakeUp()
  }

  /// Ends the thread; every transfer under way ends with an error.
  func stop() {
    lock.withLock { stopped = true }
    multi.wakeUp()
  }

  var statistics: HTTPClient.Statistics {
    lock.withLock {
      var s = counts
      s.queuedCommands = commands.count
      return s
    }
  }

  private func run() {
    while true {
      let (batch, isStopped) = lock.withLock {
        defer { commands.removeAll() }
        return (commands, stopped)
      }
      for command in batch { handle(command) }
      if isStopped {
        for transfer in byID.values {
          transfer.failure = HTTPError(.client, url: transfer.request.url, message: "the HTTP client stopped")
          finish(transfer, code: -1)
        }
        return
      }
      do {
        try multi.perform()
      } catch {
        for transfer in byID.values {
          transfer.failure = HTTPError(.client, url: transfer.request.url, message: "\(error)")
          finish(transfer, code: -1)
        }
      }
      for (handle, code) in multi.finished() {
        if let transfer = running[handle] { finish(transfer, code: code) }
      }
      lock.withLock { counts.running = byID.count }
      try? multi.poll(milliseconds: 1000)
    }
  }

  private func handle(_ command: Command) {
    switch command {
    case .add(let transfer):
      do {
        try multi.add(transfer.easy)
        running[transfer.easy.handle] = transfer
        byID[transfer.id] = transfer
      } catch {
        transfer.failure = HTTPError(.client, url: transfer.request.url, message: "\(error)")
        transfer.end(code: -1)
      }
    case .cancel(let id, let error):
      guard let transfer = byID[id] else { return }
      transfer.failure = error
      lock.withLock { counts.cancelled += 1 }
      finish(transfer, code: -1)
    case .resume(let id):
      guard let transfer = byID[id], transfer.isPaused else { return }
      transfer.isPaused = false
      // May hand the kept bytes to the receiver at once, which may pause again.
      do { try transfer.easy.resume() } catch {
        transfer.failure = HTTPError(.client, url: transfer.request.url, message: "\(error)")
        finish(transfer, code: -1)
      }
    }
  }

  private func finish(_ transfer: Transfer, code: Int) {
    multi.remove(transfer.easy)
    running[transfer.easy.handle] = nil
    byID[transfer.id] = nil
    // A response that redirects goes on as its next hop, under the same id.
    if code == 0, let next = transfer.followUp() {
      switch next {
      case .success(let hop):
        handle(.add(hop))
        return
      case .failure(let error):
        transfer.failure = error
      }
    }
    lock.withLock { counts.finished += 1 }
    transfer.end(code: code)
  }
}
