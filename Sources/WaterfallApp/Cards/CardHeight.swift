import WaterfallLayout
import WaterfallView

/// A waterfall card's height at a width, measured without building the card: the
/// number the layout asks for a million times.
///
/// A card that would say one line is one row (``CompactCard``). It equals
/// ``CardPlan/init(content:width:)``'s ``CardPlan/height`` always (a
/// test checks it over random cards); it is only faster: it reads the packed
/// card in place and counts lines with `TextWrapper.lineCount(utf8:width:maxLines:)`,
/// which builds no line.
///
/// ```swift
/// CardHeight.of(aspect: nil, title: Array("Linen rug".utf8), hasSubtitle: true, hasTags: true, text: nil, width: 24)
/// // 2 borders + 1 title line + 1 subtitle + 1 tags line = 5
/// ```
enum CardHeight {
  /// The height of a card with these fields, `width` columns wide.
  static func of(
    aspect: CardContent.Aspect?, title: UnsafeBufferPointer<UInt8>, subtitle: UnsafeBufferPointer<UInt8>? = nil,
    hasSubtitle: Bool, hasImage: Bool = false, hasTags: Bool, text: UnsafeBufferPointer<UInt8>?, fieldCount: Int = 0, width: Int
  ) -> Int {
    if aspect == nil, !hasImage, !hasTags, text == nil, fieldCount == 0, width >= CompactCard.minimumWidth,
      CompactCard.applies(
        title: String(decoding: title, as: UTF8.self), subtitle: subtitle.map { String(decoding: $0, as: UTF8.self) }, width: width)
    {
      return 1
    }
    let inner = max(1, width - 2)
    var rows = 0
    if let aspect { rows += PictureArea(aspect: aspect, inner: inner).rows }
    if aspect != nil || hasImage, Self.isOneWord(title) {
      rows += 1  // a picture's file name: one line (CardPlan.namesAFile)
    } else {
      rows += TextWrapper.lineCount(utf8: title, width: inner, maxLines: CardPlan.maximumTitleLines)
    }
    if hasSubtitle { rows += 1 }
    if hasTags { rows += 1 }
    if aspect == nil, let text { rows += TextWrapper.lineCount(utf8: text, width: inner, maxLines: CardPlan.maximumTextLines) }
    rows += CardPlan.fieldLines(fieldCount, withPicture: aspect != nil)
    return max(rows, 1) + 2
  }

  /// Whether `utf8` is a title of one word, not empty (``CardPlan/namesAFile(_:)``,
  /// which asks whether a character is whitespace): over the bytes' scalars,
  /// making no string.
  ///
  /// A character is whitespace when its first scalar is (`White_Space`). A
  /// whitespace scalar begins a character, except one that is not a control
  /// right after a `Prepend` scalar (``isPrepend(_:)``), which joins it.
  static func isOneWord(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !utf8.isEmpty else { return false }
    switch firstPossibleWhitespace(utf8) {
    case nil: return true
    // A space after an ASCII byte (no Prepend scalar), or a control: a break.
    case let at? where (0x09...0x0D).contains(utf8[at]) || (utf8[at] == 0x20 && (at == 0 || utf8[at - 1] < 0x80)): return false
    // A space after a well-formed two- or three-byte scalar that is not Prepend
    // (a CJK title's words): a break, told without decoding what comes before.
    case let at? where utf8[at] == 0x20:
      if let before = scalar(endingAt: at, in: utf8), !isPrepend(before) { return false }
    default: break
    }
    var iterator = utf8.makeIterator()
    var decoder = UTF8()
    var previous: UInt32 = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        let value = scalar.value
        if isWhitespace(value), isControl(value) || !isPrepend(previous) { return false }
        previous = value
      case .error: previous = 0xFFFD  // as String(decoding:) repairs it: not whitespace
      case .emptyInput: return true
      }
    }
  }

  /// The scalar whose bytes end just before `end`, when they are two (led by
  /// C2 to DF) or three (led by E1 to EC or EE to EF) and well-formed: such a
  /// scalar is never overlong or a surrogate, and a decoder reading from the
  /// start reaches its lead byte whatever comes before. Nil otherwise.
  ///
  /// ```swift
  /// // utf8: "茶具 mug" (E8 8C B6 E5 85 B7 20 …)
  /// CardHeight.scalar(endingAt: 6, in: utf8)   // 0x5177: 具
  /// ```
  static func scalar(endingAt end: Int, in utf8: UnsafeBufferPointer<UInt8>) -> UInt32? {
    guard end >= 2, utf8[end - 1] & 0xC0 == 0x80 else { return nil }
    let second = utf8[end - 2]
    if (0xC2...0xDF).contains(second) { return UInt32(second & 0x1F) << 6 | UInt32(utf8[end - 1] & 0x3F) }
    guard end >= 3, second & 0xC0 == 0x80 else { return nil }
    let lead = utf8[end - 3]
    guard (0xE1...0xEF).contains(lead), lead != 0xED else { return nil }
    return UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(utf8[end - 1] & 0x3F)
  }

  /// Where the first byte of `utf8` lies that may begin a whitespace scalar
  /// (at or below the space, or the lead byte of U+0085, U+00A0, U+1680,
  /// U+2000 to U+205F, or U+3000's three bytes); nil for most one-word
  /// titles, read a byte at a time without decoding.
  static func firstPossibleWhitespace(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    var i = 0
    while i < utf8.count {
      switch utf8[i] {
      case 0...0x20, 0xC2, 0xE1, 0xE2: return i
      case 0xE3 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && utf8[i + 2] == 0x80: return i
      default: i += 1
      }
    }
    return nil
  }

  /// Whether whitespace `scalar` is a control to grapheme breaking (a
  /// character of its own whatever comes before it).
  static func isControl(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether `scalar` is `Prepend` to grapheme breaking: a character goes on
  /// after it (a test holds this list equal to the breaking the standard
  /// library does, over every scalar).
  static func isPrepend(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0xD4E, 0x110BD, 0x110CD, 0x111C2...0x111C3, 0x113D1,
      0x1193F, 0x11941, 0x11A84...0x11A89, 0x11D46, 0x11F02:
      true
    default: false
    }
  }

  /// Whether `scalar` has Unicode's `White_Space` property (a test holds this
  /// list equal to the property over every scalar).
  static func isWhitespace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }
}
