import WaterfallLayout
import WaterfallView

/// The details of one item: every field, in order, its value wrapped beside its
/// name, in a panel that scrolls.
///
/// ```
/// ┏━ Details ━━━━━━━━━━━━━━━━━━━━━━ 3/120 ━┓
/// ┃ title        Hand-thrown ceramic mug   ┃
/// ┃ price        $12.50                    ┃
/// ┃ description  A mug thrown on the wheel ┃
/// ┃              and glazed in blue.       ┃
/// ┗━━━━━━━━━━━━━━━━━━━━━ ↑↓ scroll · Esc ━━┛
/// ```
///
/// A value shows at most ``maximumValueLines`` lines and the panel at most
/// ``maximumLines``, each cut ending with a line that says so (`--print` gives the
/// whole item): a 10 MB field opens at once instead of wrapping 150,000 lines on
/// every key press. The lines are made once per width and kept.
struct DetailsView {
  /// One line of the panel: a field's name on its first line, then its value.
  struct Line: Hashable {
    var key: String
    var value: String
  }

  /// The most lines one field's value shows.
  static let maximumValueLines = 1_000
  /// The most lines the panel holds.
  static let maximumLines = 20_000

  let item: Int
  let value: JSONValue
  /// The first line shown.
  private(set) var scroll = 0
  /// The lines last made, and the width they were made for.
  private let made = LinesCache()

  init(item: Int, value: JSONValue) {
    self.item = item
    self.value = value
  }

  /// The panel's lines for an inside `width` columns wide.
  func lines(width: Int) -> [Line] {
    if let cached = made.lines, made.width == width { return cached }
    let lines = Self.makeLines(value, width: width)
    made.width = width
    made.lines = lines
    return lines
  }

  private static func makeLines(_ value: JSONValue, width: Int) -> [Line] {
    let members: [JSONMember]
    if case .object(let m) = value { members = m } else { members = [JSONMember(key: "value", value: value)] }
    let keyWidth = min(members.lazy.map { DisplayText.width(of: $0.key) }.max() ?? 0, max(6, width / 3))
    let valueWidth = max(1, width - keyWidth - 2)
    var lines: [Line] = []
    for member in members {
      guard lines.count < maximumLines else {
        lines.append(Line(key: "", value: cutNotice(maximumLines, of: "lines")))
        break
      }
      let key = TextWrapper.truncate(member.key, width: keyWidth)
      let text = Self.valueLines(member.value, width: valueWidth)
      for (i, line) in (text.isEmpty ? [""] : text).enumerated() {
        lines.append(Line(key: i == 0 ? key : "", value: line))
      }
    }
    return lines
  }

  /// The line that ends a cut value.
  static func cutNotice(_ count: Int, of what: String) -> String {
    "… (only the first \(count) \(what) are shown; --print writes the whole item)"
  }

  /// A value as lines at most `width` wide: text wrapped, a list of plain values
  /// joined with commas, anything nested as indented JSON; at most
  /// ``maximumValueLines``, the last of them saying so when the value was cut.
  static func valueLines(_ value: JSONValue, width: Int) -> [String] {
    let limit = maximumValueLines
    func capped(_ text: String) -> [String] {
      var lines = TextWrapper.wrap(text, width: width, maxLines: limit + 1)
      if lines.count > limit {
        lines.removeLast(lines.count - limit)
        lines.append(contentsOf: TextWrapper.wrap(cutNotice(limit, of: "lines"), width: width))
      }
      return lines
    }
    switch value {
    case .string(let s): return capped(s)
    case .number, .bool: return capped(value.text ?? "")
    case .null: return ["null"]
    case .array(let values) where values.allSatisfy({ $0.text != nil }):
      return capped(values.compactMap(\.text).joined(separator: ", "))
    case .array, .object:
      var lines: [String] = []
      for line in value.prettyLines {
        guard lines.count <= limit else { break }
        let indent = line.prefix { $0 == " " }
        let wrapped = TextWrapper.wrap(String(line.dropFirst(indent.count)), width: max(1, width - indent.count), maxLines: limit + 1)
        lines.append(contentsOf: wrapped.map { String(indent) + $0 })
      }
      if lines.count > limit {
        lines.removeLast(lines.count - limit)
        lines.append(contentsOf: TextWrapper.wrap(cutNotice(limit, of: "lines"), width: width))
      }
      return lines
    }
  }

  /// The rect inside the panel's border and padding.
  static func inside(_ rect: Rect) -> Rect {
    rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
  }

  /// Scrolls by `rows`, kept within the lines.
  mutating func scroll(by rows: Int, in rect: Rect) {
    let inner = Self.inside(rect)
    let total = lines(width: inner.width).count
    scroll = min(max(0, scroll + rows), max(0, total - inner.height))
  }

  func draw(in canvas: any Canvas, rect: Rect, position: String, theme: CardTheme) {
    canvas.fill(rect, with: " ")
    canvas.drawBox(rect, lines: theme.selectedBorder, style: theme.selectedBorderStyle)
    canvas.put(" Details ", at: Point(x: rect.minX + 2, y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    let right = " \(position) "
    canvas.put(right, at: Point(x: rect.maxX - 2 - DisplayText.width(of: right), y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    let inner = Self.inside(rect)
    let all = lines(width: inner.width)
    let hint = all.count > inner.height ? " ↑↓ PgUp PgDn scroll · Esc back " : " Esc back "
    let hintText = theme.border == .ascii ? hint.replacingArrows() : hint
    canvas.put(hintText, at: Point(x: rect.maxX - 2 - DisplayText.width(of: hintText), y: rect.maxY - 1), style: theme.selectedBorderStyle, clip: rect)
    let keyWidth = all.map { DisplayText.width(of: $0.key) }.max() ?? 0
    for (row, line) in all.dropFirst(scroll).prefix(inner.height).enumerated() {
      let y = inner.minY + row
      canvas.put(line.key, at: Point(x: inner.minX, y: y), style: theme.secondaryStyle.with(attributes: .bold), clip: inner)
      canvas.put(line.value, at: Point(x: inner.minX + keyWidth + 2, y: y), style: theme.textStyle, clip: inner)
    }
  }
}

extension String {
  fileprivate func replacingArrows() -> String {
    String(map { $0 == "↑" ? "^" : $0 == "↓" ? "v" : $0 })
  }
}

/// The lines a ``DetailsView`` made for a width: a reference, so that the view
/// stays a value while drawing (which cannot mutate it) reuses them.
fileprivate final class LinesCache {
  var width = 0
  var lines: [DetailsView.Line]?
}
