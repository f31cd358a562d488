/// What a transfer hands its response to, on the client's thread: the head once,
/// body bytes as they come (`.pause` keeps them for later), then the end.
protocol TransferReceiver: AnyObject {
  func transferHead(_ head: HTTPResponseHead)
  func transferBody(_ bytes: UnsafeRawBufferPointer) -> CurlBodyAnswer
  func transferEnded(_ result: Result<HTTPResponseHead, HTTPError>)
}

/// One request on its way: its easy handle, the response's head as the header
/// lines build it, the byte budget, and why it failed when the client stopped it.
/// Lives on the client's thread once submitted.
///
/// Redirects are followed here, not by libcurl: a response that redirects ends
/// its easy handle, and ``followUp()`` makes the transfer of the next hop (the
/// same id, receiver and budget), so that the headers the user gave go to the
/// first URL's origin only (``URLOrigin``): libcurl would send every custom
/// header but `Authorization` and `Cookie` on to another host.
final class Transfer: CurlCallbacks {
  let id: Int
  let request: HTTPRequest
  let easy: CurlEasy
  let receiver: any TransferReceiver
  let budget: Int
  let idleSeconds: Int
  let maximumRedirects: Int
  /// The first hop's settings, every header included: each hop is made from them.
  let firstSettings: CurlSettings
  /// The headers a hop to another origin keeps (the conditional ones).
  let crossOriginHeaders: [String]
  /// Redirects followed before this hop.
  let redirects: Int

  private var status = 0
  private var reason = ""
  private var headers = HTTPHeaders()
  /// The `Location` of the last redirect seen: a refused redirect names it.
  private var lastLocation: String?
  /// The `Location` of this hop's response when it redirects: the next hop's.
  private(set) var redirectLocation: String?
  private(set) var head: HTTPResponseHead?
  private var received = 0
  /// Set when the client stops the transfer itself (budget, cancel).
  var failure: HTTPError?
  var isPaused = false

  /// The first hop of `request`; `crossOriginHeaders` are the headers a hop to
  /// another origin keeps.
  convenience init(
    id: Int, request: HTTPRequest, settings: CurlSettings, crossOriginHeaders: [String] = [], budget: Int,
    receiver: any TransferReceiver
  ) throws(CurlCallError) {
    try self.init(
      id: id, request: request, firstSettings: settings, hop: settings, crossOriginHeaders: crossOriginHeaders,
      redirects: 0, budget: budget, receiver: receiver)
  }

  private init(
    id: Int, request: HTTPRequest, firstSettings: CurlSettings, hop: CurlSettings, crossOriginHeaders: [String],
    redirects: Int, budget: Int, receiver: any TransferReceiver
  ) throws(CurlCallError) {
    self.id = id
    self.request = request
    self.budget = budget
    self.idleSeconds = hop.idleSeconds
    self.maximumRedirects = hop.maximumRedirects
    self.firstSettings = firstSettings
    self.crossOriginHeaders = crossOriginHeaders
    self.redirects = redirects
    self.receiver = receiver
    easy = try CurlEasy(hop)
    easy.callbacks = self
  }

  /// The next hop when this one's response redirected: a new transfer of the
  /// same request to the `Location` (resolved against this hop's URL), with every
  /// header on the first URL's origin and only ``crossOriginHeaders`` elsewhere;
  /// a failure for a redirect to anything but http or https, or one too many;
  /// nil when the response did not redirect.
  func followUp() -> Result<Transfer, HTTPError>? {
    guard let location = redirectLocation, failure == nil else { return nil }
    let target = URLReference.resolve(location, against: easy.effectiveURL ?? firstSettings.url)
    let scheme = URLReference.Parts(target).scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else {
      return .failure(
        HTTPError(
          .redirectRefused(location: location), url: request.url,
          message: "redirected to \(Redaction.url(location)), which is not http or https: not followed"))
    }
    guard let origin = URLOrigin(target) else {
      return .failure(HTTPError(.badURL, url: request.url, message: "redirected to \(Redaction.url(location)), which is not a URL"))
    }
    guard redirects < maximumRedirects else {
      return .failure(HTTPError(.tooManyRedirects(maximumRedirects), url: request.url, message: "more than \(maximumRedirects) redirects"))
    }
    var hop = firstSettings
    hop.url = target
    if origin != URLOrigin(firstSettings.url) { hop.headers = crossOriginHeaders }
    do {
      return .success(
        try Transfer(
          id: id, request: request, firstSettings: firstSettings, hop: hop, crossOriginHeaders: crossOriginHeaders,
          redirects: redirects + 1, budget: budget, receiver: receiver))
    } catch {
      return .failure(HTTPError(.client, url: request.url, message: "\(error)"))
    }
  }

  func curlHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
    let text = String(decoding: line, as: UTF8.self).trimmingHTTPSpaces()
    if text.hasPrefix("HTTP/") {
      // A new response: the first, or the next after a redirect or a 100.
      let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
      reason = parts.count > 2 ? String(parts[2]) : ""
      headers = HTTPHeaders()
      redirectLocation = nil
      return true
    }
    if text.isEmpty {
      if (100..<200).contains(status) { return true }
      if let location = headers["Location"], (300..<400).contains(status), status != 304 {
        // The next hop follows it (``followUp()``): the head that counts is its.
        lastLocation = location
        redirectLocation = location
        return true
      }
      let head = HTTPResponseHead(status: status, reason: reason, headers: headers, url: easy.effectiveURL ?? request.url)
      if let length = head.contentLength, length > budget, head.isSuccess {
        failure = tooLarge()
        return false
      }
      self.head = head
      receiver.transferHead(head)
      return true
    }
    guard let colon = text.firstIndex(of: ":") else { return true }
    let name = String(text[..<colon])
    let value = String(text[text.index(after: colon)...]).trimmingHTTPSpaces()
    headers.append(HTTPHeader(name: name, value: value))
    return true
  }

  func curlBody(_ bytes: UnsafeRawBufferPointer) -> CurlBodyAnswer {
    // A redirect's own body is nobody's.
    if redirectLocation != nil { return .took }
    if head == nil {
      let made = HTTPResponseHead(status: easy.responseCode, headers: headers, url: easy.effectiveURL ?? request.url)
      head = made
      receiver.transferHead(made)
    }
    if received + bytes.count > budget {
      failure = tooLarge()
      return .abort
    }
    let answer = receiver.transferBody(bytes)
    switch answer {
    case .took: received += bytes.count
    case .pause: isPaused = true
    case .abort: break
    }
    return answer
  }

  private func tooLarge() -> HTTPError {
    HTTPError(.tooLarge(budget: budget), url: request.url, message: "the response is larger than its budget of \(ByteSize.text(budget))")
  }

  /// The transfer's outcome from libcurl's result `code`, told to the receiver.
  func end(code: Int) {
    receiver.transferEnded(result(code: code))
  }

  private func result(code: Int) -> Result<HTTPResponseHead, HTTPError> {
    if let failure { return .failure(failure) }
    if code == 0 {
      let made = head ?? HTTPResponseHead(status: easy.responseCode, headers: headers, url: easy.effectiveURL ?? request.url)
      if head == nil {
        head = made
        receiver.transferHead(made)
      }
      return .success(made)
    }
    return .failure(error(code: code))
  }

  private func error(code: Int) -> HTTPError {
    let detail = easy.errorDetail
    let url = request.url
    switch Curl.failure(code) {
    case .unsupportedProtocol:
      if let lastLocation {
        return HTTPError(
          .redirectRefused(location: lastLocation), url: url,
          message: "redirected to \(Redaction.url(lastLocation)), which is not http or https: not followed")
      }
      return HTTPError(.badURL, url: url, message: "only http and https URLs are read")
    case .malformedURL:
      return HTTPError(.badURL, url: url, message: "not a URL (\(detail ?? "malformed"))")
    case .tooManyRedirects:
      return HTTPError(.tooManyRedirects(maximumRedirects), url: url, message: "more than \(maximumRedirects) redirects")
    case .timedOut:
      if detail?.hasPrefix("Operation too slow") == true || head != nil {
        return HTTPError(.idleTimeout(seconds: idleSeconds), url: url, message: "nothing received for \(idleSeconds) s")
      }
      return HTTPError(.connectTimeout, url: url, message: "no connection in time (\(detail ?? "timed out"))")
    case .couldNotResolve:
      return HTTPError(.cannotResolve, url: url, message: "could not resolve the host (\(detail ?? "DNS"))")
    case .couldNotConnect:
      return HTTPError(.cannotConnect, url: url, message: "could not connect (\(detail ?? "refused"))")
    case .tls:
      return HTTPError(.tls, url: url, message: "TLS failed: \(detail ?? "certificate refused") (--insecure skips the check)")
    case .writeStopped, .aborted, .other:
      return HTTPError(.transport(code: code), url: url, message: detail ?? "transfer failed (curl error \(code))")
    }
  }
}
