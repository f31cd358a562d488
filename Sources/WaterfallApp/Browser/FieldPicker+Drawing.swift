import WaterfallLayout
import WaterfallView

/// The field picker's box, drawn over the cards as the `?` screen is: what is
/// typed, then a row a field (its name, its kind, how many items have it),
/// the selected one in reverse video and the letters typed underlined.
///
/// ```
/// ┏━ Sort by ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
/// ┃ › pr▏                         3 of 6 fields ┃
/// ┃   field            kind              items ┃
/// ┃ ▸ price ↑          number              764 ┃
/// ┃   properties       object               12 ┃
/// ┃   shipping_rate    number              401 ┃
/// ┗━━━━━━━━━━━━━━━━━━━━ Enter sort · S reverse · Esc ┛
/// ```
extension FieldPicker {
  /// The widest a field's name is drawn.
  static let widestName = 40

  /// The box on a screen of `size` (the status bar's row left free).
  func rect(for size: Size) -> Rect {
    // As wide for every text typed: the box does not jump as the list narrows.
    let names = (survey?.fields ?? []).map { DisplayText.width(of: $0.name) + 2 }.max() ?? 0
    let inner = max(40, min(Self.widestName, names) + 2 + 8 + 2 + 9, DisplayText.width(of: hint) + 2)
    let width = min(size.width, inner + 4)
    let listRows = max(1, (survey?.fields.count ?? 0) + (purpose == .sort ? 1 : 0))
    let height = min(max(0, size.height - 1), listRows + 4)
    return Rect(x: (size.width - width) / 2, y: max(0, (size.height - 1 - height) / 2), width: width, height: height)
  }

  /// How many rows of fields the box shows on a screen of `size`.
  func visibleRows(in size: Size) -> Int { max(1, rect(for: size).height - 4) }

  /// The box's title.
  var title: String { purpose == .sort ? " Sort by " : " Count the values of " }

  /// What the bottom border says.
  var hint: String { purpose == .sort ? " Enter sort · S reverse · Esc " : " Enter count · Esc " }

  /// A row's name as listed: the field's, with `↑` or `↓` after the one the
  /// cards are sorted by.
  func label(of row: Row, sort: SortOrder?) -> String {
    switch row {
    case .dataOrder: return "(the data's order)" + (sort?.field == nil && sort?.descending == true ? " ↓" : "")
    case .field(let field):
      guard let sort, sort.field == field.name else { return field.name }
      return field.name + (sort.descending ? " ↓" : " ↑")
    }
  }

  /// Draws the box over a screen of `size`; `sort` is the cards' order (its
  /// field is marked), `progress` how far the survey is ("45%").
  func draw(in canvas: any Canvas, size: Size, theme: CardTheme, sort: SortOrder?, progress: String?) {
    let rect = rect(for: size)
    guard rect.width >= 8, rect.height >= 3 else { return }
    let ascii = theme.border == .ascii
    canvas.fill(rect, with: " ")
    canvas.drawBox(rect, lines: theme.selectedBorder, style: theme.selectedBorderStyle)
    canvas.put(title, at: Point(x: rect.minX + 2, y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    let hintText = ascii ? hint.asciiArrows : hint
    canvas.put(
      hintText, at: Point(x: max(rect.minX + 1, rect.maxX - 2 - DisplayText.width(of: hintText)), y: rect.maxY - 1),
      style: theme.selectedBorderStyle, clip: rect)
    let inner = rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
    // What is typed, and how many fields it leaves.
    let prompt = (ascii ? "> " : "› ") + query
    let cursorX = inner.minX + canvas.put(prompt, at: Point(x: inner.minX, y: inner.minY), style: theme.textStyle.with(attributes: .bold), clip: inner)
    canvas.put(ascii ? "_" : "▏", at: Point(x: cursorX, y: inner.minY), style: theme.secondaryStyle, clip: inner)
    if let survey {
      let fields = rows.filter { $0.name != nil }.count
      let count = query.isEmpty ? Self.count(survey.fields.count, "field") : "\(fields) of \(Self.count(survey.fields.count, "field"))"
      canvas.put(count, at: Point(x: inner.maxX - DisplayText.width(of: count), y: inner.minY), style: theme.secondaryStyle, clip: inner)
    }
    guard inner.height >= 2 else { return }
    let countWidth = 9
    let kindWidth = 8
    let nameWidth = max(1, inner.width - 2 - countWidth - kindWidth - 2)
    let header = inner.minY + 1
    func columns(_ name: String, _ kind: String, _ count: String, y: Int, style: Style) {
      canvas.put(TextWrapper.truncate(name, width: nameWidth), at: Point(x: inner.minX + 2, y: y), style: style, clip: inner)
      canvas.put(kind, at: Point(x: inner.minX + 2 + nameWidth + 2, y: y), style: style, clip: inner)
      canvas.put(count, at: Point(x: inner.maxX - DisplayText.width(of: count), y: y), style: style, clip: inner)
    }
    columns("field", "kind", "items", y: header, style: theme.secondaryStyle.with(attributes: .underline))
    let list = Rect(x: inner.minX, y: header + 1, width: inner.width, height: max(0, inner.maxY - header - 1))
    guard list.height > 0 else { return }
    guard let survey else {
      canvas.put("reading the fields…" + (progress.map { " " + $0 } ?? ""), at: list.origin, style: theme.secondaryStyle, clip: list)
      return
    }
    if rows.isEmpty {
      canvas.put(survey.fields.isEmpty ? "no fields: the items are not objects" : "no field matches", at: list.origin, style: theme.secondaryStyle, clip: list)
      return
    }
    let marker = FieldPicker.Marker(query)
    for (offset, row) in rows.dropFirst(top).prefix(list.height).enumerated() {
      let index = top + offset
      let y = list.minY + offset
      let isSelected = index == selected
      let style = isSelected ? theme.textStyle.with(attributes: [.reverse, .bold]) : theme.textStyle
      if isSelected { canvas.fill(Rect(x: list.minX, y: y, width: list.width, height: 1), with: " ", style: style, clip: list) }
      canvas.put(isSelected ? (ascii ? ">" : "▸") : " ", at: Point(x: list.minX, y: y), style: style, clip: list)
      switch row {
      case .dataOrder:
        columns(label(of: row, sort: sort), "", "", y: y, style: isSelected ? style : theme.secondaryStyle)
      case .field(let field):
        let name = TextWrapper.truncate(label(of: row, sort: sort), width: nameWidth)
        columns(name, field.kind.label, field.count.grouped, y: y, style: style)
        let glyphs = DisplayText.glyphs(of: name)
        let marks = marker.marks(in: glyphs)
        if !marks.isEmpty {
          CardHighlight.draw(marks, of: glyphs, in: canvas, at: Point(x: list.minX + 2, y: y), style: style, match: theme.matchStyle, clip: list)
        }
      }
    }
  }

  /// `1 field`, `1,200 fields`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number.grouped) \(noun)\(number == 1 ? "" : "s")"
  }

  /// The letters of a name that what is typed matched: where it holds the
  /// text as typed, those; else its letters in order (as ``FieldSurvey/matching(_:)``).
  struct Marker {
    var exact: SearchTerm?
    var fuzzy: SearchTerm?

    init(_ typed: String) {
      guard !typed.isEmpty else { return }
      exact = SearchTerm(kind: .exact, needle: typed)
      fuzzy = SearchTerm(kind: .fuzzy, needle: typed)
    }

    /// The indices of `glyphs` to mark.
    func marks(in glyphs: [Glyph]) -> [Int] {
      guard let exact, let fuzzy else { return [] }
      let text = FoldedText(units: glyphs.map(\.scalar))
      guard let positions = exact.match(text) ?? fuzzy.match(text) else { return [] }
      return text.units(of: positions)
    }
  }
}
