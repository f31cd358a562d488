/// A card's content packed into bytes, so that a million cards cost their text
/// and a few bytes each rather than a dozen separate strings and arrays.
///
/// The layout is a flags byte (subtitle, image, aspect, text, fields), the aspect's
/// two sides when present (as counts when both are whole numbers, as most
/// pictures' pixel sizes are: 2-6 bytes; else as 64-bit floats), then each string as a variable-length
/// count followed by its UTF-8: the title, the subtitle, the image, the text, the
/// number of `key: value` fields and each field, and finally the number of tags
/// and each tag. The store follows it with the
/// item's id and group (``appendText(_:to:)``).
///
/// ```swift
/// var packed: [UInt8] = []
/// card.pack(into: &packed)
/// packed.withUnsafeBufferPointer { CardContent(unpacking: $0) } == card   // true
/// ```
extension CardContent {
  /// The flags byte's bits: which optional fields follow.
  enum PackedFlag {
    static let subtitle: UInt8 = 1
    static let image: UInt8 = 2
    static let aspect: UInt8 = 4
    static let text: UInt8 = 8
    static let fields: UInt8 = 16
    /// With ``aspect``: its sides are whole numbers, written as counts.
    static let wholeAspect: UInt8 = 32
  }

  /// The flags that say how `aspect` is packed: none without one, and
  /// ``PackedFlag/wholeAspect`` beside ``PackedFlag/aspect`` when both its
  /// sides are whole numbers below 2^32 (they then take 2-6 bytes, not 16).
  ///
  /// ```swift
  /// CardContent.aspectFlags(Aspect(width: 490, height: 720))   // aspect | wholeAspect
  /// CardContent.aspectFlags(Aspect(width: 4.5, height: 3))     // aspect
  /// ```
  static func aspectFlags(_ aspect: Aspect?) -> UInt8 {
    guard let aspect else { return 0 }
    func whole(_ side: Double) -> Bool { side >= 0 && side < 4_294_967_296 && side.rounded(.towardZero) == side }
    return whole(aspect.width) && whole(aspect.height) ? PackedFlag.aspect | PackedFlag.wholeAspect : PackedFlag.aspect
  }

  /// Appends `aspect`'s two sides as `flags` (``aspectFlags(_:)``) say.
  static func appendAspect(_ aspect: Aspect, flags: UInt8, to bytes: inout [UInt8]) {
    if flags & PackedFlag.wholeAspect != 0 {
      appendCount(Int(aspect.width), to: &bytes)
      appendCount(Int(aspect.height), to: &bytes)
    } else {
      appendDouble(aspect.width, to: &bytes)
      appendDouble(aspect.height, to: &bytes)
    }
  }

  /// Appends this content, packed, to `bytes`.
  public func pack(into bytes: inout [UInt8]) {
    var flags: UInt8 = 0
    if subtitle != nil { flags |= PackedFlag.subtitle }
    if image != nil { flags |= PackedFlag.image }
    flags |= Self.aspectFlags(aspect)
    if text != nil { flags |= PackedFlag.text }
    if !fields.isEmpty { flags |= PackedFlag.fields }
    bytes.append(flags)
    if let aspect { Self.appendAspect(aspect, flags: flags, to: &bytes) }
    Self.appendString(title, to: &bytes)
    if let subtitle { Self.appendString(subtitle, to: &bytes) }
    if let image { Self.appendString(image, to: &bytes) }
    if let text { Self.appendString(text, to: &bytes) }
    if !fields.isEmpty {
      Self.appendCount(fields.count, to: &bytes)
      for field in fields { Self.appendString(field, to: &bytes) }
    }
    Self.appendCount(tags.count, to: &bytes)
    for tag in tags { Self.appendString(tag, to: &bytes) }
  }

  /// The content packed in `bytes` by ``pack(into:)``.
  public init(unpacking bytes: UnsafeBufferPointer<UInt8>) {
    var reader = Reader(bytes: bytes)
    let flags = reader.byte()
    let aspect = reader.aspect(flags: flags)
    let title = reader.string()
    let subtitle = flags & PackedFlag.subtitle != 0 ? reader.string() : nil
    let image = flags & PackedFlag.image != 0 ? reader.string() : nil
    let text = flags & PackedFlag.text != 0 ? reader.string() : nil
    var fields: [String] = []
    if flags & PackedFlag.fields != 0 {
      for _ in 0..<reader.count() { fields.append(reader.string()) }
    }
    let tagCount = reader.count()
    var tags: [String] = []
    tags.reserveCapacity(tagCount)
    for _ in 0..<tagCount { tags.append(reader.string()) }
    self.init(title: title, subtitle: subtitle, image: image, aspect: aspect, tags: tags, text: text, fields: fields)
  }

  /// The height of the card packed at the start of `bytes`, `width` columns wide,
  /// read in place: no string is built (see ``CardHeight``).
  /// `measured` stands in for a missing aspect (a size read from the picture).
  static func packedHeight(in bytes: UnsafeBufferPointer<UInt8>, width: Int, aspect measured: Aspect? = nil) -> Int {
    var reader = Reader(bytes: bytes)
    let flags = reader.byte()
    let aspect = flags & PackedFlag.aspect != 0 ? reader.aspect(flags: flags) : measured
    let title = reader.slice()
    let subtitle = flags & PackedFlag.subtitle != 0 ? reader.slice() : nil
    if flags & PackedFlag.image != 0 { reader.skipString() }
    let text = flags & PackedFlag.text != 0 ? reader.slice() : nil
    var fieldCount = 0
    if flags & PackedFlag.fields != 0 {
      fieldCount = reader.count()
      for _ in 0..<fieldCount { reader.skipString() }
    }
    let hasTags = reader.count() > 0
    return CardHeight.of(
      aspect: aspect, title: title, subtitle: subtitle, hasSubtitle: subtitle != nil, hasImage: flags & PackedFlag.image != 0,
      hasTags: hasTags, text: text, fieldCount: fieldCount, width: width)
  }

  /// The image of the content packed at the start of `bytes`, when it has one and
  /// no aspect; read without unpacking the rest.
  static func packedImageWithoutAspect(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var reader = Reader(bytes: bytes)
    let flags = reader.byte()
    guard flags & PackedFlag.image != 0, flags & PackedFlag.aspect == 0 else { return nil }
    reader.skipString()
    if flags & PackedFlag.subtitle != 0 { reader.skipString() }
    return reader.string()
  }

  /// How many bytes the content packed at the start of `bytes` takes.
  static func packedLength(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var reader = Reader(bytes: bytes)
    let flags = reader.byte()
    _ = reader.aspect(flags: flags)
    reader.skipString()
    if flags & PackedFlag.subtitle != 0 { reader.skipString() }
    if flags & PackedFlag.image != 0 { reader.skipString() }
    if flags & PackedFlag.text != 0 { reader.skipString() }
    if flags & PackedFlag.fields != 0 {
      for _ in 0..<reader.count() { reader.skipString() }
    }
    for _ in 0..<reader.count() { reader.skipString() }
    return reader.position
  }

  static func appendCount(_ count: Int, to bytes: inout [UInt8]) {
    var value = UInt(count)
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  static func appendString(_ string: String, to bytes: inout [UInt8]) {
    var string = string
    string.withUTF8 { appendBytes($0, to: &bytes) }
  }

  /// Appends a string given as its UTF-8: its length, then its bytes.
  static func appendBytes(_ utf8: some Collection<UInt8>, to bytes: inout [UInt8]) {
    appendCount(utf8.count, to: &bytes)
    bytes.append(contentsOf: utf8)
  }

  /// Appends an optional text (an id, a group): 0 for none, else its length + 1
  /// and its bytes.
  static func appendText(_ text: String?, to bytes: inout [UInt8]) {
    guard let text else {
      bytes.append(0)
      return
    }
    let utf8 = Array(text.utf8)
    appendCount(utf8.count + 1, to: &bytes)
    bytes.append(contentsOf: utf8)
  }

  /// Reads an optional text written by ``appendText(_:to:)`` at `position`,
  /// moving past it.
  static func readText(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> String? {
    var reader = Reader(bytes: bytes, position: position)
    let length = reader.count()
    position = reader.position
    guard length > 0 else { return nil }
    defer { position += length - 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<(position + length - 1)]), as: UTF8.self)
  }

  static func appendDouble(_ value: Double, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Reads packed fields in order.
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func byte() -> UInt8 {
      defer { position += 1 }
      return bytes[position]
    }

    mutating func count() -> Int {
      var value: UInt = 0
      var shift: UInt = 0
      while true {
        let b = byte()
        value |= UInt(b & 0x7F) << shift
        if b & 0x80 == 0 { return Int(value) }
        shift += 7
      }
    }

    mutating func string() -> String {
      let length = count()
      defer { position += length }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]), as: UTF8.self)
    }

    mutating func slice() -> UnsafeBufferPointer<UInt8> {
      let length = count()
      defer { position += length }
      return UnsafeBufferPointer(rebasing: bytes[position..<(position + length)])
    }

    mutating func skipString() {
      position += count()
    }

    /// The aspect the flags say follows (nil when none does, or when its
    /// sides are not usable).
    mutating func aspect(flags: UInt8) -> Aspect? {
      guard flags & PackedFlag.aspect != 0 else { return nil }
      if flags & PackedFlag.wholeAspect != 0 {
        let width = count()
        return Aspect(width: Double(width), height: Double(count()))
      }
      let width = double()
      return Aspect(width: width, height: double())
    }

    mutating func double() -> Double {
      var bits: UInt64 = 0
      for i in 0..<8 { bits |= UInt64(byte()) << (8 * UInt64(i)) }
      return Double(bitPattern: UInt64(littleEndian: bits))
    }
  }
}
