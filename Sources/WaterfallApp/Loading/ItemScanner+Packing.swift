/// Packing a card straight from the places its values were found
/// (``ItemScanner/Packer``), and what a card keeps of a long text: the same
/// bytes `CardContent.pack` writes for `limited(CardContent(value:roles:))`.
///
/// ```swift
/// var packer = ItemScanner.Packer(bytes: bytes)
/// packer.offer(.title, rank: 0, start: 9, end: 14)
/// packer.pack(into: &packed)
/// ItemScanner.limited(content).title.utf8.count   // at most cardTextLimit + 3
/// ```
extension ItemScanner {
  /// Packs a card from the places of its fields' values: the same bytes
  /// `CardContent.pack` writes for `limited(CardContent(value:roles:))`, then the
  /// id and the group.
  struct Packer {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where each role's value was found, by ``Role``: filled in place by
    /// ``offer(_:rank:start:end:)`` while the item is walked (256 bytes, never
    /// copied from a walk's own table).
    private(set) var found = Places(repeating: nil)
    /// Scratch for one string's text.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    /// Takes the value at `start..<end` for `role` when no better candidate
    /// (a lower `rank`) plays it already.
    mutating func offer(_ role: Role, rank: Int, start: Int, end: Int) {
      if (found[role.rawValue]?.rank ?? .max) > rank { found[role.rawValue] = Found(rank: rank, start: start, end: end) }
    }

    func value(_ role: Role) -> Found? { found[role.rawValue] }

    /// Whether the card would have neither title nor text: it then shows the
    /// item's first fields, which the plain road finds.
    var saysNothing: Bool {
      let title = hasText(value(.title))
      let text = hasText(value(.text))
      return !(title.has && !title.empty) && !(text.has && !text.empty)
    }

    /// Whether the value at `place` has text (a string, number or boolean), and
    /// whether that text is empty.
    func hasText(_ place: Found?) -> (has: Bool, empty: Bool) {
      guard let place else { return (false, true) }
      switch bytes[place.start] {
      case UInt8(ascii: "\""): return (true, place.end - place.start == 2)
      case UInt8(ascii: "n"), UInt8(ascii: "["), UInt8(ascii: "{"): return (false, true)
      default: return (true, false)
      }
    }

    /// Appends the text of the value at `place` (known to have text) to `utf8`.
    func appendText(at place: Found, to utf8: inout [UInt8]) {
      if bytes[place.start] == UInt8(ascii: "\"") {
        var parser = JSONParser(bytes: bytes, position: place.start)
        try? parser.appendString(to: &utf8)
      } else {
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[place.start..<place.end]))
      }
    }

    /// The number a width or height value stands for (a number, or a numeric string).
    func number(_ place: Found?) -> Double? {
      guard let place else { return nil }
      switch bytes[place.start] {
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let text = UnsafeBufferPointer(rebasing: bytes[place.start..<place.end])
        return ItemScanner.wholeNumber(text) ?? Double(String(decoding: text, as: UTF8.self))
      case UInt8(ascii: "\""):
        var utf8: [UInt8] = []
        appendText(at: place, to: &utf8)
        return Double(String(decoding: utf8, as: UTF8.self).trimmingSpaces())
      default:
        return nil
      }
    }

    /// Puts the text of the value at `place` in `scratch`, as a `String` would
    /// hold it: invalid UTF-8 replaced by U+FFFD. With `forCard`, a long string
    /// is read only as far as a card keeps it (``appendCardText(at:to:)``).
    mutating func readText(at place: Found, forCard: Bool = false) {
      scratch.removeAll(keepingCapacity: true)
      if forCard { appendCardText(at: place, to: &scratch) } else { appendText(at: place, to: &scratch) }
      if !ItemScanner.isValidUTF8(scratch) { scratch = Array(String(decoding: scratch, as: UTF8.self).utf8) }
    }

    /// How many of a string's bytes are read for a card: an escape is at most
    /// six bytes for one of text, so they hold at least 63 bytes more text than
    /// a card keeps, and the cut (``ItemScanner/cut(_:)``) falls where the
    /// whole text's would; past them, a 200 MB string costs a card nothing more.
    static let cardReadLimit = 6 * (ItemScanner.cardTextLimit + 64)

    /// Appends the text of the value at `place`, or of a long string only its
    /// first ``cardReadLimit`` bytes (the whole item was checked already).
    func appendCardText(at place: Found, to utf8: inout [UInt8]) {
      guard bytes[place.start] == UInt8(ascii: "\""), place.end - place.start > Self.cardReadLimit else {
        appendText(at: place, to: &utf8)
        return
      }
      var parser = JSONParser(bytes: UnsafeBufferPointer(rebasing: bytes[..<(place.start + Self.cardReadLimit)]), position: place.start)
      try? parser.appendString(to: &utf8)  // "unterminated": it stops at the limit, the text so far appended
    }

    /// The bytes between a string's quotes when they are its text as they
    /// are: no escape or control, well-formed UTF-8, and no longer than a card
    /// keeps. Nil for any other value.
    func plainText(at place: Found) -> UnsafeBufferPointer<UInt8>? {
      guard bytes[place.start] == UInt8(ascii: "\""), place.end - place.start - 2 <= ItemScanner.cardTextLimit,
        JSONParser(bytes: bytes).plainRunEnd(from: place.start + 1) == place.end - 1
      else { return nil }
      let inner = UnsafeBufferPointer(rebasing: bytes[(place.start + 1)..<(place.end - 1)])
      return ItemScanner.isValidUTF8(inner) ? inner : nil
    }

    /// Appends one string field: its text cut to ``ItemScanner/cardTextLimit``
    /// (a plain string's bytes straight from the item's).
    mutating func packText(at place: Found, into packed: inout [UInt8]) {
      if let plain = plainText(at: place) {
        CardContent.appendBytes(plain, to: &packed)
        return
      }
      readText(at: place, forCard: true)
      ItemScanner.cut(&scratch)
      CardContent.appendBytes(scratch, to: &packed)
    }

    /// Packs the card, with `fields` as its `key: value` lines.
    mutating func pack(into packed: inout [UInt8], fields: [String] = []) {
      var aspect: CardContent.Aspect?
      if let w = number(value(.width)), let h = number(value(.height)) { aspect = CardContent.Aspect(width: w, height: h) }
      let subtitle = hasText(value(.subtitle))
      let image = hasText(value(.image))
      let text = hasText(value(.text))
      let keepsText = text.has && !text.empty && aspect == nil
      var flags: UInt8 = 0
      if subtitle.has && !subtitle.empty { flags |= CardContent.PackedFlag.subtitle }
      if image.has && !image.empty { flags |= CardContent.PackedFlag.image }
      flags |= CardContent.aspectFlags(aspect)
      if keepsText { flags |= CardContent.PackedFlag.text }
      if !fields.isEmpty { flags |= CardContent.PackedFlag.fields }
      packed.append(flags)
      if let aspect { CardContent.appendAspect(aspect, flags: flags, to: &packed) }
      if hasText(value(.title)).has, let title = value(.title) {
        packText(at: title, into: &packed)
      } else {
        CardContent.appendCount(0, to: &packed)
      }
      if flags & CardContent.PackedFlag.subtitle != 0 { packText(at: value(.subtitle)!, into: &packed) }
      if flags & CardContent.PackedFlag.image != 0 { packText(at: value(.image)!, into: &packed) }
      if keepsText { packText(at: value(.text)!, into: &packed) }
      if !fields.isEmpty {
        CardContent.appendCount(fields.count, to: &packed)
        for field in fields { CardContent.appendString(field, to: &packed) }
      }
      packTags(into: &packed)
      packOptionalText(value(.id), into: &packed)
      packOptionalText(value(.group), into: &packed)
    }

    /// The height at `width` of the card ``pack(into:fields:)`` would pack
    /// with `fieldCount` `key: value` lines, measured from the item's own bytes as
    /// ``CardContent/packedHeight(in:width:aspect:)`` measures the packed
    /// card: what a reading that lets the card go needs of it. Nil when a text
    /// it measures is not a plain string (an escape, a number, one past
    /// ``ItemScanner/cardTextLimit``), or the card names a picture without
    /// its size (that card is kept) unless `measuresUnsizedPicture`: the card
    /// is packed then. (A worker measuring cards already read measures such a
    /// card as its packed card is measured, its picture's size not known.)
    ///
    /// ```swift
    /// packer.measuredHeight(width: 30)   // {"title":"Mug","tags":["a"]}: 2 borders + title + tags = 4
    /// ```
    func measuredHeight(width: Int, fieldCount: Int = 0, measuresUnsizedPicture: Bool = false) -> Int? {
      var aspect: CardContent.Aspect?
      if let w = number(value(.width)), let h = number(value(.height)) { aspect = CardContent.Aspect(width: w, height: h) }
      let subtitle = hasText(value(.subtitle))
      let image = hasText(value(.image))
      let text = hasText(value(.text))
      let hasSubtitle = subtitle.has && !subtitle.empty
      let hasImage = image.has && !image.empty
      guard !hasImage || aspect != nil || measuresUnsizedPicture else { return nil }
      var title = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
      if hasText(value(.title)).has, let place = value(.title) {
        guard let plain = plainText(at: place) else { return nil }
        title = plain
      }
      var subtitleText: UnsafeBufferPointer<UInt8>?
      if hasSubtitle {
        guard let plain = plainText(at: value(.subtitle)!) else { return nil }
        subtitleText = plain
      }
      var textText: UnsafeBufferPointer<UInt8>?
      if text.has && !text.empty && aspect == nil {
        guard let plain = plainText(at: value(.text)!) else { return nil }
        textText = plain
      }
      return CardHeight.of(
        aspect: aspect, title: title, subtitle: subtitleText, hasSubtitle: hasSubtitle, hasImage: hasImage,
        hasTags: hasTags, text: textText, fieldCount: fieldCount, width: width)
    }

    /// Whether the card has a tag: the array's first element with non-empty
    /// text, or a scalar's text.
    private var hasTags: Bool {
      guard let tags = value(.tags) else { return false }
      guard bytes[tags.start] == UInt8(ascii: "[") else {
        let text = hasText(tags)
        return text.has && !text.empty
      }
      return forEachTag(in: tags, upTo: 1) { _ in } > 0
    }

    /// The tags: an array's elements that have non-empty text (at most
    /// ``ItemScanner/cardTagLimit``), or a scalar's text. An array is walked
    /// twice, to count them and to pack them: nothing is kept between.
    mutating func packTags(into packed: inout [UInt8]) {
      guard let tags = value(.tags) else { return CardContent.appendCount(0, to: &packed) }
      guard bytes[tags.start] == UInt8(ascii: "[") else {
        let text = hasText(tags)
        let has = text.has && !text.empty
        CardContent.appendCount(has ? 1 : 0, to: &packed)
        if has { packText(at: tags, into: &packed) }
        return
      }
      let count = forEachTag(in: tags, upTo: ItemScanner.cardTagLimit) { _ in }
      CardContent.appendCount(count, to: &packed)
      _ = forEachTag(in: tags, upTo: count) { packText(at: $0, into: &packed) }
    }

    /// Calls `body` with each element of the array at `tags` that has
    /// non-empty text, the first `limit` of them; returns how many it was called with.
    private func forEachTag(in tags: Found, upTo limit: Int, _ body: (Found) -> Void) -> Int {
      var count = 0
      var parser = JSONParser(bytes: bytes, position: tags.start + 1)
      parser.skipWhitespace()
      while parser.peek != UInt8(ascii: "]"), count < limit {
        let start = parser.position
        guard (try? parser.skipValue(depth: 1)) != nil else { break }
        let place = Found(rank: 0, start: start, end: parser.position)
        let text = hasText(place)
        if text.has && !text.empty {
          body(place)
          count += 1
        }
        parser.skipWhitespace()
        if parser.peek == UInt8(ascii: ",") { parser.position += 1 }
        parser.skipWhitespace()
      }
      return count
    }

    /// An id or group: its text, or none (as ``CardContent/appendText(_:to:)``).
    mutating func packOptionalText(_ place: Found?, into packed: inout [UInt8]) {
      guard let place, hasText(place).has else {
        packed.append(0)
        return
      }
      // A number or a boolean is its bytes (ASCII); a plain string the bytes between its quotes.
      if let plain = bytes[place.start] == UInt8(ascii: "\"") ? plainText(at: place) : UnsafeBufferPointer(rebasing: bytes[place.start..<place.end]) {
        CardContent.appendCount(plain.count + 1, to: &packed)
        packed.append(contentsOf: plain)
        return
      }
      readText(at: place)
      CardContent.appendCount(scratch.count + 1, to: &packed)
      packed.append(contentsOf: scratch)
    }
  }

  /// Whether `utf8` is well-formed UTF-8 (no stray continuation bytes, overlong
  /// forms, surrogates or scalars past U+10FFFF).
  static func isValidUTF8(_ utf8: [UInt8]) -> Bool {
    utf8.withUnsafeBufferPointer { isValidUTF8($0) }
  }

  /// Whether `utf8` is well-formed UTF-8 (see the array's).
  static func isValidUTF8(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < utf8.count {
      // Eight ASCII bytes at once: no byte of the word has its high bit set.
      if i + 8 <= utf8.count, UnsafeRawPointer(utf8.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        i += 8
        continue
      }
      let lead = utf8[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      // Three bytes led by E1-EC or EE-EF (most of CJK): two continuations make
      // it well-formed, as no such scalar is overlong or a surrogate. A run of
      // them is read four bytes a load, the lead and its continuations tested
      // at once, without looking for ASCII words between.
      if lead >= 0xE1, lead != 0xED, i + 3 <= utf8.count, utf8[i + 1] & 0xC0 == 0x80, utf8[i + 2] & 0xC0 == 0x80,
        lead <= 0xEF
      {
        i += 3
        while i + 4 <= utf8.count {
          let word = UnsafeRawPointer(utf8.baseAddress! + i).loadUnaligned(as: UInt32.self)
          let next = word & 0xFF
          guard word & 0x00C0_C0F0 == 0x0080_80E0, next != 0xE0, next != 0xED else { break }
          i += 3
        }
        continue
      }
      let (length, least, bits): (Int, UInt32, UInt8) =
        lead & 0xE0 == 0xC0 ? (2, 0x80, 0x1F) : lead & 0xF0 == 0xE0 ? (3, 0x800, 0x0F) : lead & 0xF8 == 0xF0 ? (4, 0x10000, 0x07) : (0, 0, 0)
      guard length > 0, i + length <= utf8.count else { return false }
      var scalar = UInt32(lead & bits)
      for k in 1..<length {
        let next = utf8[i + k]
        guard next & 0xC0 == 0x80 else { return false }
        scalar = scalar << 6 | UInt32(next & 0x3F)
      }
      guard scalar >= least, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
      i += length
    }
    return true
  }

  /// The longest string a card keeps, in bytes; the details show the whole text.
  static let cardTextLimit = 4096
  /// The most tags a card keeps.
  static let cardTagLimit = 64

  /// Cuts `utf8` to ``cardTextLimit`` bytes, between characters, ending with `…`.
  static func cut(_ utf8: inout [UInt8]) {
    guard utf8.count > cardTextLimit else { return }
    var end = cardTextLimit
    while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
    utf8.removeSubrange(end...)
    utf8.append(contentsOf: "…".utf8)
  }

  /// `content` with its strings cut to what a card can show, so that an item
  /// with a 10 MB title costs a card 4 KiB; the text is kept only for a card
  /// without a picture size, the only kind that shows it (see ``CardPlan``).
  static func limited(_ content: CardContent) -> CardContent {
    func cut(_ text: String) -> String {
      guard text.utf8.count > cardTextLimit else { return text }
      var utf8 = Array(text.utf8)
      Self.cut(&utf8)
      return String(decoding: utf8, as: UTF8.self)
    }
    var limited = content
    limited.title = cut(content.title)
    limited.subtitle = content.subtitle.map(cut)
    limited.image = content.image.map(cut)
    limited.text = content.aspect == nil ? content.text.map(cut) : nil
    limited.tags = content.tags.prefix(cardTagLimit).map(cut)
    return limited
  }
}

extension ItemScanner {
  /// The value of `text` when it is a whole number of at most 15 digits, an
  /// optional minus first (what picture sizes are): exact as a `Double`, so
  /// the same as `Double(String)` makes of it, without making the string.
  /// Nil for anything else (a fraction, an exponent, more digits).
  ///
  /// ```swift
  /// ItemScanner.wholeNumber(bytes)   // "720": 720; "-3": -3; "7.5": nil
  /// ```
  static func wholeNumber(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    let negative = text.first == UInt8(ascii: "-")
    if negative { index = 1 }
    let digits = text.count - index
    guard digits > 0, digits <= 15 else { return nil }
    var value: Int64 = 0
    while index < text.count {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int64(digit)
      index += 1
    }
    return negative ? -Double(value) : Double(value)
  }
}
