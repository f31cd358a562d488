/// Reads what a card needs from one item's JSON text, checking all of it.
///
/// Only the fields that play a part (``FieldRoles``) are built into values; every
/// other field is skipped by the parser, which still checks its syntax. An item
/// with a hundred fields costs little more than one with five.
///
/// ```swift
/// let scanner = ItemScanner(roles: FieldRoles())
/// let item = try scanner.scan(bytes, offset: 0)   // bytes: {"title":"Mug","stock":[…]}
/// item.content.title                              // "Mug"
/// ```
public struct ItemScanner: Sendable {
  public let roles: FieldRoles
  private let keys: Set<String>

  public init(roles: FieldRoles) {
    self.roles = roles
    keys = Set(roles.title + roles.subtitle + roles.width + roles.height + roles.image + roles.tags + roles.text + roles.id + roles.group)
  }

  /// The item whose JSON text is exactly `bytes` (no surrounding whitespace),
  /// found `offset` bytes into its page. `keepingBytes` keeps a copy of the text.
  ///
  /// - Throws: the first syntax error, its offset counted from `bytes[0]`.
  public func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, offset: Int, keepingBytes: Bool = false
  ) throws(JSONSyntaxError) -> ScannedItem {
    var parser = JSONParser(bytes: bytes)
    let item = try scanValue(&parser, pageOffset: offset, keepingBytes: keepingBytes)
    if !parser.isAtEnd {
      throw JSONSyntaxError("unexpected \(parser.describeByte(parser.position)) after the JSON value", at: parser.position)
    }
    return item
  }

  /// The item whose JSON text starts at `parser`'s position, leaving the parser
  /// just after it. `pageOffset` is the page offset of the parser's first byte.
  ///
  /// - Throws: the first syntax error; the parser is left where it stopped, so a
  ///   caller can tell an item cut off by the end of its bytes from a broken one.
  public func scanValue(
    _ parser: inout JSONParser, pageOffset: Int, keepingBytes: Bool = false
  ) throws(JSONSyntaxError) -> ScannedItem {
    let start = parser.position
    let value = try parser.parseObject(keeping: keys.contains)
    let text = UnsafeBufferPointer(rebasing: parser.bytes[start..<parser.position])
    return ScannedItem(
      content: Self.limited(CardContent(value: value, roles: roles)),
      id: roles.first(roles.id, in: value)?.text,
      group: roles.group.isEmpty ? nil : roles.first(roles.group, in: value)?.text,
      offset: pageOffset + start,
      length: text.count,
      json: keepingBytes ? Array(text) : nil)
  }

  /// The longest string a card keeps, in bytes; the details show the whole text.
  static let cardTextLimit = 4096
  /// The most tags a card keeps.
  static let cardTagLimit = 64

  /// `content` with its strings cut to what a card can show, so that an item
  /// with a 10 MB title costs a card 4 KiB; the text is kept only for a card
  /// without a picture size, the only kind that shows it (see ``CardPlan``).
  static func limited(_ content: CardContent) -> CardContent {
    func cut(_ text: String) -> String {
      guard text.utf8.count > cardTextLimit else { return text }
      let head = Array(text.utf8.prefix(cardTextLimit + 1))
      var end = cardTextLimit
      while end > 0, head[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
      return String(decoding: head[..<end], as: UTF8.self) + "…"
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
