import WaterfallWorkers

/// A response's body read as it arrives, by one thread at a time, as a file is
/// read: the head (status, headers) is known when ``HTTPClient/open(_:shouldStop:)``
/// returns, and ``read(into:shouldStop:)`` hands over the bytes received so far,
/// waiting only when there are none yet.
///
/// The client's thread keeps at most ``bufferLimit`` bytes the reader has not
/// taken; past that the transfer pauses (libcurl stops reading the socket) until
/// the reader catches up, so a slow reader costs no memory and a fast one never
/// waits for more than the network. ``cancel()`` from any thread ends the
/// transfer and wakes a waiting reader, which then throws
/// ``HTTPError/Kind/cancelled``.
///
/// ```swift
/// let response = try client.open(request)
/// let next = response.head.link("next")          // before the body
/// var buffer = [UInt8](repeating: 0, count: 64 << 10)
/// while true {
///   let n = try response.read(into: &buffer, shouldStop: { stopped })
///   if n == 0 { break }                           // the end of the body
///   parser.feed(buffer[..<n])
/// }
/// ```
public final class HTTPBodyStream: TransferReceiver, @unchecked Sendable {
  /// The most bytes kept for the reader before the transfer pauses.
  public static let bufferLimit = 1 << 20

  private let engine: TransferEngine
  var transferID = 0
  private let lock = ConditionLock()
  // Guarded by `lock`.
  private var receivedHead: HTTPResponseHead?
  private var bytes: [UInt8] = []
  private var start = 0
  private var ended: Result<HTTPResponseHead, HTTPError>?
  private var paused = false
  private var cancelled = false
  private var taken = 0

  init(engine: TransferEngine) {
    self.engine = engine
  }

  deinit {
    // A stream dropped before its end stops its transfer.
    let done = lock.withLock { ended != nil }
    if !done { engine.cancel(transferID, error: HTTPError(.cancelled, url: "", message: "cancelled")) }
  }

  /// The response's status line and headers (after redirects).
  public var head: HTTPResponseHead {
    lock.withLock { receivedHead } ?? HTTPResponseHead(status: 0, url: "")
  }

  /// The status code (``head``'s).
  public var status: Int { head.status }
  /// The headers (``head``'s): `ETag`, `Last-Modified`, `Link`, `Content-Type`…
  public var headers: HTTPHeaders { head.headers }

  /// The body bytes handed to the reader so far.
  public var bytesRead: Int { lock.withLock { taken } }

  /// Copies up to `buffer.count` bytes of the body to the start of `buffer` and
  /// returns how many: 0 at the end of the body. Waits while no byte is there,
  /// asking `shouldStop` every 50 ms; throws when the transfer failed (the bytes
  /// before the failure are read first), was cancelled, or `shouldStop` said so.
  public func read(into buffer: inout [UInt8], shouldStop: () -> Bool = { false }) throws(HTTPError) -> Int {
    guard !buffer.isEmpty else { return 0 }
    var resume = false
    let outcome: Result<Int, HTTPError> = lock.withLock {
      while true {
        if cancelled { return .failure(cancellation()) }
        if start < bytes.count {
          let n = min(buffer.count, bytes.count - start)
          buffer.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
              target.baseAddress!.update(from: source.baseAddress! + start, count: n)
            }
          }
          start += n
          taken += n
          if start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
          } else if start > Self.bufferLimit / 2 {
            bytes.removeFirst(start)
            start = 0
          }
          if paused, bytes.count - start <= Self.bufferLimit / 2 {
            paused = false
            resume = true
          }
          return .success(n)
        }
        switch ended {
        case .success: return .success(0)
        case .failure(let error): return .failure(error)
        case nil: break
        }
        if shouldStop() {
          cancelled = true
          return .failure(cancellation())
        }
        lock.wait(milliseconds: 50)
      }
    }
    if resume { engine.resume(transferID) }
    switch outcome {
    case .success(let n): return n
    case .failure(let error):
      if error.kind == .cancelled { engine.cancel(transferID, error: error) }
      throw error
    }
  }

  /// Ends the transfer from any thread; a reader waiting in ``read(into:shouldStop:)``
  /// wakes and throws ``HTTPError/Kind/cancelled``.
  public func cancel() {
    let error = lock.withLock {
      cancelled = true
      lock.broadcast()
      return cancellation()
    }
    engine.cancel(transferID, error: error)
  }

  private func cancellation() -> HTTPError {
    HTTPError(.cancelled, url: receivedHead?.url ?? "", message: "cancelled")
  }

  /// Waits for the head; throws for an error status, a failure before the head, or
  /// when `shouldStop` says so.
  func waitForHead(shouldStop: () -> Bool) throws(HTTPError) {
    let outcome: Result<HTTPResponseHead, HTTPError> = lock.withLock {
      while true {
        if let receivedHead { return .success(receivedHead) }
        if case .failure(let error) = ended { return .failure(error) }
        if cancelled || shouldStop() {
          cancelled = true
          return .failure(cancellation())
        }
        lock.wait(milliseconds: 50)
      }
    }
    switch outcome {
    case .success(let head):
      guard head.status < 400 else {
        let error = HTTPError(.status(head.status), url: head.url, message: head.statusText)
        cancel()
        throw error
      }
    case .failure(let error):
      if error.kind == .cancelled { engine.cancel(transferID, error: error) }
      throw error
    }
  }

  // MARK: TransferReceiver (the client's thread)

  func transferHead(_ head: HTTPResponseHead) {
    lock.withLock {
      receivedHead = head
      lock.broadcast()
    }
  }

  func transferBody(_ incoming: UnsafeRawBufferPointer) -> CurlBodyAnswer {
    lock.withLock {
      if cancelled { return .abort }
      let kept = bytes.count - start
      if kept > 0, kept + incoming.count > Self.bufferLimit {
        paused = true
        return .pause
      }
      bytes.append(contentsOf: incoming)
      lock.broadcast()
      return .took
    }
  }

  func transferEnded(_ result: Result<HTTPResponseHead, HTTPError>) {
    lock.withLock {
      ended = result
      lock.broadcast()
    }
  }
}
