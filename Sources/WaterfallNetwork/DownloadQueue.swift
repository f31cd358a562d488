import WaterfallWorkers

/// Many small downloads (pictures), the most wanted first, each one whole into a
/// mailbox: ``enqueue(_:priority:)`` from any thread, ``takeFinished()`` when
/// `onFinished` says something came.
///
/// The queue holds requests back itself rather than handing them all to libcurl,
/// so that the order is its own: whenever a host has fewer than
/// ``perHost`` downloads running, the queued request with the highest priority
/// (then the earliest) starts. One URL is fetched once however many ask for it:
/// each ``enqueue(_:priority:)`` returns a token, and a download is cancelled,
/// queued or running, when the last of its tokens is (``cancel(_:)``), so a card
/// scrolled away before its picture arrived stops costing anything.
///
/// A download's body is kept in memory, up to its request's byte budget.
/// Success is a 2xx or a 304 (for a conditional request); another status is a
/// failure, ``HTTPError/Kind/status(_:)``.
///
/// ```swift
/// let queue = DownloadQueue(client: client) { wakeUp.signal() }
/// let token = queue.enqueue(HTTPRequest(url: url, byteBudget: 32 << 20), priority: 10)
/// for finished in queue.takeFinished() { show(finished.url, finished.result) }
/// queue.cancel(token)   // no longer wanted
/// ```
public final class DownloadQueue: @unchecked Sendable {
  /// One caller's interest in one download.
  public struct Token: Hashable, Sendable {
    let value: Int
  }

  /// A finished download's response and body.
  public struct Download: Sendable {
    public var head: HTTPResponseHead
    public var bytes: [UInt8]
  }

  /// What the mailbox holds: a download that ended, for whoever holds its tokens.
  public struct Finished: Sendable {
    public var url: String
    public var tokens: [Token]
    public var result: Result<Download, HTTPError>
  }

  public struct Statistics: Hashable, Sendable {
    public var queued = 0
    public var running = 0
    /// Downloads that ended (their results posted), and those cancelled.
    public var finished = 0
    public var cancelled = 0
    /// Downloads started, in all.
    public var started = 0
  }

  private final class Job {
    let id: Int
    var request: HTTPRequest
    let host: String
    var priority: Int
    let order: Int
    var tokens: Set<Token> = []
    var transfer: Int?
    var cancelled = false
    init(id: Int, request: HTTPRequest, host: String, priority: Int, order: Int) {
      self.id = id
      self.request = request
      self.host = host
      self.priority = priority
      self.order = order
    }
  }

  /// The most downloads running to one host at once.
  public let perHost: Int
  private let client: HTTPClient
  private let onFinished: @Sendable () -> Void
  private let lock = ConditionLock()
  // Guarded by `lock`.
  private var jobs: [Int: Job] = [:]
  /// Live (not cancelled) jobs by URL.
  private var byURL: [String: Int] = [:]
  private var byToken: [Token: Int] = [:]
  private var runningByHost: [String: Int] = [:]
  private var mailbox: [Finished] = []
  private var lastID = 0
  private var counts = Statistics()

  /// - Parameter onFinished: called (on the client's thread, holding no lock)
  ///   each time a result is posted; it should wake whoever takes them.
  public init(client: HTTPClient, perHost: Int = 6, onFinished: @escaping @Sendable () -> Void = {}) {
    self.client = client
    self.perHost = max(1, perHost)
    self.onFinished = onFinished
  }

  /// Asks for `request`'s URL; a URL already queued or running gains a token (and
  /// the higher priority) instead of a second download.
  public func enqueue(_ request: HTTPRequest, priority: Int) -> Token {
    let token: Token = lock.withLock {
      lastID += 1
      let token = Token(value: lastID)
      if let id = byURL[request.url], let job = jobs[id] {
        job.tokens.insert(token)
        job.priority = max(job.priority, priority)
        byToken[token] = id
        return token
      }
      lastID += 1
      let job = Job(id: lastID, request: request, host: Self.host(of: request.url), priority: priority, order: lastID)
      job.tokens.insert(token)
      jobs[job.id] = job
      byURL[request.url] = job.id
      byToken[token] = job.id
      return token
    }
    pump()
    return token
  }

  /// Raises or lowers the priority of `token`'s download while it waits.
  public func setPriority(_ priority: Int, for token: Token) {
    lock.withLock {
      if let id = byToken[token], let job = jobs[id] { job.priority = priority }
    }
  }

  /// Gives up `token`; its download is cancelled when no other token wants it.
  public func cancel(_ token: Token) {
    let stop: (transfer: Int, url: String)? = lock.withLock {
      guard let id = byToken.removeValue(forKey: token), let job = jobs[id] else { return nil }
      job.tokens.remove(token)
      guard job.tokens.isEmpty else { return nil }
      counts.cancelled += 1
      byURL[job.request.url] = nil
      job.cancelled = true
      guard let transfer = job.transfer else {
        jobs[id] = nil
        return nil
      }
      // Its host's slot is freed when the transfer has ended.
      return (transfer, job.request.url)
    }
    if let stop { client.engine.cancel(stop.transfer, error: HTTPError(.cancelled, url: stop.url, message: "cancelled")) }
  }

  /// The downloads that ended since the last call, oldest first.
  public func takeFinished() -> [Finished] {
    lock.withLock {
      defer { mailbox.removeAll() }
      return mailbox
    }
  }

  /// Whether the mailbox holds results.
  public var hasFinished: Bool { lock.withLock { !mailbox.isEmpty } }

  public var statistics: Statistics {
    lock.withLock {
      var s = counts
      s.running = runningByHost.values.reduce(0, +)
      s.queued = jobs.count - s.running
      return s
    }
  }

  /// Starts queued downloads while their hosts have room, the highest priority first.
  private func pump() {
    while true {
      let next: Job? = lock.withLock {
        var best: Job?
        for job in jobs.values where job.transfer == nil && !job.cancelled && runningByHost[job.host, default: 0] < perHost {
          if let b = best, (b.priority, -b.order) >= (job.priority, -job.order) { continue }
          best = job
        }
        if let best {
          runningByHost[best.host, default: 0] += 1
          best.transfer = -1
          counts.started += 1
        }
        return best
      }
      guard let job = next else { return }
      let receiver = Receiver(queue: self, job: job.id)
      do {
        let id = try client.start(job.request, receiver: receiver)
        let cancelledMeanwhile: Bool = lock.withLock {
          job.transfer = id
          return job.cancelled
        }
        if cancelledMeanwhile { client.engine.cancel(id, error: HTTPError(.cancelled, url: job.request.url, message: "cancelled")) }
      } catch {
        ended(job: job.id, result: .failure(error))
      }
    }
  }

  /// Files a download's result (dropped when it was cancelled) and starts the next.
  fileprivate func ended(job id: Int, result: Result<Download, HTTPError>) {
    let posted: Bool = lock.withLock {
      guard let job = jobs.removeValue(forKey: id) else { return false }
      runningByHost[job.host, default: 1] -= 1
      if runningByHost[job.host] == 0 { runningByHost[job.host] = nil }
      if job.cancelled { return false }
      byURL[job.request.url] = nil
      for token in job.tokens { byToken[token] = nil }
      mailbox.append(Finished(url: job.request.url, tokens: Array(job.tokens), result: result))
      counts.finished += 1
      return true
    }
    pump()
    if posted { onFinished() }
  }

  /// `host:port` of a URL, lowercased: what the per-host limit counts by.
  static func host(of url: String) -> String {
    var authority = Substring(URLReference.Parts(url).authority ?? "")
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    return authority.lowercased()
  }

  /// Collects one download's body on the client's thread.
  private final class Receiver: TransferReceiver {
    weak var queue: DownloadQueue?
    let job: Int
    var head: HTTPResponseHead?
    var bytes: [UInt8] = []

    init(queue: DownloadQueue, job: Int) {
      self.queue = queue
      self.job = job
    }

    func transferHead(_ head: HTTPResponseHead) {
      self.head = head
      if let length = head.contentLength, head.isSuccess { bytes.reserveCapacity(min(length, 64 << 20)) }
    }

    func transferBody(_ incoming: UnsafeRawBufferPointer) -> CurlBodyAnswer {
      // An error page's body is not wanted.
      if let head, !head.isSuccess { return .abort }
      bytes.append(contentsOf: incoming)
      return .took
    }

    func transferEnded(_ result: Result<HTTPResponseHead, HTTPError>) {
      let outcome: Result<Download, HTTPError>
      switch result {
      case .success(let head) where head.isSuccess || head.isNotModified:
        outcome = .success(Download(head: head, bytes: bytes))
      case .success(let head):
        outcome = .failure(HTTPError(.status(head.status), url: head.url, message: head.statusText))
      case .failure(let error):
        if let head, !head.isSuccess, !head.isNotModified {
          outcome = .failure(HTTPError(.status(head.status), url: head.url, message: head.statusText))
        } else {
          outcome = .failure(error)
        }
      }
      queue?.ended(job: job, result: outcome)
    }
  }
}
