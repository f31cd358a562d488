import WaterfallLayout
import WaterfallView

/// How a card's rows are spent: its picture area, title lines, subtitle, tags and
/// text, for a given width and (for fixed-size cards) height.
///
/// In a waterfall a card is as tall as its plan wants: the picture follows the
/// item's aspect ratio at the card's width (halved, since a cell is about twice as
/// tall as it is wide, and kept between 2 and 20 rows), never drawn larger than
/// about twice its size (``PictureArea``), the title wraps to at most three
/// lines (a picture's file name takes one, elided in the middle), and a card without a picture size shows up to eight lines of its
/// text instead. A card whose item named no title and no text shows its `key:
/// value` fields (``CardContent/fields``), a line each: up to eight, or three under
/// a picture. A card that would say one line (a title, perhaps with a subtitle
/// beside it) is one row without a box (``CompactCard``). In a grid every card has the same height, and the plan fits into
/// it: the title's first line and the subtitle first, then the picture.
///
/// ```swift
/// let plan = CardPlan(content: card, width: 24)
/// plan.height   // borders + picture + title + subtitle + tags
/// ```
public struct CardPlan: Hashable, Sendable {
  public static let maximumTitleLines = 3
  public static let maximumTextLines = 8
  public static let imageRows = 2...20
  /// The most `key: value` lines under a picture.
  public static let maximumFieldLinesWithPicture = 3

  public var imageRows = 0
  /// The columns and rows the picture itself takes in its area (``PictureArea``:
  /// at most about twice its size), centred there; the whole area by default.
  public var pictureWidth: Int?
  public var pictureRows: Int?
  public var title: [String] = []
  public var subtitle: String?
  public var tags: String?
  public var text: [String] = []
  /// `key: value` lines, each cut to the width.
  public var fields: [String] = []
  /// The sort field's `key: value` line (``CardContent/sortLine``), under the
  /// subtitle, cut to the width; on a card of one row, its right end shows it.
  public var sortLine: String?
  /// Whether the card is one row without a box (``CompactCard``): its title
  /// and, at its right end, its subtitle.
  public var isCompact = false

  /// The rows inside the border.
  public var innerHeight: Int {
    imageRows + title.count + (subtitle == nil ? 0 : 1) + (sortLine == nil ? 0 : 1) + (tags == nil ? 0 : 1) + text.count + fields.count
  }

  /// How many of `count` fields a waterfall card shows.
  static func fieldLines(_ count: Int, withPicture: Bool) -> Int {
    min(count, withPicture ? maximumFieldLinesWithPicture : CardContent.maximumFields)
  }

  /// The card's height with its border (one row, for a compact card).
  public var height: Int { isCompact ? 1 : innerHeight + 2 }

  /// The plan of a card `width` columns wide, as tall as it wants to be.
  public init(content: CardContent, width: Int) {
    if content.aspect == nil, content.image == nil, content.tags.isEmpty, content.text == nil, content.fields.isEmpty,
      CompactCard.applies(title: content.title, subtitle: content.subtitle, width: width)
    {
      isCompact = true
      // The sort field's value goes beside the subtitle: the card stays one row.
      let side = [content.subtitle, content.sortLine].compactMap { $0 }.joined(separator: " · ")
      let line = CompactCard.line(title: content.title, subtitle: side.isEmpty ? nil : side, width: width)
      title = [line.title]
      subtitle = line.subtitle
      return
    }
    let inner = max(1, width - 2)
    if let aspect = content.aspect {
      let area = PictureArea(aspect: aspect, inner: inner)
      imageRows = area.rows
      if area.width < inner { pictureWidth = area.width }
    }
    if Self.namesAFile(content) {
      title = [TextWrapper.truncateMiddle(content.title, width: inner)]
    } else {
      title = TextWrapper.wrap(content.title, width: inner, maxLines: Self.maximumTitleLines)
    }
    subtitle = content.subtitle.map { TextWrapper.truncate($0, width: inner) }
    sortLine = content.sortLine.map { TextWrapper.truncate($0, width: inner) }
    tags = Self.tagLine(content.tags, width: inner)
    if content.aspect == nil, let text = content.text {
      self.text = TextWrapper.wrap(text, width: inner, maxLines: Self.maximumTextLines)
    }
    fields = content.fields.prefix(Self.fieldLines(content.fields.count, withPicture: content.aspect != nil))
      .map { TextWrapper.truncate($0, width: inner) }
    if innerHeight == 0 { title = [""] }
  }

  /// The plan of a card of a fixed `size` (a grid's).
  public init(content: CardContent, size: Size) {
    let inner = max(1, size.width - 2)
    var rows = max(0, size.height - 2)
    let hasPicture = content.aspect != nil || content.image != nil
    // The first line of the title, then the subtitle, are always shown.
    let titleLimit = rows >= 10 ? 2 : 1
    if content.title.isEmpty, let first = content.fields.first {
      // No title: the first field stands in for it.
      title = rows > 0 ? [TextWrapper.truncate(first, width: inner)] : []
    } else {
      title = Array(TextWrapper.wrap(content.title, width: inner, maxLines: min(rows, titleLimit)).prefix(rows))
    }
    rows -= title.count
    if rows > 0, let s = content.subtitle {
      subtitle = TextWrapper.truncate(s, width: inner)
      rows -= 1
    }
    if rows > 0, let line = content.sortLine {
      sortLine = TextWrapper.truncate(line, width: inner)
      rows -= 1
    }
    if hasPicture {
      // Tags only when the picture keeps at least 3 rows.
      if rows >= 4, let line = Self.tagLine(content.tags, width: inner) {
        tags = line
        rows -= 1
      }
      imageRows = rows
      if let aspect = content.aspect {
        let largest = PictureArea.largest(aspect)
        if largest.width < inner { pictureWidth = largest.width }
        if largest.height < rows { pictureRows = max(largest.height, Self.imageRows.lowerBound) }
      }
    } else {
      if rows > 0, let line = Self.tagLine(content.tags, width: inner) {
        tags = line
        rows -= 1
      }
      if rows > 0, let t = content.text {
        text = TextWrapper.wrap(t, width: inner, maxLines: rows)
      }
      if rows > 0, content.title.isEmpty {
        fields = content.fields.dropFirst().prefix(rows).map { TextWrapper.truncate($0, width: inner) }
      }
    }
  }

  /// Whether the card's title is a picture's file name (one word under a
  /// picture): it takes one line, its middle elided (`IMG_2024…0001.jpg`).
  static func namesAFile(_ content: CardContent) -> Bool {
    (content.aspect != nil || content.image != nil) && !content.title.isEmpty && !content.title.contains(where: \.isWhitespace)
  }

  /// The tags as one line, `#a #b`, cut to `width`.
  static func tagLine(_ tags: [String], width: Int) -> String? {
    guard !tags.isEmpty else { return nil }
    return TextWrapper.truncate(tags.map { "#" + $0 }.joined(separator: " "), width: width)
  }
}
