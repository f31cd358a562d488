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
final class Transfer: CurlCallbacks {
  let id: Int
  let request: HTTPRequest
  let easy: CurlEasy
  let receiver: any TransferReceiver
  let budget: Int
  let idleSeconds: Int
  let maximumRedirects: Int

  private var status = 0
  private var reason = ""
  private var headers = HTTPHeaders()
  /// The `Location` of the last redirect seen: a refused redirect names it.
  private var lastLocation: String?
  private(set) var head: HTTPResponseHead?
  private var received = 0
  /// Set when the client stops the transfer itself (budget, cancel).
  var failure: HTTPError?
  var isPaused = false

  init(
    id: Int, request: HTTPRequest, settings: CurlSettings, budget: Int, receiver: any TransferReceiver
  ) throws(CurlCallError) {
    self.id = id
    self.request = request
    self.budget = budget
    self.idleSeconds = settings.idleSeconds
    self.maximumRedirects = settings.maximumRedirects
    self.receiver = receiver
    easy = try CurlEasy(settings)
    easy.callbacks = self
  }

  func curlHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
    let text = String(decoding: line, as: UTF8.self).trimmingHTTPSpaces()
    if text.hasPrefix("HTTP/") {
      // A new response: the first, or the next after a redirect or a 100.
      let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
      reason = parts.count > 2 ? String(parts[2]) : ""
      headers = HTTPHeaders()
      return true
    }
    if text.isEmpty {
      if (100..<200).contains(status) { return true }
      if let location = headers["Location"], (300..<400).contains(status), status != 304 {
        // libcurl follows it: the head that counts is the next one's.
        lastLocation = location
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
