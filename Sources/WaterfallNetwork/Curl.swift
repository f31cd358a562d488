import CCurl

#if canImport(Glibc)
  import Glibc
#endif

// The one file that calls libcurl. Everything else in the module meets libcurl
// through the types here: `CurlEasy` (one transfer's handle), `CurlMulti` (the
// multi interface, driven by the client's thread) and `CurlCallbacks` (what a
// transfer's header and body callbacks are handed to). A failed call throws a
// `CurlCallError` naming it.

/// A libcurl call that returned an error.
///
/// ```swift
/// throw CurlCallError(call: "curl_easy_setopt(CURLOPT_URL)", code: 3, message: "URL using bad/illegal format")
/// ```
struct CurlCallError: Error, CustomStringConvertible {
  var call: String
  var code: Int
  var message: String
  var description: String { "\(call) failed: \(message) (\(code))" }
}

/// What a transfer's body callback answers libcurl.
enum CurlBodyAnswer {
  /// The bytes were taken.
  case took
  /// Nothing was taken: keep the bytes and stop reading until resumed.
  case pause
  /// Stop the transfer (it ends with a write error).
  case abort
}

/// Receives one transfer's callbacks, on the thread that drives the multi handle.
protocol CurlCallbacks: AnyObject {
  /// One header line as it came, CRLF included; false aborts the transfer.
  func curlHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool
  /// Some of the body, decoded (decompressed).
  func curlBody(_ bytes: UnsafeRawBufferPointer) -> CurlBodyAnswer
}

/// libcurl's process-wide set-up, done once before the first handle.
enum Curl {
  private static let initialized: Bool = curl_global_init(cc_global_all()) == CURLE_OK

  /// Sets libcurl up (thread-safe; once); throws when it could not be.
  static func setUp() throws(CurlCallError) {
    guard initialized else { throw CurlCallError(call: "curl_global_init", code: -1, message: "libcurl could not start") }
  }

  /// libcurl's words for `code`.
  static func describe(_ code: CURLcode) -> String {
    String(cString: curl_easy_strerror(code))
  }

  /// The error codes the client tells apart.
  enum Failure {
    case couldNotResolve, couldNotConnect, timedOut, tooManyRedirects, unsupportedProtocol, tls, writeStopped
    case aborted, malformedURL, other
  }

  /// Which of ``Failure`` `code` is.
  static func failure(_ code: Int) -> Failure {
    switch CURLcode(UInt32(truncatingIfNeeded: code)) {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .couldNotResolve
    case CURLE_COULDNT_CONNECT: return .couldNotConnect
    case CURLE_OPERATION_TIMEDOUT: return .timedOut
    case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
    case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedProtocol
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE:
      return .tls
    case CURLE_WRITE_ERROR: return .writeStopped
    case CURLE_ABORTED_BY_CALLBACK: return .aborted
    case CURLE_URL_MALFORMAT: return .malformedURL
    default: return .other
    }
  }
}

/// The settings a ``CurlEasy`` takes, as plain values.
struct CurlSettings {
  var url: String
  var headers: [String]
  var userAgent: String
  var connectTimeoutMilliseconds: Int
  /// A transfer slower than one byte a second for this long ends (0: never).
  var idleSeconds: Int
  var maximumRedirects: Int
  var netrc: Bool
  var netrcFile: String?
  var insecure: Bool
  /// nil: libcurl's default (the environment's `http_proxy`, `https_proxy`, `no_proxy`).
  var proxy: String?
  var verbose = false
}

/// One transfer's easy handle, set up from ``CurlSettings``; its callbacks go to a
/// ``CurlCallbacks`` held weakly.
final class CurlEasy {
  let handle: UnsafeMutableRawPointer
  private var headerList: UnsafeMutablePointer<curl_slist>?
  private let errorBuffer: UnsafeMutablePointer<CChar>
  weak var callbacks: (any CurlCallbacks)?

  init(_ settings: CurlSettings) throws(CurlCallError) {
    try Curl.setUp()
    guard let handle = curl_easy_init() else {
      throw CurlCallError(call: "curl_easy_init", code: -1, message: "no handle")
    }
    self.handle = handle
    let size = Int(cc_error_size())
    errorBuffer = .allocate(capacity: size)
    errorBuffer.initialize(repeating: 0, count: size)
    try configure(settings)
  }

  deinit {
    curl_easy_cleanup(handle)
    if let headerList { curl_slist_free_all(headerList) }
    errorBuffer.deallocate()
  }

  private func configure(_ s: CurlSettings) throws(CurlCallError) {
    try check("CURLOPT_ERRORBUFFER", cc_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
    try set(CURLOPT_URL, "CURLOPT_URL", s.url)
    // Only http and https, also after a redirect: never file://, ftp:// or the rest.
    try set(CURLOPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR", "http,https")
    try set(CURLOPT_REDIR_PROTOCOLS_STR, "CURLOPT_REDIR_PROTOCOLS_STR", "http,https")
    // Redirects are followed by the client, hop by hop (`Transfer.followUp()`), so
    // that the user's headers never go on to another origin.
    try set(CURLOPT_FOLLOWLOCATION, "CURLOPT_FOLLOWLOCATION", 0)
    try set(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL", 1)
    try set(CURLOPT_ACCEPT_ENCODING, "CURLOPT_ACCEPT_ENCODING", "")
    try set(CURLOPT_HTTP_VERSION, "CURLOPT_HTTP_VERSION", cc_http_version_2tls())
    try set(CURLOPT_USERAGENT, "CURLOPT_USERAGENT", s.userAgent)
    try set(CURLOPT_CONNECTTIMEOUT_MS, "CURLOPT_CONNECTTIMEOUT_MS", s.connectTimeoutMilliseconds)
    if s.idleSeconds > 0 {
      try set(CURLOPT_LOW_SPEED_LIMIT, "CURLOPT_LOW_SPEED_LIMIT", 1)
      try set(CURLOPT_LOW_SPEED_TIME, "CURLOPT_LOW_SPEED_TIME", s.idleSeconds)
    }
    if s.netrc {
      try set(CURLOPT_NETRC, "CURLOPT_NETRC", cc_netrc_optional())
      if let file = s.netrcFile { try set(CURLOPT_NETRC_FILE, "CURLOPT_NETRC_FILE", file) }
    }
    if s.insecure {
      try set(CURLOPT_SSL_VERIFYPEER, "CURLOPT_SSL_VERIFYPEER", 0)
      try set(CURLOPT_SSL_VERIFYHOST, "CURLOPT_SSL_VERIFYHOST", 0)
    }
    if let proxy = s.proxy { try set(CURLOPT_PROXY, "CURLOPT_PROXY", proxy) }
    if s.verbose { try set(CURLOPT_VERBOSE, "CURLOPT_VERBOSE", 1) }
    for header in s.headers { headerList = curl_slist_append(headerList, header) }
    if let headerList { try check("CURLOPT_HTTPHEADER", cc_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)) }

    let me = Unmanaged.passUnretained(self).toOpaque()
    try check("CURLOPT_WRITEDATA", cc_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me))
    try check("CURLOPT_HEADERDATA", cc_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me))
    try check("CURLOPT_WRITEFUNCTION", cc_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, curlWrite))
    try check("CURLOPT_HEADERFUNCTION", cc_easy_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, curlHeader))
  }

  private func set(_ option: CURLoption, _ name: String, _ value: Int) throws(CurlCallError) {
    try check(name, cc_easy_setopt_long(handle, option, value))
  }

  private func set(_ option: CURLoption, _ name: String, _ value: String) throws(CurlCallError) {
    // libcurl copies string options.
    try check(name, cc_easy_setopt_string(handle, option, value))
  }

  private func check(_ option: String, _ code: CURLcode) throws(CurlCallError) {
    guard code == CURLE_OK else {
      throw CurlCallError(call: "curl_easy_setopt(\(option))", code: Int(code.rawValue), message: Curl.describe(code))
    }
  }

  /// Lets a paused transfer read again (call on the multi's thread).
  func resume() throws(CurlCallError) {
    let code = curl_easy_pause(handle, cc_pause_continue())
    guard code == CURLE_OK else {
      throw CurlCallError(call: "curl_easy_pause", code: Int(code.rawValue), message: Curl.describe(code))
    }
  }

  /// The last response's status code (0 before one).
  var responseCode: Int {
    var code = 0
    _ = cc_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
    return code
  }

  /// The URL the transfer ended at, after redirects.
  var effectiveURL: String? {
    var pointer: UnsafeMutablePointer<CChar>?
    guard cc_easy_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &pointer) == CURLE_OK, let pointer else { return nil }
    return String(cString: pointer)
  }

  /// The HTTP version of the last response: 1 (1.0 or 1.1), 2 or 3; 0 unknown.
  var httpVersion: Int {
    var version = 0
    _ = cc_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
    switch version {
    case Int(CURL_HTTP_VERSION_1_0), Int(CURL_HTTP_VERSION_1_1): return 1
    case Int(CURL_HTTP_VERSION_2_0): return 2
    case Int(CURL_HTTP_VERSION_3): return 3
    default: return 0
    }
  }

  /// libcurl's detailed words on the last failure, or nil.
  var errorDetail: String? {
    let text = String(cString: errorBuffer)
    return text.isEmpty ? nil : text
  }
}

private func curlWrite(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
  guard let user else { return 0 }
  let easy = Unmanaged<CurlEasy>.fromOpaque(user).takeUnretainedValue()
  let length = size * count
  guard let callbacks = easy.callbacks else { return 0 }
  switch callbacks.curlBody(UnsafeRawBufferPointer(start: data, count: length)) {
  case .took: return length
  case .pause: return cc_write_pause()
  case .abort: return 0
  }
}

private func curlHeader(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
  guard let user else { return 0 }
  let easy = Unmanaged<CurlEasy>.fromOpaque(user).takeUnretainedValue()
  let length = size * count
  guard let callbacks = easy.callbacks else { return 0 }
  return callbacks.curlHeaderLine(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// The multi interface: transfers added and removed, driven by one thread with
/// ``perform()`` and ``poll(milliseconds:)``, woken from others by ``wakeUp()``.
final class CurlMulti: @unchecked Sendable {
  private let handle: UnsafeMutableRawPointer

  /// - Parameters:
  ///   - connectionsPerHost: the most connections open to one host at once;
  ///     transfers beyond it wait inside libcurl.
  init(connectionsPerHost: Int, connectionCache: Int) throws(CurlCallError) {
    try Curl.setUp()
    guard let handle = curl_multi_init() else { throw CurlCallError(call: "curl_multi_init", code: -1, message: "no handle") }
    self.handle = handle
    try check("curl_multi_setopt(CURLMOPT_MAX_HOST_CONNECTIONS)", cc_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, connectionsPerHost))
    try check("curl_multi_setopt(CURLMOPT_MAXCONNECTS)", cc_multi_setopt_long(handle, CURLMOPT_MAXCONNECTS, connectionCache))
    try check("curl_multi_setopt(CURLMOPT_PIPELINING)", cc_multi_setopt_long(handle, CURLMOPT_PIPELINING, cc_pipe_multiplex()))
  }

  deinit {
    curl_multi_cleanup(handle)
  }

  private func check(_ call: String, _ code: CURLMcode) throws(CurlCallError) {
    guard code == CURLM_OK else {
      throw CurlCallError(call: call, code: Int(code.rawValue), message: String(cString: curl_multi_strerror(code)))
    }
  }

  func add(_ easy: CurlEasy) throws(CurlCallError) {
    try check("curl_multi_add_handle", curl_multi_add_handle(handle, easy.handle))
  }

  func remove(_ easy: CurlEasy) {
    _ = curl_multi_remove_handle(handle, easy.handle)
  }

  /// Moves every transfer along as far as it can without waiting; returns how many
  /// are still running.
  @discardableResult
  func perform() throws(CurlCallError) -> Int {
    var running: Int32 = 0
    try check("curl_multi_perform", curl_multi_perform(handle, &running))
    return Int(running)
  }

  /// Waits until a transfer has something to do, ``wakeUp()`` is called, or
  /// `milliseconds` pass.
  func poll(milliseconds: Int) throws(CurlCallError) {
    try check("curl_multi_poll", curl_multi_poll(handle, nil, 0, Int32(milliseconds), nil))
  }

  /// Ends a ``poll(milliseconds:)`` under way (callable from any thread).
  func wakeUp() {
    _ = curl_multi_wakeup(handle)
  }

  /// The transfers that ended since the last call: their handles and result codes
  /// (0: success).
  func finished() -> [(handle: UnsafeMutableRawPointer, code: Int)] {
    var done: [(UnsafeMutableRawPointer, Int)] = []
    var left: Int32 = 0
    while let message = curl_multi_info_read(handle, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
      done.append((easy, Int(message.pointee.data.result.rawValue)))
    }
    return done
  }
}
