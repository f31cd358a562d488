/// The program's version: what `waterfall --version` prints and the user agent
/// of its HTTP requests (`waterfall/0.1.0`) both come from here.
///
/// ```swift
/// WaterfallVersion.number      // "0.1.0"
/// WaterfallVersion.userAgent   // "waterfall/0.1.0"
/// ```
public enum WaterfallVersion {
  public static let number = "0.1.0"
  /// The `User-Agent` of every request the program makes.
  public static var userAgent: String { "waterfall/\(number)" }
}
