import WaterfallImages
import WaterfallLayout
import WaterfallView

/// The details of one item: every field first, nested values as an indented tree
/// that folds (``DetailsTree``), then its picture in at most about half the panel
/// (`p`: the whole panel), in a panel that scrolls. One line of the tree is
/// selected (the cursor): ↑ ↓ move it, Enter, Space, h and l fold and unfold
/// there. A picture that cannot be shown leaves its placeholder and a `picture`
/// line saying why.
///
/// ```
/// ┏━ Details ━━━━━━━━━━━━━━━━━━━━━━ 3/120 ━┓
/// ┃ title        Hand-thrown ceramic mug   ┃
/// ┃ price        12.50                     ┃
/// ┃ tags         ▾ [3]                     ┃
/// ┃                ""                      ┃
/// ┃                B                       ┃
/// ┃                2                       ┃
/// ┃ size         ▸ {2} {"w":3,"h":4}       ┃
/// ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ Esc back ━┛
/// ```
///
/// A value shows at most ``maximumValueLines`` lines and the panel at most
/// ``maximumLines``, each cut ending with a line that says so (`--print` gives the
/// whole item): a 10 MB field opens at once instead of wrapping 150,000 lines on
/// every key press. The lines are made once per width and folding, and kept.
struct DetailsView {
  /// One line of the panel: a field's name on its first line, then its value;
  /// `row` is the tree row it shows (`nil`: a note, such as why the picture is
  /// missing).
  struct Line: Hashable {
    var key: String
    var value: String
    var row: Int?
    /// The path of the value the line shows (`tags`, `size.w`), as the search
    /// names fields; nil for a note.
    var path: String?
    /// Where in ``value`` (in glyphs) the value's text starts, after the
    /// indent and a member's name.
    var valueStart = 0

    init(key: String, value: String, row: Int? = nil, path: String? = nil, valueStart: Int = 0) {
      self.key = key
      self.value = value
      self.row = row
      self.path = path
      self.valueStart = valueStart
    }
  }

  /// The most lines one field's value shows.
  static let maximumValueLines = 1_000
  /// The most lines the panel holds.
  static let maximumLines = 20_000

  let item: Int
  let value: JSONValue
  /// The first line shown.
  private(set) var scroll = 0
  /// The tree's folds, and its selected row.
  private(set) var tree = DetailsTree()
  private(set) var cursor = 0
  /// Whether the picture takes the whole panel (`p`).
  var pictureFull = false
  /// The search whose matches are marked, as on the cards (``DetailsView+Matches``).
  var highlight: SearchQuery?
  /// The item's picture file and shape (from its card), and where thumbnails come
  /// from; no pictures: no picture area.
  var image: String?
  var aspect: CardContent.Aspect?
  /// The folder the picture is named from, when the item's page has its own.
  var pictureFolder: String?
  var pictures: Pictures?
  /// The rows and lines last made, and what they were made for.
  private let made = LinesCache()

  /// What the panel says above the item (nil: nothing).
  let notice: String?
  /// Where the item came from when that is not the file named on the command
  /// line: the page of a feed (its URL, without passwords or tokens).
  var source: String?

  /// The notice of an item whose bytes changed in its file since it was read.
  static let changedNotice = "the file changed since it was read — press r"

  init(item: Int, value: JSONValue, notice: String? = nil) {
    self.item = item
    self.value = value
    self.notice = notice
  }

  /// Shows `content`'s picture, from `pictures`.
  mutating func showPicture(of content: CardContent, in folder: String? = nil, from pictures: Pictures?) {
    image = content.image
    aspect = content.aspect
    pictureFolder = folder
    self.pictures = pictures
  }

  /// The tree's rows (those the folds leave), at most ``maximumLines``.
  var rows: [DetailsTree.Row] {
    if let cached = made.rows, made.folded == tree.folded { return cached }
    let rows = tree.rows(of: value, limit: Self.maximumLines)
    made.rows = rows
    made.folded = tree.folded
    made.lines = nil
    return rows
  }

  /// The panel's lines for an inside `width` columns wide: made once per width,
  /// folding and picture failure (which can become known while the panel is open).
  func lines(width: Int) -> [Line] {
    let rows = self.rows
    let reason = image.flatMap { pictures?.note(of: $0, in: pictureFolder) }
    if let cached = made.lines, made.width == width, made.reason == reason { return cached }
    var lines = Self.makeLines(rows, pictureFailure: reason, source: source, width: width)
    if let notice {
      lines = TextWrapper.wrap(notice, width: max(1, width)).map { Line(key: "", value: $0) } + lines
    }
    made.width = width
    made.reason = reason
    made.lines = lines
    return lines
  }

  private static func makeLines(_ rows: [DetailsTree.Row], pictureFailure reason: String?, source: String?, width: Int) -> [Line] {
    let keys = rows.lazy.filter { $0.depth == 0 }.map(\.key) + (reason == nil ? [] : ["picture"]) + (source == nil ? [] : ["source"])
    let keyWidth = min(keys.map { DisplayText.width(of: $0) }.max() ?? 0, max(6, width / 3))
    let valueWidth = max(1, width - keyWidth - 2)
    var lines: [Line] = []
    // The rows stop at the panel's limit too (``rows``): say so at the end.
    var cut = rows.count >= maximumLines
    let paths = Self.paths(of: rows)
    for (index, row) in rows.enumerated() {
      guard lines.count < maximumLines else {
        cut = true
        break
      }
      let key = row.depth == 0 ? TextWrapper.truncate(row.key, width: keyWidth) : ""
      // Nested rows: two columns a level, then the member's name.
      let indent = String(repeating: " ", count: 2 * row.depth)
      let name = row.depth > 0 && !row.key.isEmpty ? row.key + ": " : ""
      let lead = indent + name
      let leadWidth = DisplayText.width(of: lead)
      let textWidth = max(1, valueWidth - leadWidth)
      let text =
        row.folds
        ? [TextWrapper.truncate(row.text, width: textWidth)]
        : Self.wrapped(row.text, width: textWidth)
      let hang = String(repeating: " ", count: min(leadWidth, valueWidth - 1))
      let starts = (DisplayText.glyphs(of: lead).count, DisplayText.glyphs(of: hang).count)
      for (i, part) in (text.isEmpty ? [""] : text).enumerated() {
        lines.append(
          Line(
            key: i == 0 ? key : "", value: (i == 0 ? lead : hang) + part, row: index, path: paths[index],
            valueStart: i == 0 ? starts.0 : starts.1))
      }
    }
    if cut { lines.append(Line(key: "", value: cutNotice(maximumLines, of: "lines"))) }
    if let reason {
      for (i, line) in TextWrapper.wrap(reason, width: valueWidth).enumerated() {
        lines.append(Line(key: i == 0 ? TextWrapper.truncate("picture", width: keyWidth) : "", value: line))
      }
    }
    if let source {
      for (i, line) in TextWrapper.wrap(source, width: valueWidth).enumerated() {
        lines.append(Line(key: i == 0 ? TextWrapper.truncate("source", width: keyWidth) : "", value: line))
      }
    }
    return lines
  }

  /// The line that ends a cut value.
  static func cutNotice(_ count: Int, of what: String) -> String {
    "… (only the first \(count) \(what) are shown; --print writes the whole item)"
  }

  /// `text` wrapped to `width`, at most ``maximumValueLines`` lines, the last of
  /// them saying so when it was cut.
  static func wrapped(_ text: String, width: Int) -> [String] {
    let limit = maximumValueLines
    var lines = TextWrapper.wrap(text, width: width, maxLines: limit + 1)
    if lines.count > limit {
      lines.removeLast(lines.count - limit)
      lines.append(contentsOf: TextWrapper.wrap(cutNotice(limit, of: "lines"), width: width))
    }
    return lines
  }

  /// The rect inside the panel's border and padding.
  static func inside(_ rect: Rect) -> Rect {
    rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
  }

  // MARK: Picture

  /// The picture's shape in an inside `width` x `height`: at most half the
  /// height (`full`: all of it), as wide as the panel allows.
  static func pictureShape(width: Int, height: Int, full: Bool) -> ThumbnailShape {
    .fitWidth(width, maximumHeight: full ? max(1, height) : max(3, (height + 1) / 2))
  }

  /// The picture's thumbnail as it stands (requested when it is not ready), or `nil`
  /// when there is no picture to show.
  func pictureState(width: Int, height: Int) -> ThumbnailState? {
    guard let image, let pictures, width > 0 else { return nil }
    // The panel shows why a picture is missing: its failure is worth a frame.
    return pictures.thumbnail(
      image, in: pictureFolder, shape: Self.pictureShape(width: width, height: height, full: pictureFull), wakesOnFailure: true)
  }

  /// Whether the item has a picture the panel can show.
  var hasPicture: Bool { image != nil && pictures != nil }

  /// The rows the picture takes, with the blank row above it: its thumbnail's
  /// height, or until then the height its aspect gives (a few rows without one).
  func pictureRows(inside inner: Rect) -> Int {
    guard let state = pictureState(width: inner.width, height: inner.height) else { return 0 }
    let gap = pictureFull ? 0 : 1
    if let thumbnail = state.thumbnail { return thumbnail.height + gap }
    let shape = Self.pictureShape(width: inner.width, height: inner.height, full: pictureFull)
    let rows = aspect.map { shape.cells(forPicture: Int($0.width * 1_000), Int($0.height * 1_000)).height } ?? 6
    return min(rows, state.error == nil ? rows : 6) + gap
  }

  /// The lines the panel scrolls through: the fields' (none while the picture is
  /// full), then the picture's.
  private func contentHeight(inside inner: Rect) -> (lines: Int, picture: Int) {
    (pictureFull ? 0 : lines(width: inner.width).count, pictureRows(inside: inner))
  }

  /// Scrolls by `rows`, kept within the content; the cursor stays on a line in view.
  mutating func scroll(by rows: Int, in rect: Rect) {
    let inner = Self.inside(rect)
    let (lineCount, pictureCount) = contentHeight(inside: inner)
    scroll = min(max(0, scroll + rows), max(0, lineCount + pictureCount - inner.height))
    guard !pictureFull else { return }
    let all = lines(width: inner.width)
    let visible = all.dropFirst(scroll).prefix(inner.height).compactMap(\.row)
    if let first = visible.first, let last = visible.last, !(first...last).contains(cursor) {
      cursor = rows < 0 ? last : first
      if rows == 0 { cursor = min(max(cursor, first), last) }
    }
  }

  /// Selects tree row `row` (kept within the rows) and scrolls just enough to
  /// show all of its lines.
  mutating func moveCursor(to row: Int, in rect: Rect) {
    let count = rows.count
    guard count > 0 else { return }
    cursor = min(max(0, row), count - 1)
    let inner = Self.inside(rect)
    let all = lines(width: inner.width)
    guard let first = all.firstIndex(where: { $0.row == cursor }) else { return }
    let last = all.lastIndex(where: { $0.row == cursor }) ?? first
    if first < scroll {
      scroll = first
    } else if last >= scroll + inner.height {
      scroll = min(first, last - inner.height + 1)
    }
    scroll(by: 0, in: rect)
  }

  /// Moves the cursor to the tree row drawn at screen row `y` (a click), if any.
  mutating func moveCursor(toScreenRow y: Int, in rect: Rect) {
    let inner = Self.inside(rect)
    guard !pictureFull, (inner.minY..<inner.maxY).contains(y) else { return }
    let all = lines(width: inner.width)
    let index = scroll + y - inner.minY
    guard all.indices.contains(index), let row = all[index].row else { return }
    moveCursor(to: row, in: rect)
  }

  /// Moves the cursor by `rows` tree rows.
  mutating func moveCursor(by rows: Int, in rect: Rect) {
    moveCursor(to: cursor + rows, in: rect)
  }

  /// What Enter, Space, `h` and `l` do on the cursor's row: toggle its fold, fold
  /// it (or go to its parent), unfold it (or go to its first child).
  mutating func fold(_ command: KeyCommand, in rect: Rect) {
    let rows = self.rows
    guard rows.indices.contains(cursor) else { return }
    let row = rows[cursor]
    switch command {
    case .toggleFold:
      tree.setFolded(!row.folded, at: row.path, in: rows)
    case .fold:
      if row.folds, !row.folded {
        tree.setFolded(true, at: row.path, in: rows)
      } else if row.path.count > 1, let parent = rows.firstIndex(where: { $0.path == Array(row.path.dropLast()) }) {
        moveCursor(to: parent, in: rect)
        return
      }
    case .unfold:
      if row.folded {
        tree.setFolded(false, at: row.path, in: rows)
      } else if row.folds {
        moveCursor(to: cursor + 1, in: rect)
        return
      }
    default:
      return
    }
    moveCursor(to: cursor, in: rect)
  }

  // MARK: Drawing

  func draw(in canvas: any Canvas, rect: Rect, position: String, theme: CardTheme) {
    canvas.fill(rect, with: " ")
    canvas.drawBox(rect, lines: theme.selectedBorder, style: theme.selectedBorderStyle)
    canvas.put(" Details ", at: Point(x: rect.minX + 2, y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    let right = " \(position) "
    canvas.put(right, at: Point(x: rect.maxX - 2 - DisplayText.width(of: right), y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    let inner = Self.inside(rect)
    let all = pictureFull ? [] : lines(width: inner.width)
    let pictureRows = pictureRows(inside: inner)
    let total = all.count + pictureRows
    let picture = hasPicture ? (pictureFull ? "p fields · " : "p picture · ") : ""
    let hint = total > inner.height ? " ↑↓ · n N items · \(picture)Esc back " : " n N items · \(picture)Esc back "
    let hintText = theme.border == .ascii ? hint.asciiArrows : hint
    canvas.put(hintText, at: Point(x: max(rect.minX + 1, rect.maxX - 2 - DisplayText.width(of: hintText)), y: rect.maxY - 1), style: theme.selectedBorderStyle, clip: rect)
    // The picture may have changed size since the last scroll: stay within it all.
    let top = min(scroll, max(0, total - inner.height))
    let keyWidth = all.map { DisplayText.width(of: $0.key) }.max() ?? 0
    for (index, line) in all.enumerated().dropFirst(top).prefix(inner.height) {
      let y = inner.minY + index - top
      canvas.put(line.key, at: Point(x: inner.minX, y: y), style: theme.secondaryStyle.with(attributes: .bold), clip: inner)
      let x = inner.minX + keyWidth + 2
      let selected = line.row == cursor
      let style = selected ? theme.textStyle.with(attributes: .reverse) : theme.textStyle
      if selected {
        // The cursor's line, highlighted across the value column.
        let text = line.value + String(repeating: " ", count: max(0, inner.maxX - x - DisplayText.width(of: line.value)))
        canvas.put(text, at: Point(x: x, y: y), style: style, clip: inner)
      } else {
        canvas.put(line.value, at: Point(x: x, y: y), style: style, clip: inner)
      }
      drawMatches(of: line, in: canvas, at: Point(x: x, y: y), style: style, theme: theme, clip: inner)
    }
    let pictureTop = inner.minY + all.count - top + (pictureFull ? 0 : 1)
    if pictureRows > 0, pictureTop < inner.maxY, let state = pictureState(width: inner.width, height: inner.height) {
      let area = Rect(x: inner.minX, y: pictureTop, width: inner.width, height: pictureRows - (pictureFull ? 0 : 1))
      if let thumbnail = state.thumbnail, theme.border != .ascii {
        let origin = Point(x: inner.minX + (inner.width - thumbnail.width) / 2, y: area.minY)
        if let pictures { pictures.draw(thumbnail, in: canvas, at: origin, clip: inner) } else { thumbnail.draw(in: canvas, at: origin, clip: inner) }
      } else {
        Placeholder(name: image ?? "").draw(in: canvas, rect: area, clip: inner, ascii: theme.border == .ascii)
      }
    }
  }
}

/// The rows and lines a ``DetailsView`` made: a reference, so that the view
/// stays a value while drawing (which cannot mutate it) reuses them.
fileprivate final class LinesCache {
  var rows: [DetailsTree.Row]?
  var folded: Set<DetailsTree.Path> = []
  var width = 0
  var reason: String?
  var lines: [DetailsView.Line]?
}
