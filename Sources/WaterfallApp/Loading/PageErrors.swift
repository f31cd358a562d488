/// The errors that stopped pages: the first ``listedLimit`` kept to be listed,
/// the rest only counted, so a folder of a million unreadable pages costs twenty
/// (as ``SkippedLines`` does for bad lines).
///
/// ```swift
/// var errors = PageErrors()
/// errors.append(.unreadable(path: "a.jsonl", reason: "Permission denied"))
/// errors.count     // every error met
/// errors.report    // the listed errors, then "… and 1,234 more pages stopped by errors"
/// ```
public struct PageErrors: Sendable {
  /// How many errors are listed at the most.
  public static let listedLimit = 20

  /// The first errors, in the order met (at most ``listedLimit``).
  public private(set) var listed: [LoadError] = []
  /// Every error met.
  public private(set) var count = 0

  public init() {}

  public var isEmpty: Bool { count == 0 }

  /// The first error met, if any.
  public var first: LoadError? { listed.first }

  public mutating func append(_ error: LoadError) {
    count += 1
    if listed.count < Self.listedLimit { listed.append(error) }
  }

  /// Forgets the last error met: its page is being read again (a feed's page
  /// retried by `r`).
  public mutating func removeLast() {
    guard count > 0 else { return }
    if listed.count == count { listed.removeLast() }
    count -= 1
  }

  /// The lines to print: each listed error, then how many more there were.
  public var report: [String] {
    var lines = listed.map(\.description)
    if count > listed.count { lines.append("… and \((count - listed.count).grouped) more pages stopped by errors") }
    return lines
  }
}
