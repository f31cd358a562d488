import WaterfallImages
import WaterfallLayout
import WaterfallView

/// The details of one item: its picture across the panel's width (when the browser
/// has ``Pictures``), then every field, in order, its value wrapped beside its name,
/// in a panel that scrolls. A picture that cannot be shown leaves its placeholder and
/// a `picture` line saying why.
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
  /// The item's picture file and shape (from its card), and where thumbnails come
  /// from; no pictures: no picture area.
  var image: String?
  var aspect: CardContent.Aspect?
  var pictures: Pictures?
  /// The lines last made, and the width and picture failure they were made for.
  private let made = LinesCache()

  init(item: Int, value: JSONValue) {
    self.item = item
    self.value = value
  }

  /// Shows `content`'s picture, from `pictures`.
  mutating func showPicture(of content: CardContent, from pictures: Pictures?) {
    image = content.image
    aspect = content.aspect
    self.pictures = pictures
  }

  /// The panel's lines for an inside `width` columns wide: made once per width
  /// (and per picture failure, which can become known while the panel is open).
  func lines(width: Int) -> [Line] {
    let reason = image.flatMap { pictures?.failure(of: $0)?.reason }
    if let cached = made.lines, made.width == width, made.reason == reason { return cached }
    let lines = Self.makeLines(value, pictureFailure: reason, width: width)
    made.width = width
    made.reason = reason
    made.lines = lines
    return lines
  }

  private static func makeLines(_ value: JSONValue, pictureFailure reason: String?, width: Int) -> [Line] {
    let members: [JSONMember]
    if case .object(let m) = value { members = m } else { members = [JSONMember(key: "value", value: value)] }
    let keys = members.lazy.map(\.key) + (reason == nil ? [] : ["picture"])
    let keyWidth = min(keys.map { DisplayText.width(of: $0) }.max() ?? 0, max(6, width / 3))
    let valueWidth = max(1, width - keyWidth - 2)
    var lines: [Line] = []
    if let reason {
      for (i, line) in TextWrapper.wrap(reason, width: valueWidth).enumerated() {
        lines.append(Line(key: i == 0 ? TextWrapper.truncate("picture", width: keyWidth) : "", value: line))
      }
    }
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

  // MARK: Picture

  /// The picture's shape in an inside `width` x `height`: the panel's width, unless
  /// that is too tall to leave the first two lines of fields in view below it.
  static func pictureShape(width: Int, height: Int) -> ThumbnailShape {
    .fitWidth(width, maximumHeight: max(1, height - 3))
  }

  /// The picture's thumbnail as it stands (requested when it is not ready), or `nil`
  /// when there is no picture to show.
  func pictureState(width: Int, height: Int) -> ThumbnailState? {
    guard let image, let pictures, width > 0 else { return nil }
    return pictures.thumbnail(image, shape: Self.pictureShape(width: width, height: height))
  }

  /// The rows the picture takes, with the blank row under it: its thumbnail's height,
  /// or until then the height its aspect gives (a few rows without one).
  func pictureRows(inside inner: Rect) -> Int {
    guard let state = pictureState(width: inner.width, height: inner.height) else { return 0 }
    if let thumbnail = state.thumbnail { return thumbnail.height + 1 }
    let shape = Self.pictureShape(width: inner.width, height: inner.height)
    let rows = aspect.map { shape.cells(forPicture: Int($0.width * 1_000), Int($0.height * 1_000)).height } ?? 6
    return min(rows, state.error == nil ? rows : 6) + 1
  }

  /// Scrolls by `rows`, kept within the picture and the lines.
  mutating func scroll(by rows: Int, in rect: Rect) {
    let inner = Self.inside(rect)
    let total = pictureRows(inside: inner) + lines(width: inner.width).count
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
    let pictureRows = pictureRows(inside: inner)
    let total = pictureRows + all.count
    let hint = total > inner.height ? " ↑↓ PgUp PgDn scroll · Esc back " : " Esc back "
    let hintText = theme.border == .ascii ? hint.replacingArrows() : hint
    canvas.put(hintText, at: Point(x: rect.maxX - 2 - DisplayText.width(of: hintText), y: rect.maxY - 1), style: theme.selectedBorderStyle, clip: rect)
    // The picture may have changed size since the last scroll: stay within it all.
    let top = min(scroll, max(0, total - inner.height))
    if pictureRows > top, let state = pictureState(width: inner.width, height: inner.height) {
      let area = Rect(x: inner.minX, y: inner.minY - top, width: inner.width, height: pictureRows - 1)
      if let thumbnail = state.thumbnail, theme.border != .ascii {
        let origin = Point(x: inner.minX + (inner.width - thumbnail.width) / 2, y: area.minY)
        thumbnail.draw(in: canvas, at: origin, clip: inner)
      } else {
        Placeholder(name: image ?? "").draw(in: canvas, rect: area, clip: inner, ascii: theme.border == .ascii)
      }
    }
    let keyWidth = all.map { DisplayText.width(of: $0.key) }.max() ?? 0
    let firstLine = max(0, top - pictureRows)
    let firstRow = max(0, pictureRows - top)
    for (row, line) in all.dropFirst(firstLine).prefix(max(0, inner.height - firstRow)).enumerated() {
      let y = inner.minY + firstRow + row
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
  var reason: String?
  var lines: [DetailsView.Line]?
}
