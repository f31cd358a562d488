import ArgumentParser
import WaterfallApp
import WaterfallNetwork

/// Options for a feed read over HTTP (`waterfall https://…`), written as curl
/// users write them (`-H`, `--netrc`, `-k`, `-A`, `--connect-timeout`), and how
/// its pages follow each other (`--next`, `--next-param`, `--page-param`; by
/// default the `Link: rel="next"` header).
///
/// ```swift
/// let settings = try httpOptions.settings(memoryLimit: limit)   // FeedSettings for SourceResolver
/// httpOptions.apply(to: &options, source: source)              // pictures fetched, --insecure's warning
/// ```
struct HTTPOptions: ParsableArguments {
  @Option(
    name: [.customShort("H"), .customLong("http-header")],
    help: ArgumentHelp("A header sent with the feed's requests, as curl's -H: 'Authorization: Bearer …' (repeatable); only to the feed's own host, never to another.", valueName: "header"))
  var headers: [String] = []
  @Flag(help: "Log in with ~/.netrc (as curl --netrc).")
  var netrc = false
  @Option(help: ArgumentHelp("Log in with this netrc file instead of ~/.netrc.", valueName: "file"))
  var netrcFile: String?
  @Flag(name: [.customShort("k"), .long], help: "Do not check the server's TLS certificate (as curl -k); the status bar keeps saying so.")
  var insecure = false
  @Option(name: [.customShort("A"), .long], help: ArgumentHelp("The User-Agent sent (default: waterfall/VERSION).", valueName: "name"))
  var userAgent: String?
  @Option(help: ArgumentHelp("The most seconds a connection may take to open, TLS included (default 15).", valueName: "seconds"))
  var connectTimeout: Double?
  @Option(help: ArgumentHelp("Give up a response that sends nothing for this many seconds (default 30; 0: never).", valueName: "seconds"))
  var idleTimeout: Int?
  @Option(help: ArgumentHelp("Where a page's JSON body names the next page: a pointer (/next, /links/next) to its URL, or to a cursor with --next-param.", valueName: "pointer"))
  var next: String?
  @Option(help: ArgumentHelp("Put the cursor --next finds in the feed's URL as this query parameter (?NAME=cursor).", valueName: "name"))
  var nextParam: String?
  @Option(help: ArgumentHelp("Page with this query parameter counting from 1 (?NAME=1, ?NAME=2, …) until a page has no items.", valueName: "name"))
  var pageParam: String?

  func validate() throws {
    for header in headers {
      do { _ = try HTTPHeader(parsing: header) } catch { throw ValidationError(error.description) }
    }
    if let next {
      do { _ = try JSONPath(next) } catch { throw ValidationError("--next \(error.description)") }
    }
    if nextParam != nil, next == nil { throw ValidationError("--next-param needs --next: the pointer to the cursor in each page") }
    if pageParam != nil, next != nil { throw ValidationError("--page-param and --next cannot be used together") }
    for (option, name) in [("--next-param", nextParam), ("--page-param", pageParam)] {
      if let name, name.isEmpty { throw ValidationError("\(option) takes a query parameter's name") }
    }
    if let connectTimeout, !(connectTimeout > 0 && connectTimeout <= 3600) {
      throw ValidationError("--connect-timeout must be between 0 and 3600 seconds")
    }
    if let idleTimeout, !(0...86_400).contains(idleTimeout) { throw ValidationError("--idle-timeout must be between 0 and 86400 seconds") }
  }

  /// How the feed is fetched (validate() checked every value); a response may
  /// have at most `memoryLimit` bytes.
  func settings(memoryLimit: MemoryLimit) -> FeedSettings {
    var settings = FeedSettings()
    settings.headers = headers.compactMap { try? HTTPHeader(parsing: $0) }
    settings.client.usesNetrc = netrc || netrcFile != nil
    settings.client.netrcFile = netrcFile
    settings.client.insecure = insecure
    if let userAgent { settings.client.userAgent = userAgent }
    if let connectTimeout { settings.client.connectTimeoutMilliseconds = Int(connectTimeout * 1000) }
    if let idleTimeout { settings.client.idleTimeoutSeconds = idleTimeout }
    settings.client.byteBudget = memoryLimit.bytes
    if let pageParam {
      settings.paging = .pageNumber(parameter: pageParam)
    } else if let next, let path = try? JSONPath(next) {
      settings.paging = .body(path, parameter: nextParam)
    }
    return settings
  }

  /// The browser's options for data from `source`: a feed fetches its pictures
  /// (its host's with its headers, others without), and `--insecure` is said
  /// in the status bar for as long as it runs.
  func apply(to options: inout Browser.Options, source: any ItemSource) {
    guard let feed = source as? HTTPFeedSource else { return }
    options.remotePictures = feed.pictureOptions(options.remotePictures)
    if insecure { options.warning = "TLS not checked (--insecure)" }
  }
}
