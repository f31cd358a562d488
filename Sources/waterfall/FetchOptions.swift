import ArgumentParser
import WaterfallApp
import WaterfallNetwork

/// The browser's options for pictures named by URL: `--fetch-pictures` and
/// `--cache-size` (not `render`'s, which reads no network).
///
/// ```swift
/// var options = Browser.Options()
/// fetchOptions.apply(to: &options)   // options.remotePictures.fetches after --fetch-pictures
/// ```
struct FetchOptions: ParsableArguments {
  @Flag(help: "Fetch pictures named by URL (http, https), at most 6 at once per host, and keep them in $XDG_CACHE_HOME/waterfall (else ~/.cache/waterfall). Off for local data: a picture URL tells its server the file was opened.")
  var fetchPictures = false

  @Option(help: ArgumentHelp("The most disk the pictures fetched by URL keep: 512M (the default), 2G; 0 keeps none on disk.", valueName: "size"))
  var cacheSize: String?

  func validate() throws {
    if let cacheSize, ByteSize.parse(cacheSize) == nil {
      throw ValidationError("--cache-size takes a size such as 512M or 2G, not '\(cacheSize)'")
    }
  }

  func apply(to options: inout Browser.Options) {
    options.remotePictures.fetches = fetchPictures
    if let bytes = cacheSize.flatMap(ByteSize.parse) { options.remotePictures.cacheBytes = bytes }
  }
}
