import WaterfallLayout

/// The layout's parameters the command line sets: the scroll direction, the
/// spacing, the insets and per-group column counts (`--direction`,
/// `--column-spacing`, `--row-spacing`, `--insets T,L,B,R`,
/// `--group-columns "Clay=2,Wood=4"`), after CHTCollectionViewWaterfallLayout's.
///
/// ```swift
/// var parameters = LayoutParameters()
/// parameters.insets = try LayoutParameters.insets(from: "1,2,1,2")
/// parameters.groupColumns = try LayoutParameters.groupColumns(from: "Clay=2,Wood=4")
/// parameters.groupColumns["Wood"]   // 4
/// ```
public struct LayoutParameters: Equatable, Sendable {
  public var direction = ScrollDirection.vertical
  /// Columns between cards side by side (rows between rows of cards when horizontal).
  public var columnSpacing = 1
  /// Rows between cards one above the other (columns when horizontal).
  public var rowSpacing = 0
  /// Space around each section's cards.
  public var insets = EdgeInsets.zero
  /// Column counts of the groups named, for `--group-by`.
  public var groupColumns: [String: Int] = [:]

  public init() {}

  /// What is wrong with a parameter's text, said for the command line.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Insets from "T,L,B,R" (or one number for all four), each 0 to 100.
  public static func insets(from text: String) throws -> EdgeInsets {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int(trimmed($0)) }
    guard parts.count == 1 || parts.count == 4, parts.allSatisfy({ $0.map { (0...100).contains($0) } ?? false }) else {
      throw ParseError(description: "'\(text)': give four numbers 0-100 as TOP,LEFT,BOTTOM,RIGHT (or one for all)")
    }
    let v = parts.map { $0! }
    return v.count == 1 ? EdgeInsets(all: v[0]) : EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
  }

  /// Column counts from "NAME=N,NAME=N", each N from 1 to 12; a name may hold
  /// anything but `,` and `=`.
  public static func groupColumns(from text: String) throws -> [String: Int] {
    var result: [String: Int] = [:]
    for pair in text.split(separator: ",") {
      let sides = pair.split(separator: "=", omittingEmptySubsequences: false)
      guard sides.count == 2, !trimmed(sides[0]).isEmpty, let count = Int(trimmed(sides[1])), (1...12).contains(count)
      else {
        throw ParseError(description: "'\(pair)': give GROUP=COLUMNS with 1-12 columns, as in \"Clay=2,Wood=4\"")
      }
      result[String(trimmed(sides[0]))] = count
    }
    return result
  }
}

/// `text` without the spaces and tabs around it (the app does without Foundation).
private func trimmed(_ text: Substring) -> Substring {
  var s = text
  while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
  while let last = s.last, last == " " || last == "\t" { s.removeLast() }
  return s
}
