import WaterfallImages
import WaterfallLayout
import WaterfallView

/// The card of one item: a box with the item's picture (its thumbnail once decoded,
/// a placeholder until then or when it cannot be shown), title, subtitle, tags, and
/// for text items their text (or, for an item with neither title nor text, its
/// `key: value` fields, the keys dim), laid out by ``CardPlan``.
final class CardCell: Cell {
  static let identifier = "card"

  var content = CardContent(title: "")
  var theme = CardTheme.unicode
  var fixedSize = false
  /// Whether the item is marked (`-m`): a ✓ in the top border.
  var isMarked = false
  var pictures: Pictures?
  /// The folder the item's picture is named from, when its page has its own.
  var pictureFolder: String? {
    didSet { if pictureFolder != oldValue { picture = nil } }
  }
  /// The search whose matched characters are drawn underlined and bold.
  private(set) var highlight: CardHighlight?
  /// The field the search matched in, drawn in place of the card's last line
  /// when no line of the card shows a match (``MatchLine``).
  private(set) var matchLine: MatchLine?
  /// The card's plan for its size, with its lines already made glyphs: a card is
  /// drawn on every frame while it is visible, but laid out and measured once.
  private var plan: (size: Size, plan: CardPlan, lines: Lines)?
  /// The placeholder for the card's picture, made once per content.
  private var placeholder: Placeholder?
  /// The placeholder's rows and label as glyphs, made once per content and width.
  private var placeholderDrawing: PlaceholderDrawing?
  /// The picture as the loader knows it, worked out once per content and shape, and
  /// whether it failed: a failed picture is not asked for again on every frame (until
  /// the pictures are forgotten, their ``Pictures/generation``).
  private var picture: PictureRequest?

  /// A card's picture request, made once: whose pictures, in which shape, and what
  /// came of it.
  private struct PictureRequest {
    var pictures: ObjectIdentifier
    var generation: Int
    var shape: ThumbnailShape
    var key: ThumbnailKey?
    var failed = false
  }

  /// A plan's lines as glyphs, ready to draw.
  struct Lines {
    var title: [[Glyph]]
    var subtitle: [Glyph]?
    var tags: [Glyph]?
    var text: [[Glyph]]
    /// Each field's key (with its `: `) and value.
    var fields: [(key: [Glyph], value: [Glyph])]
    /// The sort field's key (with its `: `) and value.
    var sortLine: (key: [Glyph], value: [Glyph])?
    /// The glyphs a search matched, by line: title lines, subtitle, tags, text lines.
    var marks = CardHighlight.Marks()
    /// The field a search matched in, as the card's last line (``MatchLine``).
    var match: (key: [Glyph], value: [Glyph], marks: [Int])?

    init(_ plan: CardPlan, highlight: CardHighlight?) {
      defer { if let highlight { marks = highlight.marks(for: self) } }
      title = plan.title.map(DisplayText.glyphs(of:))
      subtitle = plan.subtitle.map(DisplayText.glyphs(of:))
      tags = plan.tags.map(DisplayText.glyphs(of:))
      text = plan.text.map(DisplayText.glyphs(of:))
      fields = plan.fields.map(Self.keyAndValue)
      sortLine = plan.sortLine.map(Self.keyAndValue)
    }

    /// Draws `line` in place of the card's last line (a card of one row: at
    /// its right end), when no line shows a match: the card then shows where
    /// the search matched. A card whose one line is its title keeps it.
    mutating func showMatch(_ line: MatchLine, plan: CardPlan, width: Int, query: SearchQuery) {
      guard marks.isEmpty else { return }
      if plan.isCompact {
        // As much of the row as the title leaves, half of it at least.
        let titleWidth = DisplayText.width(of: plan.title.first ?? "")
        let drawn = line.window(width: max(1, width / 2, width - titleWidth - 2), query: query)
        let side = (drawn.key + drawn.value).reduce(0) { $0 + $1.width }
        title = [DisplayText.glyphs(of: TextWrapper.truncate(plan.title.first ?? "", width: max(1, width - side - 2)))]
        match = drawn
        subtitle = nil
        return
      }
      // The last of the card's lines, in the order drawn, gives way.
      if !fields.isEmpty {
        fields.removeLast()
      } else if !text.isEmpty {
        text.removeLast()
      } else if tags != nil {
        tags = nil
      } else if sortLine != nil {
        sortLine = nil
      } else if subtitle != nil {
        subtitle = nil
      } else if title.count > 1 {
        title.removeLast()
      } else {
        return
      }
      match = line.window(width: width, query: query)
    }

    /// A `key: value` line's key (with its `: `) and value, as glyphs.
    static func keyAndValue(_ line: String) -> (key: [Glyph], value: [Glyph]) {
      let characters = Array(line)
      guard let colon = characters.indices.first(where: { characters[$0] == ":" && $0 + 1 < characters.count && characters[$0 + 1] == " " }) else {
        return ([], DisplayText.glyphs(of: line))
      }
      return (DisplayText.glyphs(of: String(characters[...(colon + 1)])), DisplayText.glyphs(of: String(characters[(colon + 2)...])))
    }
  }

  required init(reuseIdentifier: String) {
    super.init(reuseIdentifier: reuseIdentifier)
  }

  /// Its item scrolled away, and the cell will show another: a picture by URL
  /// still on its way is given up (unless another card shows it).
  override func prepareForReuse() {
    releasePicture()
    plan = nil
    placeholder = nil
    placeholderDrawing = nil
  }

  private func releasePicture() {
    if let picture, let pictures, picture.pictures == ObjectIdentifier(pictures) { pictures.release(picture.key) }
    picture = nil
  }

  func configure(content: CardContent, theme: CardTheme, fixedSize: Bool, highlight: CardHighlight? = nil, matchLine: MatchLine? = nil) {
    if content != self.content || fixedSize != self.fixedSize || highlight != self.highlight || matchLine != self.matchLine {
      if content.image != self.content.image { releasePicture() }
      plan = nil
      placeholder = nil
      placeholderDrawing = nil
      picture = nil
    }
    self.content = content
    self.theme = theme
    self.fixedSize = fixedSize
    self.highlight = highlight
    self.matchLine = matchLine
  }

  private func currentPlan() -> (plan: CardPlan, lines: Lines) {
    if let plan, plan.size == frame.size { return (plan.plan, plan.lines) }
    let made = fixedSize ? CardPlan(content: content, size: frame.size) : CardPlan(content: content, width: frame.width)
    var lines = Lines(made, highlight: highlight)
    if let matchLine, let highlight {
      lines.showMatch(matchLine, plan: made, width: made.isCompact ? frame.width : max(1, frame.width - 2), query: highlight.query)
    }
    plan = (frame.size, made, lines)
    return (made, lines)
  }

  private func currentPlaceholder() -> Placeholder {
    if let placeholder { return placeholder }
    let made = Placeholder(name: content.image ?? content.title)
    placeholder = made
    return made
  }

  /// The placeholder ready to draw at `width`: the one made for an earlier frame
  /// while it still fits.
  private func currentPlaceholderDrawing(width: Int, ascii: Bool) -> PlaceholderDrawing {
    let placeholder = currentPlaceholder()
    if let placeholderDrawing, placeholderDrawing.matches(placeholder, width: width, ascii: ascii) { return placeholderDrawing }
    let made = PlaceholderDrawing(placeholder, width: width, ascii: ascii)
    placeholderDrawing = made
    return made
  }

  override func draw(in canvas: any Canvas, clip: Rect) {
    let (plan, lines) = currentPlan()
    if plan.isCompact {
      drawCompact(lines, in: canvas, clip: clip)
      return
    }
    canvas.fill(frame, with: " ", clip: clip)
    canvas.drawBox(
      frame, lines: isSelected ? theme.selectedBorder : theme.border,
      style: isSelected ? theme.selectedBorderStyle : theme.borderStyle, clip: clip)
    if isMarked {
      // The mark sits in the top border: ┌✓───┐.
      canvas.put(
        theme.border == .ascii ? "*" : "✓", at: Point(x: frame.minX + 1, y: frame.minY),
        style: theme.selectedBorderStyle.with(attributes: .bold), clip: clip)
    }
    let inner = frame.inset(by: EdgeInsets(all: 1))
    guard let area = inner.intersection(clip) else { return }
    var y = inner.minY
    if plan.imageRows > 0 {
      // The picture, at most about twice its size (PictureArea), centred in its area.
      let width = plan.pictureWidth ?? inner.width
      let pictureRows = plan.pictureRows ?? plan.imageRows
      let top = y + (plan.imageRows - pictureRows) / 2
      let rect = Rect(x: inner.minX + (inner.width - width) / 2, y: top, width: width, height: max(0, min(pictureRows, inner.maxY - top)))
      if let thumbnail = thumbnail(width: width, rows: pictureRows), let pictures {
        pictures.draw(thumbnail, in: canvas, at: rect.origin, clip: rect.intersection(area) ?? .zero)
      } else {
        currentPlaceholderDrawing(width: rect.width, ascii: theme.border == .ascii).draw(in: canvas, rect: rect, clip: area)
      }
      y += min(plan.imageRows, inner.maxY - y)
    }
    let titleStyle = isSelected ? theme.selectedTextStyle : theme.textStyle.with(attributes: .bold)
    func put(_ line: [Glyph], at x: Int? = nil, style: Style, marks: [Int]) {
      let x = x ?? inner.minX
      canvas.put(line, at: Point(x: x, y: y), style: style, clip: area)
      if !marks.isEmpty { CardHighlight.draw(marks, of: line, in: canvas, at: Point(x: x, y: y), style: style, match: theme.matchStyle, clip: area) }
      y += 1
    }
    for (i, line) in lines.title.enumerated() {
      put(line, style: titleStyle, marks: lines.marks.title[i] ?? [])
    }
    if let subtitle = lines.subtitle { put(subtitle, style: theme.secondaryStyle, marks: lines.marks.subtitle) }
    if let sort = lines.sortLine {
      // The sort field's value, its key dim as a field's.
      let x = inner.minX + canvas.put(sort.key, at: Point(x: inner.minX, y: y), style: theme.secondaryStyle, clip: area)
      put(sort.value, at: x, style: theme.textStyle.with(attributes: .bold), marks: lines.marks.sortLine)
    }
    if let tags = lines.tags { put(tags, style: Style(attributes: .dim), marks: lines.marks.tags) }
    for (i, line) in lines.text.enumerated() {
      put(line, style: theme.textStyle, marks: lines.marks.text[i] ?? [])
    }
    for (i, field) in lines.fields.enumerated() {
      let x = inner.minX + canvas.put(field.key, at: Point(x: inner.minX, y: y), style: theme.secondaryStyle, clip: area)
      put(field.value, at: x, style: theme.textStyle, marks: lines.marks.fields[i] ?? [])
    }
    if let match = lines.match {
      let x = inner.minX + canvas.put(match.key, at: Point(x: inner.minX, y: y), style: theme.secondaryStyle, clip: area)
      put(match.value, at: x, style: theme.textStyle, marks: match.marks)
    }
  }

  /// A compact card (``CompactCard``): its title, and its subtitle at the
  /// right end; selected, the whole row in reverse video.
  private func drawCompact(_ lines: Lines, in canvas: any Canvas, clip: Rect) {
    let selected = Style(attributes: [.reverse, .bold])
    canvas.fill(frame, with: " ", style: isSelected ? selected : .plain, clip: clip)
    let titleStyle = isSelected ? selected : theme.textStyle.with(attributes: .bold)
    if let title = lines.title.first {
      canvas.put(title, at: frame.origin, style: titleStyle, clip: clip)
      if let marks = lines.marks.title[0], !marks.isEmpty {
        CardHighlight.draw(marks, of: title, in: canvas, at: frame.origin, style: titleStyle, clip: clip)
      }
    }
    if let subtitle = lines.subtitle {
      let at = Point(x: frame.maxX - subtitle.reduce(0) { $0 + $1.width }, y: frame.minY)
      let style = isSelected ? selected : theme.secondaryStyle
      canvas.put(subtitle, at: at, style: style, clip: clip)
      if !lines.marks.subtitle.isEmpty { CardHighlight.draw(lines.marks.subtitle, of: subtitle, in: canvas, at: at, style: style, clip: clip) }
    }
    if let match = lines.match {
      // Where the search matched, at the right end: `maker: Clay Co`.
      let at = Point(x: frame.maxX - (match.key + match.value).reduce(0) { $0 + $1.width }, y: frame.minY)
      let style = isSelected ? selected : theme.secondaryStyle
      let x = at.x + canvas.put(match.key, at: at, style: style, clip: clip)
      canvas.put(match.value, at: Point(x: x, y: at.y), style: style, clip: clip)
      CardHighlight.draw(match.marks, of: match.value, in: canvas, at: Point(x: x, y: at.y), style: style, clip: clip)
    }
  }

  /// The picture filling the image area, once it is decoded; requests it otherwise.
  private func thumbnail(width: Int, rows: Int) -> Thumbnail? {
    guard let pictures, let image = content.image, theme.border != .ascii, width > 0, rows > 0 else { return nil }
    let shape = ThumbnailShape.fill(width: width, height: rows)
    var request: PictureRequest
    if let picture, picture.pictures == ObjectIdentifier(pictures), picture.generation == pictures.generation,
      picture.shape == shape
    {
      if picture.failed { return nil }
      request = picture
    } else {
      request = PictureRequest(
        pictures: ObjectIdentifier(pictures), generation: pictures.generation, shape: shape,
        key: pictures.key(for: image, in: pictureFolder, shape: shape))
    }
    let state = pictures.thumbnail(for: request.key)
    request.failed = state.error != nil
    picture = request
    return state.thumbnail
  }
}

/// One item as one line of a list: title, subtitle and tags; the selected row in
/// reverse video.
final class RowCell: Cell {
  static let identifier = "row"

  var content = CardContent(title: "")
  var theme = CardTheme.unicode
  /// Whether the item is marked (`-m`): a ✓ after the pointer.
  var isMarked = false

  required init(reuseIdentifier: String) {
    super.init(reuseIdentifier: reuseIdentifier)
  }

  override func draw(in canvas: any Canvas, clip: Rect) {
    let base = isSelected ? Style(attributes: [.reverse, .bold]) : Style.plain
    canvas.fill(frame, with: " ", style: base, clip: clip)
    let ascii = theme.border == .ascii
    let pointer = isSelected ? (ascii ? ">" : "▸") : " "
    let mark = isMarked ? (ascii ? "*" : "✓") : " "
    var x = frame.minX
    x += canvas.put(pointer + mark, at: Point(x: x, y: frame.minY), style: base, clip: clip)
    let width = frame.maxX - x
    let subtitle = content.subtitle.map { "  " + $0 } ?? ""
    let tags = content.tags.isEmpty ? "" : "  " + content.tags.map { "#" + $0 }.joined(separator: " ")
    let titleWidth = max(1, width - DisplayText.width(of: subtitle) - min(DisplayText.width(of: tags), width / 3))
    let title = content.title.isEmpty ? content.fields.joined(separator: " · ") : content.title
    x += canvas.put(TextWrapper.truncate(title, width: titleWidth), at: Point(x: x, y: frame.minY), style: base.with(attributes: .bold), clip: clip)
    x += canvas.put(subtitle, at: Point(x: x, y: frame.minY), style: isSelected ? base : theme.secondaryStyle, clip: clip)
    canvas.put(
      TextWrapper.truncate(tags, width: max(0, frame.maxX - x)), at: Point(x: x, y: frame.minY),
      style: isSelected ? base : Style(attributes: .dim), clip: clip)
  }
}
