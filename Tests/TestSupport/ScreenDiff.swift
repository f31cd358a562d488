import Testing

/// Two screens compared row by row, for a failure message that shows where they
/// differ rather than two walls of text.
///
/// Rows that match are shown once, indented; a row that differs is shown twice,
/// `-` for what was expected and `+` for what was drawn, with its row number.
/// Runs of matching rows far from any difference are left out (`⋮`).
///
/// ```swift
/// let diff = ScreenDiff(expected: ["┌──┐", "│a │", "└──┘"], actual: ["┌──┐", "│b │", "└──┘"])
/// print(diff)
/// //     ┌──┐
/// // - 2 │a │
/// // + 2 │b │
/// //     └──┘
/// ```
public struct ScreenDiff: CustomStringConvertible, Sendable {
  public let expected: [String]
  public let actual: [String]

  /// Matching rows shown on each side of a difference.
  public static let context = 2

  public init(expected: [String], actual: [String]) {
    self.expected = expected
    self.actual = actual
  }

  /// Compares two screens given as text, one row a line.
  public init(expected: String, actual: String) {
    self.init(expected: Self.rows(expected), actual: Self.rows(actual))
  }

  /// Whether the screens are the same.
  public var isEmpty: Bool { expected == actual }

  /// The numbers (from 1) of the rows that differ; a row only one screen has
  /// differs.
  public var differingRows: [Int] {
    (0..<max(expected.count, actual.count)).filter { row(expected, $0) != row(actual, $0) }.map { $0 + 1 }
  }

  public var description: String {
    let differing = Set(differingRows.map { $0 - 1 })
    let count = max(expected.count, actual.count)
    let width = String(count).count
    var lines: [String] = []
    var skipped = false
    for y in 0..<count {
      if differing.contains(y) {
        let number = String(repeating: " ", count: width - String(y + 1).count) + String(y + 1)
        if y < expected.count { lines.append("- \(number) \(expected[y])") }
        if y < actual.count { lines.append("+ \(number) \(actual[y])") }
        skipped = false
      } else if differing.contains(where: { abs($0 - y) <= Self.context }) {
        lines.append("  " + String(repeating: " ", count: width) + " " + expected[y])
        skipped = false
      } else if !skipped {
        lines.append("⋮")
        skipped = true
      }
    }
    return lines.joined(separator: "\n")
  }

  private func row(_ rows: [String], _ y: Int) -> String? {
    y < rows.count ? rows[y] : nil
  }

  /// The rows of `text`: one a line.
  static func rows(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}

/// Expects `actual` to be the screen `expected`; when it is not, the failure
/// shows a ``ScreenDiff``.
///
/// ```swift
/// expectScreen(buffer.lines, equals: ["┌──┐", "│a │", "└──┘"])
/// ```
public func expectScreen(
  _ actual: [String], equals expected: [String], _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let diff = ScreenDiff(expected: expected, actual: actual)
  guard !diff.isEmpty else { return }
  let what = comment.map { "\($0): " } ?? ""
  Issue.record("\(what)the screens differ (- expected, + drawn):\n\(diff)", sourceLocation: sourceLocation)
}

/// ``expectScreen(_:equals:_:sourceLocation:)`` for screens given as text, one row
/// a line.
public func expectScreen(
  _ actual: String, equals expected: String, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectScreen(ScreenDiff.rows(actual), equals: ScreenDiff.rows(expected), comment, sourceLocation: sourceLocation)
}
