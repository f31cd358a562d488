import WaterfallLayout
import WaterfallView

/// The search's matches in the details: the characters it matched are marked
/// as on the cards (a term with `field:` only in that field's values), and the
/// details open with the cursor on the first value that holds a match,
/// scrolled to show it.
///
/// ```swift
/// var details = DetailsView(item: 7, value: value)
/// details.highlight = SearchQuery("maker:clay")
/// details.revealFirstMatch(in: rect)   // the cursor on `maker`, in view
/// ```
extension DetailsView {
  /// The dotted path of each tree row's value (`tags`, `size.w`), as the
  /// search names fields: an array's elements share their array's.
  static func paths(of rows: [DetailsTree.Row]) -> [String] {
    var stack: [String] = []
    return rows.map { row in
      stack.removeLast(max(0, stack.count - row.depth))
      let parent = stack.last ?? ""
      let path = row.key.isEmpty ? parent : parent.isEmpty ? row.key : parent + "." + row.key
      stack.append(path)
      return path
    }
  }

  /// The glyphs of `line` the search marks (indices into its value's glyphs),
  /// none without a search or for a note.
  func marks(in line: Line) -> [Int] {
    guard let highlight, let path = line.path else { return [] }
    let glyphs = DisplayText.glyphs(of: line.value)
    guard line.valueStart < glyphs.count else { return [] }
    let text = FoldedText(units: glyphs[line.valueStart...].map(\.scalar))
    return highlight.highlights(in: text, fields: [path]).map { $0 + line.valueStart }
  }

  /// Draws the marked glyphs of `line` (drawn at `point` in `style`) again, marked.
  func drawMatches(of line: Line, in canvas: any Canvas, at point: Point, style: Style, theme: CardTheme, clip: Rect) {
    let found = marks(in: line)
    guard !found.isEmpty else { return }
    CardHighlight.draw(found, of: DisplayText.glyphs(of: line.value), in: canvas, at: point, style: style, match: theme.matchStyle, clip: clip)
  }

  /// Puts the cursor on the first value that holds a match and scrolls to
  /// show it; nothing without a search or a match.
  mutating func revealFirstMatch(in rect: Rect) {
    guard highlight != nil else { return }
    let all = lines(width: Self.inside(rect).width)
    guard let line = all.first(where: { !marks(in: $0).isEmpty }), let row = line.row else { return }
    moveCursor(to: row, in: rect)
  }
}
