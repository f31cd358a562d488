import WaterfallView

/// The rule for a card of one row without a box: an item whose card would
/// say one line (a name, perhaps with a version or a price beside it) takes one
/// row instead of a three-row box, so a screen shows four times as many.
///
/// A card is compact when it has no picture, tags, text or `key: value`
/// lines, and its title is one line, not empty: it fits the card's width beside its
/// subtitle (which takes at most half the width, two spaces apart), or it is a
/// single word (a name that could only be broken mid-word), which is then
/// elided with `…`. One rule for ``CardPlan`` (what is drawn) and
/// ``CardHeight`` (what the layout measures).
///
/// ```swift
/// CompactCard.applies(title: "requests", subtitle: "2.31.0", width: 30)              // true
/// CompactCard.line(title: "antlr4-python3-runtime", subtitle: "4.13.2", width: 24)   // ("antlr4-python3-…", "4.13.2")
/// ```
enum CompactCard {
  /// The narrowest card that is ever compact: narrower, a box shows more.
  static let minimumWidth = 8

  /// Whether a card whose only lines are `title` and `subtitle` is one row at
  /// `width`.
  static func applies(title: String, subtitle: String?, width: Int) -> Bool {
    // An empty card keeps its box: a blank row would not show.
    guard width >= minimumWidth, !title.isEmpty, !title.contains(where: \.isNewline) else { return false }
    let available = width - reserved(by: subtitle, width: width)
    return DisplayText.width(of: title) <= available || !title.contains(" ")
  }

  /// The columns the subtitle and the gap before it take.
  static func reserved(by subtitle: String?, width: Int) -> Int {
    guard let subtitle, !subtitle.isEmpty else { return 0 }
    return min(DisplayText.width(of: subtitle), width / 2) + 2
  }

  /// The row's title and subtitle, each cut to the room it has.
  static func line(title: String, subtitle: String?, width: Int) -> (title: String, subtitle: String?) {
    let side = subtitle.flatMap { $0.isEmpty ? nil : TextWrapper.truncate($0, width: width / 2) }
    return (TextWrapper.truncate(title, width: width - reserved(by: subtitle, width: width)), side)
  }
}
