/// Walks one item's JSON bytes without building a value, giving a visitor
/// each string and number folded to lower case, at its member path.
///
/// The search reads items this way twice: ``ItemMatcher`` tries its terms on
/// each value, and ``SearchTextBuilder`` writes each value into the compact
/// search text. Both are visitors (``FoldedJSONVisitor``) of this one walk, so
/// a term finds in the compact text exactly what it finds in the JSON.
///
/// The walk reads objects and arrays to ``depthLimit`` levels; strings through
/// ``JSONStringScalars`` (escapes, surrogate pairs, bad UTF-8 as U+FFFD, as the
/// parser repairs it); numbers as written, `E` lowered; `true`, `false` and
/// `null` checked and passed over. Letters fold as `String.lowercased()` folds
/// them, ASCII by a bit, the rest through ``LowercaseTable`` and Unicode's
/// lower-case mapping; three-byte UTF-8 that folding leaves alone (Chinese,
/// Japanese) goes through decoded inline. It answers false for text that is
/// not JSON, up to where the visitor is done (``FoldedJSONVisitor/isDone``).
///
/// `walk` is generic over the visitor, and the module is compiled whole, so
/// each visitor gets its own copy of the loop with its calls inlined: nothing
/// is dispatched per byte.
///
/// ```swift
/// var values = Values()   // the visitor of FoldedJSONVisitor's example
/// let read = Array(#"{"Shop":{"Name":"CLAY Mug"},"w":12}"#.utf8).withUnsafeBufferPointer {
///   FoldedJSONWalker.walk($0, &values)
/// }
/// // read == true; values.texts == ["shop.name:clay mug", "w:12"]
/// ```
struct FoldedJSONWalker {
  /// The deepest level read: a value inside more arrays and objects makes the text not JSON to the walk.
  static let depthLimit = 512

  private let b: UnsafeBufferPointer<UInt8>
  private var p = 0
  /// ``LowercaseTable/words``, held for the walk.
  private let words: UnsafeBufferPointer<UInt64>

  private init(_ bytes: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<UInt64>) {
    b = bytes
    self.words = words
  }

  /// Walks the JSON text `json` (one value, space around it), telling
  /// `visitor` its values; false when the text is not JSON.
  static func walk<Visitor: FoldedJSONVisitor>(_ json: UnsafeBufferPointer<UInt8>, _ visitor: inout Visitor) -> Bool {
    LowercaseTable.words.withUnsafeBufferPointer { words in
      var walker = FoldedJSONWalker(json, words: words)
      walker.skipSpace()
      guard walker.walkValue(&visitor, depth: 0) else { return false }
      // Done early: the rest of the text was not walked, so its syntax is not
      // checked (the loader checked it when it read the item).
      if visitor.isDone { return true }
      walker.skipSpace()
      return walker.p == json.count
    }
  }

  @inline(__always) private mutating func skipSpace() {
    while p < b.count, b[p] == 0x20 || b[p] == 0x0A || b[p] == 0x0D || b[p] == 0x09 { p += 1 }
  }

  /// Walks one value at `p`; false when the text is not JSON.
  private mutating func walkValue<Visitor: FoldedJSONVisitor>(_ visitor: inout Visitor, depth: Int) -> Bool {
    if visitor.isDone { return true }
    guard p < b.count, depth <= Self.depthLimit else { return false }
    switch b[p] {
    case UInt8(ascii: "{"):
      p += 1
      skipSpace()
      if p < b.count, b[p] == UInt8(ascii: "}") {
        p += 1
        return true
      }
      while true {
        skipSpace()
        guard p < b.count, b[p] == UInt8(ascii: "\"") else { return false }
        let saved = visitor.path.count
        if visitor.readsKeys {
          if saved > 0 { visitor.path.append(UInt8(ascii: ".")) }
          guard readString(into: &visitor.path) else { return false }
        } else {
          guard skipString() else { return false }
        }
        skipSpace()
        guard p < b.count, b[p] == UInt8(ascii: ":") else { return false }
        p += 1
        skipSpace()
        guard walkValue(&visitor, depth: depth + 1) else { return false }
        if visitor.isDone { return true }
        if visitor.readsKeys { visitor.path.removeSubrange(saved...) }
        skipSpace()
        guard p < b.count else { return false }
        if b[p] == UInt8(ascii: ",") {
          p += 1
        } else if b[p] == UInt8(ascii: "}") {
          p += 1
          return true
        } else {
          return false
        }
      }
    case UInt8(ascii: "["):
      p += 1
      skipSpace()
      if p < b.count, b[p] == UInt8(ascii: "]") {
        p += 1
        return true
      }
      while true {
        skipSpace()
        guard walkValue(&visitor, depth: depth + 1) else { return false }
        if visitor.isDone { return true }
        skipSpace()
        guard p < b.count else { return false }
        if b[p] == UInt8(ascii: ",") {
          p += 1
        } else if b[p] == UInt8(ascii: "]") {
          p += 1
          return true
        } else {
          return false
        }
      }
    case UInt8(ascii: "\""):
      visitor.beginValue()
      guard readString(into: &visitor) else { return false }
      visitor.endValue()
      return true
    case UInt8(ascii: "t"): return word("true")
    case UInt8(ascii: "f"): return word("false")
    case UInt8(ascii: "n"): return word("null")
    default:
      // A number, as written.
      let start = p
      while p < b.count, (b[p] >= 0x30 && b[p] <= 0x39) || b[p] == UInt8(ascii: "-") || b[p] == UInt8(ascii: "+")
        || b[p] == UInt8(ascii: ".") || b[p] == UInt8(ascii: "e") || b[p] == UInt8(ascii: "E")
      {
        p += 1
      }
      guard p > start else { return false }
      visitor.beginValue()
      for i in start..<p { visitor.append(scalar: UInt32(b[i] | (b[i] == UInt8(ascii: "E") ? 0x20 : 0))) }
      visitor.endValue()
      return true
    }
  }

  private mutating func word(_ text: StaticString) -> Bool {
    let n = text.utf8CodeUnitCount
    guard p + n <= b.count else { return false }
    for i in 0..<n where b[p + i] != text.utf8Start[i] { return false }
    p += n
    return true
  }

  /// Passes over the string at `p` (its opening quote) unread.
  private mutating func skipString() -> Bool {
    p += 1
    while p < b.count {
      if b[p] == UInt8(ascii: "\\") {
        p += 2
      } else if b[p] == UInt8(ascii: "\"") {
        p += 1
        return true
      } else {
        p += 1
      }
    }
    return false
  }

  /// Reads the string at `p` (its opening quote), giving its folded scalars to `sink`.
  private mutating func readString<Sink: FoldedTextSink>(into sink: inout Sink) -> Bool {
    p += 1
    let n = b.count
    while p < n {
      let byte = b[p]
      if byte < 0x80 {
        if byte == UInt8(ascii: "\"") {
          p += 1
          return true
        }
        if byte != UInt8(ascii: "\\") {
          sink.append(scalar: UInt32(byte &- 0x41 < 26 ? byte | 0x20 : byte))
          p += 1
          continue
        }
        guard let escaped = JSONStringScalars.unescape(b, &p) else { return false }
        fold(escaped, into: &sink)
        continue
      }
      // Three bytes that are neither overlong (E0) nor a surrogate (ED), of a
      // scalar folding leaves alone: given as they are.
      if byte >= 0xE1, byte <= 0xEF, byte != 0xED, p + 2 < n, b[p + 1] & 0xC0 == 0x80, b[p + 2] & 0xC0 == 0x80 {
        let value = UInt32(byte & 0x0F) << 12 | UInt32(b[p + 1] & 0x3F) << 6 | UInt32(b[p + 2] & 0x3F)
        if LowercaseTable.leavesAlone(value, in: words) {
          sink.append(scalar: value)
          p += 3
          continue
        }
      }
      guard let decoded = JSONStringScalars.decodeUTF8(b, &p) else { return false }
      fold(decoded, into: &sink)
    }
    return false
  }

  /// Gives `value`'s lower case to `sink`.
  @inline(__always) private func fold<Sink: FoldedTextSink>(_ value: UInt32, into sink: inout Sink) {
    if value < 0x80 {
      sink.append(scalar: value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
      return
    }
    if LowercaseTable.leavesAlone(value, in: words) {
      sink.append(scalar: value)
      return
    }
    guard let scalar = Unicode.Scalar(value) else {
      sink.append(scalar: 0xFFFD)
      return
    }
    if !scalar.properties.changesWhenLowercased {
      sink.append(scalar: value)
    } else {
      for lower in scalar.properties.lowercaseMapping.unicodeScalars { sink.append(scalar: lower.value) }
    }
  }
}
