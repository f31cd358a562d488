import WaterfallLayout
import WaterfallView

/// The frequency sheet's box, drawn over the cards: what is typed, then a row
/// a value (the value, its count, its share and a bar as long as its share of
/// the most common), the selected one in reverse video.
///
/// ```
/// ┏━ section · 38 values · 2,804 items ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
/// ┃ ›▏                                                    38 values ┃
/// ┃   value                     count    share                       ┃
/// ┃ ▸ libs                        212    24.1%  ████████████████████ ┃
/// ┃   utils                       150    17.0%  ██████████████       ┃
/// ┃   (none)                        3     0.1%  ▏                    ┃
/// ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ Enter filter · Esc back ━┛
/// ```
extension FrequencySheet {
  /// The widest a value is drawn, and the longest bar.
  static let widestValue = 48
  static let barWidth = 20

  /// What the box shows for a row's value: the items without the field as
  /// `(none)`, an empty text as `""`.
  static func text(of value: String?) -> String {
    guard let value else { return "(none)" }
    return value.isEmpty ? "\"\"" : value
  }

  /// The widths of the value, count and share columns.
  private var columnWidths: (value: Int, count: Int, share: Int) {
    let values = (table?.rows ?? []).prefix(500).map { DisplayText.width(of: Self.text(of: $0.value)) }.max() ?? 0
    let counts = (table?.rows.first?.count ?? 0).grouped.count
    return (min(Self.widestValue, max(12, values)), max(5, counts), 6)
  }

  /// The box on a screen of `size` (the status bar's row left free).
  func rect(for size: Size) -> Rect {
    let (value, count, share) = columnWidths
    let inner = max(2 + value + 2 + count + 2 + share + 2 + Self.barWidth, DisplayText.width(of: title) + 2, 40)
    let width = min(size.width, inner + 4)
    let height = min(max(0, size.height - 1), max(1, table?.rows.count ?? 0) + 4)
    return Rect(x: (size.width - width) / 2, y: max(0, (size.height - 1 - height) / 2), width: width, height: height)
  }

  /// How many values the box shows on a screen of `size`.
  func visibleRows(in size: Size) -> Int { max(1, rect(for: size).height - 4) }

  /// The box's title: the field, how many values and items.
  var title: String {
    guard let table else { return " \(field) " }
    return " \(field) · \(FieldPicker.count(table.rows.count, "value")) · \(FieldPicker.count(table.total, "item")) "
  }

  /// What the bottom border says.
  static let hint = " Enter filter · Esc back "

  /// Draws the box over a screen of `size`; `progress` is how far the count is ("45%").
  func draw(in canvas: any Canvas, size: Size, theme: CardTheme, progress: String?) {
    let rect = rect(for: size)
    guard rect.width >= 8, rect.height >= 3 else { return }
    let ascii = theme.border == .ascii
    canvas.fill(rect, with: " ")
    canvas.drawBox(rect, lines: theme.selectedBorder, style: theme.selectedBorderStyle)
    canvas.put(TextWrapper.truncate(title, width: rect.width - 4), at: Point(x: rect.minX + 2, y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    canvas.put(
      Self.hint, at: Point(x: max(rect.minX + 1, rect.maxX - 2 - DisplayText.width(of: Self.hint)), y: rect.maxY - 1),
      style: theme.selectedBorderStyle, clip: rect)
    let inner = rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
    let prompt = (ascii ? "> " : "› ") + query
    let cursorX = inner.minX + canvas.put(prompt, at: Point(x: inner.minX, y: inner.minY), style: theme.textStyle.with(attributes: .bold), clip: inner)
    canvas.put(ascii ? "_" : "▏", at: Point(x: cursorX, y: inner.minY), style: theme.secondaryStyle, clip: inner)
    if let table {
      let all = FieldPicker.count(table.rows.count, "value")
      let count = query.isEmpty ? all : "\(rows.count) of \(all)"
      canvas.put(count, at: Point(x: inner.maxX - DisplayText.width(of: count), y: inner.minY), style: theme.secondaryStyle, clip: inner)
    }
    guard inner.height >= 2 else { return }
    let widths = columnWidths
    // The value takes what the numbers and the bar leave.
    let valueWidth = max(1, min(widths.value, inner.width - 2 - 2 - widths.count - 2 - widths.share - 2 - 1))
    let countRight = inner.minX + 2 + valueWidth + 2 + widths.count
    let shareRight = countRight + 2 + widths.share
    let barX = shareRight + 2
    let barWidth = max(0, min(Self.barWidth, inner.maxX - barX))
    func columns(_ value: String, _ count: String, _ share: String, y: Int, style: Style) {
      canvas.put(value, at: Point(x: inner.minX + 2, y: y), style: style, clip: inner)
      canvas.put(count, at: Point(x: countRight - DisplayText.width(of: count), y: y), style: style, clip: inner)
      canvas.put(share, at: Point(x: shareRight - DisplayText.width(of: share), y: y), style: style, clip: inner)
    }
    let header = inner.minY + 1
    columns("value", "count", "share", y: header, style: theme.secondaryStyle.with(attributes: .underline))
    let list = Rect(x: inner.minX, y: header + 1, width: inner.width, height: max(0, inner.maxY - header - 1))
    guard list.height > 0 else { return }
    guard let table else {
      canvas.put("counting the values…" + (progress.map { " " + $0 } ?? ""), at: list.origin, style: theme.secondaryStyle, clip: list)
      return
    }
    if rows.isEmpty {
      canvas.put(table.rows.isEmpty ? "no items" : "no value matches", at: list.origin, style: theme.secondaryStyle, clip: list)
      return
    }
    let most = Double(max(1, table.rows.first?.count ?? 1))
    for (offset, row) in rows.dropFirst(top).prefix(list.height).enumerated() {
      let y = list.minY + offset
      let isSelected = top + offset == selected
      let style = isSelected ? theme.textStyle.with(attributes: [.reverse, .bold]) : theme.textStyle
      if isSelected { canvas.fill(Rect(x: list.minX, y: y, width: list.width, height: 1), with: " ", style: style, clip: list) }
      canvas.put(isSelected ? (ascii ? ">" : "▸") : " ", at: Point(x: list.minX, y: y), style: style, clip: list)
      let value = TextWrapper.truncate(DisplayText.sanitized(Self.text(of: row.value)), width: valueWidth)
      columns(value, row.count.grouped, Self.percent(row.share), y: y, style: row.value == nil && !isSelected ? theme.secondaryStyle : style)
      let length = Self.barLength(Double(row.count) / most, width: barWidth)
      canvas.put(String(repeating: ascii ? "#" : "█", count: length), at: Point(x: barX, y: y), style: isSelected ? style : theme.secondaryStyle, clip: list)
    }
  }

  /// A share as a percentage with one decimal: `24.1%`.
  static func percent(_ share: Double) -> String {
    let tenths = Int((share * 1_000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// A bar's length for `fraction` of the longest, `width` cells: at least
  /// one cell for any count.
  static func barLength(_ fraction: Double, width: Int) -> Int {
    guard width > 0 else { return 0 }
    return min(width, max(1, Int((fraction * Double(width)).rounded())))
  }
}
