import WaterfallLayout
import WaterfallView

/// One item as one row of the `table` layout: its values in the table's
/// columns (``TableColumns``), each cut with `…` to its column's width (the
/// last column to the row's end), numbers aligned right; the selected row in
/// reverse video, its value in the current column underlined.
///
/// The row is as wide as the table; the view shows the part scrolled to.
///
/// ```swift
/// let row = view.dequeueReusableCell(withIdentifier: TableRowCell.identifier, for: indexPath) as! TableRowCell
/// row.configure(content: store.content(at: item), columns: table, theme: theme)
/// ```
final class TableRowCell: Cell {
  static let identifier = "table-row"

  private(set) var content = CardContent(title: "")
  private(set) var columns = TableColumns(contents: [], roles: FieldRoles())
  var theme = CardTheme.unicode
  /// The row's values for its content and columns, made once.
  private var values: [String]?

  required init(reuseIdentifier: String) {
    super.init(reuseIdentifier: reuseIdentifier)
  }

  override func prepareForReuse() {
    values = nil
  }

  func configure(content: CardContent, columns: TableColumns, theme: CardTheme) {
    if content != self.content || columns.columns.map(\.source) != self.columns.columns.map(\.source) { values = nil }
    self.content = content
    self.columns = columns
    self.theme = theme
  }

  override func draw(in canvas: any Canvas, clip: Rect) {
    let base = isSelected ? Style(attributes: [.reverse, .bold]) : Style.plain
    canvas.fill(frame, with: " ", style: base, clip: clip)
    let values = self.values ?? columns.values(of: content)
    self.values = values
    for (i, column) in columns.columns.enumerated() {
      let x = frame.minX + columns.x(ofColumn: i)
      let last = i == columns.columns.count - 1
      let width = last ? max(column.width, frame.maxX - x) : column.width
      guard x < clip.maxX, x + width > clip.minX, width > 0 else { continue }
      var style = base
      if isSelected, i == columns.current { style = style.with(attributes: .underline) }
      Self.drawCell(values[i], numeric: column.isNumeric, in: canvas, at: Point(x: x, y: frame.minY), width: width, style: style, clip: clip)
    }
  }

  /// Draws one value in a cell `width` wide at `point`: cut with `…` to fit,
  /// at its right end when `numeric`.
  static func drawCell(_ value: String, numeric: Bool, in canvas: any Canvas, at point: Point, width: Int, style: Style, clip: Rect) {
    let text = TextWrapper.truncate(value, width: width)
    let shown = DisplayText.width(of: text)
    let x = numeric ? point.x + max(0, width - shown) : point.x
    let cell = Rect(x: point.x, y: point.y, width: width, height: 1)
    guard let area = cell.intersection(clip) else { return }
    canvas.fill(area, with: " ", style: style)
    canvas.put(text, at: Point(x: x, y: point.y), style: style, clip: area)
  }
}

/// The sticky header of the `table` layout: the columns' names, bold and
/// underlined, the current column's in reverse video; with groups, the group's
/// rule above them (`─ Kitchen · 12 ───`).
///
/// ```swift
/// header.configure(columns: table, group: "Kitchen · 12", theme: theme)
/// ```
final class TableHeaderCell: Cell {
  static let identifier = "table-header"

  private(set) var columns = TableColumns(contents: [], roles: FieldRoles())
  private var group: String?
  private var theme = CardTheme.unicode

  required init(reuseIdentifier: String) {
    super.init(reuseIdentifier: reuseIdentifier)
  }

  func configure(columns: TableColumns, group: String?, theme: CardTheme) {
    self.columns = columns
    self.group = group
    self.theme = theme
  }

  override func draw(in canvas: any Canvas, clip: Rect) {
    canvas.fill(frame, with: " ", clip: clip)
    if let group, frame.height > 1 {
      let rule = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1)
      if let area = rule.intersection(clip) { canvas.fillClipped(area, with: theme.border.horizontal, style: theme.borderStyle) }
      let label = " " + TextWrapper.truncate(group, width: max(0, frame.width - 4)) + " "
      canvas.put(label, at: Point(x: frame.minX + min(1, frame.width), y: frame.minY), style: theme.secondaryStyle.with(attributes: .bold), clip: clip)
    }
    let y = frame.maxY - 1
    let names = Style(attributes: [.bold, .underline])
    canvas.fill(Rect(x: frame.minX, y: y, width: frame.width, height: 1), with: " ", style: names, clip: clip)
    for (i, column) in columns.columns.enumerated() {
      let x = frame.minX + columns.x(ofColumn: i)
      let last = i == columns.columns.count - 1
      let width = last ? max(column.width, frame.maxX - x) : column.width
      let style = i == columns.current ? Style(attributes: [.bold, .reverse]) : names
      TableRowCell.drawCell(column.name, numeric: column.isNumeric, in: canvas, at: Point(x: x, y: y), width: width, style: style, clip: clip)
    }
  }
}
