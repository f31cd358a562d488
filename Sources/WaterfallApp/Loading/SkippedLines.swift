/// The lines a page skipped as bad: the first ``listedLimit`` of them kept to be
/// listed, the rest only counted, so a file of a million bad lines costs twenty.
///
/// ```swift
/// var skipped = SkippedLines()
/// skipped.append(line)
/// skipped.count            // every line skipped
/// skipped.report           // the listed lines, then "… and 1,234 more lines skipped"
/// ```
public struct SkippedLines: Sendable, Equatable {
  /// How many skipped lines are listed at the most.
  public static let listedLimit = 20

  /// The first skipped lines, in order (at most ``listedLimit``).
  public private(set) var listed: [SkippedLine] = []
  /// Every line skipped.
  public private(set) var count = 0

  public init() {}

  public var isEmpty: Bool { count == 0 }

  public mutating func append(_ line: SkippedLine) {
    count += 1
    if listed.count < Self.listedLimit { listed.append(line) }
  }

  public mutating func append(contentsOf other: SkippedLines) {
    for line in other.listed where listed.count < Self.listedLimit { listed.append(line) }
    count += other.count
  }

  /// The lines skipped since `earlier` (this list as it was then).
  public func since(_ earlier: SkippedLines) -> SkippedLines {
    var news = SkippedLines()
    news.listed = Array(listed[earlier.listed.count...])
    news.count = count - earlier.count
    return news
  }

  /// These lines, read from a part of a page that starts on line `line`
  /// (their lines counted from 1 there), placed in the page.
  ///
  /// ```swift
  /// partSkipped.placed(fromLine: 1_001)   // a part's line 2 is the page's line 1,002
  /// ```
  func placed(fromLine line: Int) -> SkippedLines {
    var placed = self
    for i in placed.listed.indices { placed.listed[i].location.line += line - 1 }
    return placed
  }

  /// The lines to print: each listed line, then how many more there were.
  public var report: [String] {
    var lines = listed.map(\.description)
    if count > listed.count { lines.append("… and \((count - listed.count).grouped) more lines skipped") }
    return lines
  }
}
