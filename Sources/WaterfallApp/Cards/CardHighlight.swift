import WaterfallLayout
import WaterfallView

/// The characters a search matched on a card, found again in the card's lines
/// as drawn (each line on its own, so a match a wrap cuts is not marked).
///
/// A term with `field:` marks only the lines that show that field (the title's
/// lines for `title:`, as ``FieldRoles`` names them); other terms mark any line.
///
/// ```swift
/// let highlight = CardHighlight(query: SearchQuery("mg"), roles: FieldRoles())
/// highlight.marks(in: DisplayText.glyphs(of: "Mug"), fields: highlight.roles.title)   // [0, 2]
/// ```
struct CardHighlight: Equatable {
  /// Marked glyph indices per line of a card.
  struct Marks: Equatable {
    var title: [Int: [Int]] = [:]
    var subtitle: [Int] = []
    var tags: [Int] = []
    var text: [Int: [Int]] = [:]
    /// In the sort field's value.
    var sortLine: [Int] = []
    /// In the values of the `key: value` lines, by line.
    var fields: [Int: [Int]] = [:]

    /// Whether no line shows a matched character.
    var isEmpty: Bool {
      title.isEmpty && subtitle.isEmpty && tags.isEmpty && text.isEmpty && sortLine.isEmpty && fields.isEmpty
    }
  }

  var query: SearchQuery
  var roles: FieldRoles

  static func == (a: CardHighlight, b: CardHighlight) -> Bool { a.query == b.query }

  /// The glyphs of `line` to mark, for a line showing `fields`.
  func marks(in line: [Glyph], fields: [String]) -> [Int] {
    let names = fields.flatMap { $0.split(separator: FieldRoles.joiner).map(String.init) }
    return query.highlights(in: FoldedText(units: line.map(\.scalar)), fields: names)
  }

  /// The marks for every line of a card.
  func marks(for lines: CardCell.Lines) -> Marks {
    var marks = Marks()
    for (i, line) in lines.title.enumerated() {
      let found = self.marks(in: line, fields: roles.title)
      if !found.isEmpty { marks.title[i] = found }
    }
    if let subtitle = lines.subtitle { marks.subtitle = self.marks(in: subtitle, fields: roles.subtitle) }
    if let tags = lines.tags { marks.tags = self.marks(in: tags, fields: roles.tags) }
    for (i, line) in lines.text.enumerated() {
      let found = self.marks(in: line, fields: roles.text)
      if !found.isEmpty { marks.text[i] = found }
    }
    if let sort = lines.sortLine { marks.sortLine = self.marks(in: sort.value, fields: [Self.name(of: sort.key)]) }
    for (i, field) in lines.fields.enumerated() {
      let found = self.marks(in: field.value, fields: [Self.name(of: field.key)])
      if !found.isEmpty { marks.fields[i] = found }
    }
    return marks
  }

  /// A `key: ` line's key without its `: `, as the search names the field.
  static func name(of key: [Glyph]) -> String {
    String(String.UnicodeScalarView(key.dropLast(2).map(\.scalar)))
  }

  /// Draws the glyphs `marks` of `line` (drawn at `point` in `style`) again,
  /// with `match` over their style (by default underlined and bold: the
  /// theme's ``CardTheme/matchStyle``).
  static func draw(
    _ marks: [Int], of line: [Glyph], in canvas: any Canvas, at point: Point, style: Style,
    match: Style = Style(attributes: [.underline, .bold]), clip: Rect
  ) {
    var x = point.x
    var next = 0
    for (i, glyph) in line.enumerated() {
      guard next < marks.count else { break }
      if marks[next] == i {
        canvas.put([glyph], at: Point(x: x, y: point.y), style: style.overlaid(by: match), clip: clip)
        next += 1
      }
      x += glyph.width
    }
  }
}
