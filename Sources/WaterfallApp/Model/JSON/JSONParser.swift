/// A JSON parser over UTF-8 bytes (RFC 8259), strict about syntax and forgiving
/// about text: invalid UTF-8 inside strings becomes U+FFFD, a lone surrogate
/// escape becomes U+FFFD.
///
/// It reports the byte offset of the first error, nests at most
/// ``maximumDepth`` levels (deeper input is refused, not crashed on), and can skip
/// a value without building it (``skipValue()``), which is how a loader finds
/// items in a large file cheaply.
///
/// ```swift
/// let bytes = Array(#"[{"title": "Mug"}, {"title": "Lamp"}]"#.utf8)
/// try JSONParser.parse(bytes)   // .array([.object(…), .object(…)])
/// ```
public struct JSONParser {
  /// The deepest nesting accepted.
  public static let maximumDepth = 512

  public let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  public var position: Int

  public init(bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  /// Parses `bytes` as one JSON text (whitespace around it allowed).
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
      try parseDocument(buffer)
    }
  }

  /// Parses a whole buffer as one JSON text: a value and nothing after it.
  public static func parseDocument(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: buffer)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.position < buffer.count {
      throw JSONSyntaxError("unexpected \(parser.describeByte(parser.position)) after the JSON value", at: parser.position)
    }
    return value
  }

  // MARK: Reading

  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or nil at the end.
  public var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  public mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  func describeByte(_ offset: Int) -> String {
    guard offset < bytes.count else { return "end of input" }
    let b = bytes[offset]
    if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
    return String(format: b)
  }

  private func String(format b: UInt8) -> Swift.String {
    let hex = Swift.String(b, radix: 16, uppercase: true)
    return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
  }

  public mutating func parseValue(depth: Int = 0) throws(JSONSyntaxError) -> JSONValue {
    guard position < bytes.count else { throw JSONSyntaxError("unexpected end of input, expected a value", at: position) }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectWord("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = position
      try scanNumber()
      return .number(Swift.String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    default:
      throw notAValue()
    }
  }

  /// The error for a byte that starts no value.
  private func notAValue() -> JSONSyntaxError {
    JSONSyntaxError("unexpected \(describeByte(position)), expected a value", at: position)
  }

  private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
    let start = position
    let count = word.utf8CodeUnitCount
    var i = 0
    while i < count {
      guard position < bytes.count, bytes[position] == word.utf8Start[i] else {
        throw JSONSyntaxError("invalid literal, expected '\(word)'", at: start)
      }
      position += 1
      i += 1
    }
  }

  private mutating func enter(_ depth: Int) throws(JSONSyntaxError) {
    if depth > Self.maximumDepth {
      throw JSONSyntaxError("nesting deeper than \(Self.maximumDepth) levels", at: position)
    }
  }

  /// Parses the object at ``position``, building only the members whose key
  /// `keep` accepts: the others are skipped, though still checked. This is how a
  /// loader reads the few fields a card shows from an item with many.
  ///
  /// ```swift
  /// var parser = JSONParser(bytes: buffer)
  /// let card = try parser.parseObject(keeping: { $0 == "title" })   // .object([title])
  /// ```
  public mutating func parseObject(keeping keep: (String) -> Bool) throws(JSONSyntaxError) -> JSONValue {
    guard peek == UInt8(ascii: "{") else { return try parseValue() }
    return try parseObject(depth: 1, keeping: keep)
  }

  private mutating func parseObject(depth: Int, keeping keep: (String) -> Bool = { _ in true }) throws(JSONSyntaxError) -> JSONValue {
    try enter(depth)
    position += 1
    var members: [JSONMember] = []
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else {
        throw JSONSyntaxError("expected a string key, found \(describeByte(position))", at: position)
      }
      let key = try parseString()
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else {
        throw JSONSyntaxError("expected ':' after the key, found \(describeByte(position))", at: position)
      }
      position += 1
      skipWhitespace()
      if !keep(key) {
        try skipValue(depth: depth)
      } else {
        members.append(JSONMember(key: key, value: try parseValue(depth: depth)))
      }
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(members)
      default:
        throw JSONSyntaxError("expected ',' or '}' in the object, found \(describeByte(position))", at: position)
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    try enter(depth)
    position += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      position += 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      values.append(try parseValue(depth: depth))
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(values)
      default:
        throw JSONSyntaxError("expected ',' or ']' in the array, found \(describeByte(position))", at: position)
      }
    }
  }

  /// Checks a number's grammar and moves past it.
  mutating func scanNumber() throws(JSONSyntaxError) {
    let start = position
    if peek == UInt8(ascii: "-") { position += 1 }
    guard let first = peek, first >= 0x30 && first <= 0x39 else {
      throw JSONSyntaxError("invalid number", at: start)
    }
    if first == UInt8(ascii: "0") {
      position += 1
    } else {
      while let d = peek, d >= 0x30 && d <= 0x39 { position += 1 }
    }
    if peek == UInt8(ascii: ".") {
      position += 1
      guard let d = peek, d >= 0x30 && d <= 0x39 else { throw JSONSyntaxError("invalid number: digits expected after '.'", at: position) }
      while let d = peek, d >= 0x30 && d <= 0x39 { position += 1 }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      position += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
      guard let d = peek, d >= 0x30 && d <= 0x39 else { throw JSONSyntaxError("invalid number: digits expected in the exponent", at: position) }
      while let d = peek, d >= 0x30 && d <= 0x39 { position += 1 }
    }
  }

  /// Parses a string starting at the opening quote.
  public mutating func parseString() throws(JSONSyntaxError) -> Swift.String {
    let open = position
    position += 1
    let start = position
    // Fast path: no escapes, and the text is made straight from the input.
    while position < bytes.count {
      position = plainRunEnd(from: position)
      guard position < bytes.count else { break }
      let b = bytes[position]
      if b == UInt8(ascii: "\"") {
        let text = Swift.String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if b == UInt8(ascii: "\\") { break }
      throw JSONSyntaxError("control character in a string (escape it as \\u00\(hex2(b)))", at: position)
    }
    guard position < bytes.count else { throw JSONSyntaxError("unterminated string", at: open) }
    position = open
    var utf8: [UInt8] = []
    try appendString(to: &utf8)
    return Swift.String(decoding: utf8, as: UTF8.self)
  }

  /// Parses the string at the opening quote, appending its text (escapes
  /// undone) as UTF-8 to `utf8`: what a loader uses to copy a string where it is
  /// kept without making a `String` first.
  public mutating func appendString(to utf8: inout [UInt8]) throws(JSONSyntaxError) {
    let open = position
    position += 1
    while position < bytes.count {
      let b = bytes[position]
      switch b {
      case UInt8(ascii: "\""):
        position += 1
        return
      case UInt8(ascii: "\\"):
        position += 1
        guard let e = peek else { throw JSONSyntaxError("unterminated string", at: open) }
        position += 1
        switch e {
        case UInt8(ascii: "\""): utf8.append(0x22)
        case UInt8(ascii: "\\"): utf8.append(0x5C)
        case UInt8(ascii: "/"): utf8.append(0x2F)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate: a low one should follow.
            if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
              let save = position
              position += 2
              let low = try hex4()
              if (0xDC00..<0xE000).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
              } else {
                position = save
                scalar = 0xFFFD
              }
            } else {
              scalar = 0xFFFD
            }
          } else if (0xDC00..<0xE000).contains(scalar) {
            scalar = 0xFFFD
          }
          Self.appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &utf8)
        default:
          throw JSONSyntaxError("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: position - 2)
        }
      default:
        if b < 0x20 { throw JSONSyntaxError("control character in a string (escape it as \\u00\(hex2(b)))", at: position) }
        // The plain bytes up to the next quote, backslash or control, at once.
        let end = plainRunEnd(from: position)
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
        position = end
      }
    }
    throw JSONSyntaxError("unterminated string", at: open)
  }

  private static func appendUTF8(_ scalar: Unicode.Scalar, to utf8: inout [UInt8]) {
    UTF8.encode(scalar) { utf8.append($0) }
  }

  /// Reads the object at ``position`` (nested `depth` levels deep) member by
  /// member, with the grammar and the errors of ``parseValue(depth:)``: for each
  /// member, `body` gets its key (as UTF-8, escapes undone) with the parser at the
  /// member's value, which `body` must read or skip (at `depth`).
  ///
  /// ```swift
  /// try parser.forEachMember { key, parser in
  ///   if key.elementsEqual("title".utf8) { title = try parser.parseString() } else { try parser.skipValue(depth: 1) }
  /// }
  /// ```
  public mutating func forEachMember(
    depth: Int = 1, _ body: (UnsafeBufferPointer<UInt8>, inout JSONParser) throws(JSONSyntaxError) -> Void
  ) throws(JSONSyntaxError) {
    try enter(depth)
    position += 1
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      position += 1
      return
    }
    var escapedKey: [UInt8] = []
    while true {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else {
        throw JSONSyntaxError("expected a string key, found \(describeByte(position))", at: position)
      }
      // A key without escapes is read where it lies.
      let keyStart = position + 1
      let keyEnd = plainRunEnd(from: keyStart)
      let plain = keyEnd < bytes.count && bytes[keyEnd] == UInt8(ascii: "\"")
      if plain {
        position = keyEnd + 1
      } else {
        escapedKey.removeAll(keepingCapacity: true)
        try appendString(to: &escapedKey)
      }
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else {
        throw JSONSyntaxError("expected ':' after the key, found \(describeByte(position))", at: position)
      }
      position += 1
      skipWhitespace()
      if plain {
        try body(UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), &self)
      } else {
        try escapedKey.withUnsafeBufferPointer { (key) throws(JSONSyntaxError) in try body(key, &self) }
      }
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      default:
        throw JSONSyntaxError("expected ',' or '}' in the object, found \(describeByte(position))", at: position)
      }
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let b = peek else { throw JSONSyntaxError("unterminated \\u escape", at: position) }
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
      default: throw JSONSyntaxError("invalid \\u escape: hex digit expected", at: position)
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  private func hex2(_ b: UInt8) -> Swift.String {
    let hex = Swift.String(b, radix: 16, uppercase: true)
    return hex.count == 1 ? "0" + hex : hex
  }

  /// Moves past one value, checking its syntax but building nothing.
  public mutating func skipValue(depth: Int = 0) throws(JSONSyntaxError) {
    guard position < bytes.count else { throw JSONSyntaxError("unexpected end of input, expected a value", at: position) }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      try enter(depth + 1)
      position += 1
      skipWhitespace()
      if peek == UInt8(ascii: "}") { position += 1; return }
      while true {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw JSONSyntaxError("expected a string key, found \(describeByte(position))", at: position) }
        try skipString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw JSONSyntaxError("expected ':' after the key, found \(describeByte(position))", at: position) }
        position += 1
        skipWhitespace()
        try skipValue(depth: depth + 1)
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","): position += 1
        case UInt8(ascii: "}"): position += 1; return
        default: throw JSONSyntaxError("expected ',' or '}' in the object, found \(describeByte(position))", at: position)
        }
      }
    case UInt8(ascii: "["):
      try enter(depth + 1)
      position += 1
      skipWhitespace()
      if peek == UInt8(ascii: "]") { position += 1; return }
      while true {
        skipWhitespace()
        try skipValue(depth: depth + 1)
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","): position += 1
        case UInt8(ascii: "]"): position += 1; return
        default: throw JSONSyntaxError("expected ',' or ']' in the array, found \(describeByte(position))", at: position)
        }
      }
    case UInt8(ascii: "\""):
      try skipString()
    // The scalars checked as `parseValue` checks them, with no value built (a number's text was a `String`).
    case UInt8(ascii: "t"): try expectWord("true")
    case UInt8(ascii: "f"): try expectWord("false")
    case UInt8(ascii: "n"): try expectWord("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
    default: throw notAValue()
    }
  }

  /// Moves past a string, checking its escapes.
  public mutating func skipString() throws(JSONSyntaxError) {
    let open = position
    position = plainRunEnd(from: position + 1)
    guard position < bytes.count else { throw JSONSyntaxError("unterminated string", at: open) }
    let b = bytes[position]
    if b == UInt8(ascii: "\"") {
      position += 1
      return
    }
    if b == UInt8(ascii: "\\") {
      position = open
      _ = try parseString()
      return
    }
    throw JSONSyntaxError("control character in a string (escape it as \\u00\(hex2(b)))", at: position)
  }

  /// Where the run of plain string bytes from `start` ends: the first quote,
  /// backslash or control character (below 0x20) at or after it, or the end of
  /// the bytes. Eight bytes are tested at a time (a word's bytes compared at
  /// once), and the first stop in a word is told by its lowest mark; the last
  /// few bytes are read one by one.
  ///
  /// ```swift
  /// // bytes: "tea pot", with the parser after the opening quote
  /// parser.plainRunEnd(from: 1)   // 8: the closing quote
  /// ```
  @inline(__always)
  func plainRunEnd(from start: Int) -> Int {
    let count = bytes.count
    var index = start
    if let base = bytes.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        // A byte is zero (after the xor) or below 0x20: its high bit borrows.
        let stops = (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)) & highs
        // A borrow runs only into later bytes (higher, little-endian): the lowest mark is the first stop.
        if stops != 0 { return index + stops.trailingZeroBitCount / 8 }
        index += 8
      }
    }
    while index < count {
      let b = bytes[index]
      if b == 0x22 || b == 0x5C || b < 0x20 { return index }
      index += 1
    }
    return count
  }
}
