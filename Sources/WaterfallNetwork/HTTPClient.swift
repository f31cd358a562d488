/// HTTP and HTTPS through libcurl's multi interface, driven by one thread the
/// client owns; requests come from any thread.
///
/// Two ways to read a response. A loader on a worker thread opens a request and
/// reads its body as it arrives, as it would read a file (``open(_:shouldStop:)``
/// and ``HTTPBodyStream``): the status and headers first, then the first bytes
/// while the rest are still on their way. Many small downloads (pictures) go
/// through a ``DownloadQueue`` instead, which orders them by priority and posts
/// each one whole to a mailbox.
///
/// Every request: http and https only, also after a redirect (at most
/// ``HTTPClientConfiguration/maximumRedirects``, followed by the client itself:
/// the configured and the request's headers go to the first URL's origin only,
/// ``URLOrigin``); a connect timeout and an idle
/// timeout; a byte budget, enforced as the body arrives; compressed bodies
/// (`Accept-Encoding`), HTTP/2 where the server offers it, proxies from the
/// environment, `User-Agent: waterfall/VERSION`, the configured extra headers,
/// `~/.netrc` when asked. At most ``HTTPClientConfiguration/connectionsPerHost``
/// connections go to one host at once; more requests wait inside libcurl.
///
/// ```swift
/// let client = try HTTPClient()
/// let response = try client.open(HTTPRequest(url: "https://api.example.com/items"))
/// response.status                           // 200
/// var buffer = [UInt8](repeating: 0, count: 64 << 10)
/// while true {
///   let n = try response.read(into: &buffer)   // 0: the end of the body
///   if n == 0 { break }
///   feed(buffer[..<n])
/// }
/// ```
public final class HTTPClient: @unchecked Sendable {
  /// Counts for tests and the benchmark.
  public struct Statistics: Hashable, Sendable {
    /// Transfers handed to the thread, ended (any way), cancelled.
    public var started = 0
    public var finished = 0
    public var cancelled = 0
    /// Transfers under way at the thread's last turn.
    public var running = 0
    public var queuedCommands = 0
  }

  public let configuration: HTTPClientConfiguration
  let engine: TransferEngine

  /// Starts the client's thread. Throws when libcurl cannot start.
  public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) throws(HTTPError) {
    self.configuration = configuration
    do {
      engine = try TransferEngine(connectionsPerHost: max(1, configuration.connectionsPerHost))
    } catch {
      throw HTTPError(.client, url: "", message: "\(error)")
    }
    guard engine.start() else { throw HTTPError(.client, url: "", message: "could not start the HTTP thread") }
  }

  deinit {
    engine.stop()
  }

  /// Stops the thread: every transfer under way ends with an error, and no new one
  /// starts.
  public func stop() {
    engine.stop()
  }

  public var statistics: Statistics { engine.statistics }

  /// Starts `request` and waits for its status and headers (not its body), asking
  /// `shouldStop` every 50 ms meanwhile. A status of 400 or more throws
  /// ``HTTPError/Kind/status(_:)``; a 304 is returned (``HTTPResponseHead/isNotModified``).
  ///
  /// ```swift
  /// let response = try client.open(request, shouldStop: { job.isCancelled })
  /// ```
  public func open(_ request: HTTPRequest, shouldStop: () -> Bool = { false }) throws(HTTPError) -> HTTPBodyStream {
    let stream = HTTPBodyStream(engine: engine)
    let id = try start(request, receiver: stream)
    stream.transferID = id
    try stream.waitForHead(shouldStop: shouldStop)
    return stream
  }

  /// Starts `request`, its response going to `receiver` on the client's thread;
  /// returns its transfer's id (for ``TransferEngine/cancel(_:error:)``).
  func start(_ request: HTTPRequest, receiver: any TransferReceiver) throws(HTTPError) -> Int {
    let id = engine.nextID()
    let transfer: Transfer
    do {
      transfer = try Transfer(
        id: id, request: request, settings: settings(for: request), crossOriginHeaders: Self.conditionalHeaders(request),
        budget: request.byteBudget ?? configuration.byteBudget, receiver: receiver)
    } catch {
      throw HTTPError(.badURL, url: request.url, message: "\(error)")
    }
    guard engine.submit(transfer) else {
      throw HTTPError(.client, url: request.url, message: "the HTTP client stopped")
    }
    return id
  }

  /// libcurl's settings for `request`.
  func settings(for request: HTTPRequest) -> CurlSettings {
    let headers = (configuration.headers + request.headers).map(\.line) + Self.conditionalHeaders(request)
    return CurlSettings(
      url: request.url, headers: headers, userAgent: configuration.userAgent,
      connectTimeoutMilliseconds: configuration.connectTimeoutMilliseconds,
      idleSeconds: configuration.idleTimeoutSeconds, maximumRedirects: configuration.maximumRedirects,
      netrc: configuration.usesNetrc, netrcFile: configuration.netrcFile, insecure: configuration.insecure,
      proxy: configuration.proxy)
  }

  /// The validators of a conditional request, as header lines: all that a
  /// redirect to another origin keeps of the request's headers.
  static func conditionalHeaders(_ request: HTTPRequest) -> [String] {
    var headers: [String] = []
    if let tag = request.ifNoneMatch { headers.append("If-None-Match: \(tag)") }
    if let date = request.ifModifiedSince { headers.append("If-Modified-Since: \(date)") }
    return headers
  }
}
