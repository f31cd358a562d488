/// Builds a ``SearchTextBlock`` from items' JSON texts: one walk over each
/// item's bytes, as ``ItemMatcher`` walks them, writing every string and number
/// folded to lower case as UTF-8 behind its field's header.
///
/// It reads strings through ``JSONStringScalars`` and folds as the matcher
/// folds, so a term finds in the compact text exactly what the matcher finds
/// in the JSON (a test compares them on random items). What the matcher would
/// not read as JSON (bad syntax, more than 512 levels, trailing text), and an
/// item over ``largestItem`` bytes, is marked unreadable: the search reads its JSON.
///
/// Each item is written to a scratch buffer first, plain ASCII and Chinese or
/// Japanese text (three-byte UTF-8 that lower-casing leaves alone) copied a run
/// or a scalar at a time, then appended to the block's bytes in one copy.
///
/// ```swift
/// var builder = SearchTextBuilder(paths: paths)
/// texts.forEachJSON(of: 0..<1024) { _, json in builder.add(json: json) }
/// let block = builder.finish()
/// ```
struct SearchTextBuilder {
  let paths: SearchTextPaths
  private var bytes: [UInt8] = []
  private var starts: [UInt32] = []
  private var unreadable: [Int] = []
  /// The current member path, as the matcher builds it.
  private var path: [UInt8] = []
  /// The path number of each value of the last item, by its place in the item:
  /// items of one shape find their numbers here without hashing.
  private var recent: [(path: [UInt8], number: Int)] = []
  private var valueIndex = 0
  private var known: [[UInt8]: Int] = [:]
  private var failed = false
  private let scratch = Scratch()
  private let table = LowercaseTable.words
  private var tableWords = UnsafeBufferPointer<UInt64>(start: nil, count: 0)

  /// The largest item (in bytes of JSON) given a compact text.
  static let largestItem = 1 << 20

  /// Where an item's text is written before it is appended to the block.
  private final class Scratch {
    var pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    var capacity = 1

    func ensure(_ count: Int) {
      guard count > capacity else { return }
      pointer.deallocate()
      capacity = max(count, capacity * 2)
      pointer = .allocate(capacity: capacity)
    }

    deinit { pointer.deallocate() }
  }

  init(paths: SearchTextPaths, expectedItems: Int = 0, expectedBytes: Int = 0) {
    self.paths = paths
    bytes.reserveCapacity(expectedBytes)
    starts.reserveCapacity(expectedItems + 1)
  }

  /// Adds the next item, whose JSON text is `json`.
  mutating func add(json: UnsafeBufferPointer<UInt8>) {
    starts.append(UInt32(truncatingIfNeeded: bytes.count))
    guard json.count <= Self.largestItem else {
      unreadable.append(starts.count - 1)
      return
    }
    path.removeAll(keepingCapacity: true)
    valueIndex = 0
    failed = false
    // A value's text is at most three times its JSON (a two-byte letter
    // lowering to two scalars), a header six bytes for a JSON value of one.
    scratch.ensure(8 * json.count + 16)
    let out = scratch.pointer
    var o = 0
    var p = 0
    let table = self.table
    let ok = table.withUnsafeBufferPointer { words in
      tableWords = words
      defer { tableWords = UnsafeBufferPointer(start: nil, count: 0) }
      Self.skipSpace(json, &p)
      guard walkValue(json, &p, depth: 0, out, &o) else { return false }
      Self.skipSpace(json, &p)
      return p == json.count && !failed
    }
    if ok {
      bytes.append(contentsOf: UnsafeBufferPointer(start: out, count: o))
    } else {
      unreadable.append(starts.count - 1)
    }
  }

  /// The block of the items added (its text copied to an array of its size).
  mutating func finish() -> SearchTextBlock {
    starts.append(UInt32(truncatingIfNeeded: bytes.count))
    let exact = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
      count = bytes.withUnsafeBufferPointer { buffer.initialize(fromContentsOf: $0) }
    }
    let block = SearchTextBlock(bytes: exact, starts: starts, unreadable: unreadable)
    bytes.removeAll(keepingCapacity: true)
    starts = []
    unreadable = []
    return block
  }

  /// The bytes added so far.
  var byteCount: Int { bytes.count }

  // MARK: The walk

  @inline(__always) private static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) {
    while p < b.count, b[p] == 0x20 || b[p] == 0x0A || b[p] == 0x0D || b[p] == 0x09 { p += 1 }
  }

  private mutating func walkValue(
    _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, depth: Int, _ out: UnsafeMutablePointer<UInt8>, _ o: inout Int
  ) -> Bool {
    guard p < b.count, depth <= 512 else { return false }
    switch b[p] {
    case UInt8(ascii: "{"):
      p += 1
      Self.skipSpace(b, &p)
      if p < b.count, b[p] == UInt8(ascii: "}") {
        p += 1
        return true
      }
      while true {
        Self.skipSpace(b, &p)
        guard p < b.count, b[p] == UInt8(ascii: "\"") else { return false }
        let saved = path.count
        // The key is written after the item's text so far, then taken into the path.
        var k = o
        guard readString(b, &p, out, &k) else { return false }
        if !path.isEmpty { path.append(UInt8(ascii: ".")) }
        path.append(contentsOf: UnsafeBufferPointer(start: out + o, count: k - o))
        Self.skipSpace(b, &p)
        guard p < b.count, b[p] == UInt8(ascii: ":") else { return false }
        p += 1
        Self.skipSpace(b, &p)
        guard walkValue(b, &p, depth: depth + 1, out, &o) else { return false }
        path.removeSubrange(saved...)
        Self.skipSpace(b, &p)
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
      Self.skipSpace(b, &p)
      if p < b.count, b[p] == UInt8(ascii: "]") {
        p += 1
        return true
      }
      while true {
        Self.skipSpace(b, &p)
        guard walkValue(b, &p, depth: depth + 1, out, &o) else { return false }
        Self.skipSpace(b, &p)
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
      writeHeader(out, &o)
      return readString(b, &p, out, &o)
    case UInt8(ascii: "t"): return Self.word(b, &p, "true")
    case UInt8(ascii: "f"): return Self.word(b, &p, "false")
    case UInt8(ascii: "n"): return Self.word(b, &p, "null")
    default:
      // A number, as written (`E` lowered, as the matcher lowers it).
      let start = p
      while p < b.count, (b[p] >= 0x30 && b[p] <= 0x39) || b[p] == UInt8(ascii: "-") || b[p] == UInt8(ascii: "+")
        || b[p] == UInt8(ascii: ".") || b[p] == UInt8(ascii: "e") || b[p] == UInt8(ascii: "E")
      {
        p += 1
      }
      guard p > start else { return false }
      writeHeader(out, &o)
      for i in start..<p {
        out[o] = b[i] | (b[i] == UInt8(ascii: "E") ? 0x20 : 0)
        o += 1
      }
      return true
    }
  }

  private static func word(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ text: StaticString) -> Bool {
    let n = text.utf8CodeUnitCount
    guard p + n <= b.count else { return false }
    for i in 0..<n where b[p + i] != text.utf8Start[i] { return false }
    p += n
    return true
  }

  /// Starts a value: `0xFF` and the current path's number.
  private mutating func writeHeader(_ out: UnsafeMutablePointer<UInt8>, _ o: inout Int) {
    var number: Int
    if valueIndex < recent.count, recent[valueIndex].path == path {
      number = recent[valueIndex].number
    } else if let found = known[path] {
      number = found
      remember(number)
    } else if let given = paths.number(of: path) {
      known[path] = given
      number = given
      remember(number)
    } else {
      // The table is full: the item takes the slow road.
      failed = true
      number = 0
    }
    valueIndex += 1
    out[o] = 0xFF
    o += 1
    while number > 0 {
      out[o] = 0xF5 + UInt8(number % 10)
      o += 1
      number /= 10
    }
  }

  private mutating func remember(_ number: Int) {
    if valueIndex < recent.count {
      recent[valueIndex] = (path, number)
    } else if valueIndex == recent.count, recent.count < 256 {
      recent.append((path, number))
    }
  }

  /// Reads the string at `p` (its opening quote), writing its folded scalars
  /// as UTF-8 at `out[o...]`.
  private func readString(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ out: UnsafeMutablePointer<UInt8>, _ o: inout Int) -> Bool {
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
          out[o] = byte &- 0x41 < 26 ? byte | 0x20 : byte
          o += 1
          p += 1
          continue
        }
        guard let escaped = JSONStringScalars.unescape(b, &p) else { return false }
        fold(escaped, out, &o)
        continue
      }
      // Three bytes that are neither overlong (E0) nor a surrogate (ED), of a
      // scalar lower-casing leaves alone: copied as they are.
      if byte >= 0xE1, byte <= 0xEF, byte != 0xED, p + 2 < n, b[p + 1] & 0xC0 == 0x80, b[p + 2] & 0xC0 == 0x80 {
        let value = UInt32(byte & 0x0F) << 12 | UInt32(b[p + 1] & 0x3F) << 6 | UInt32(b[p + 2] & 0x3F)
        if LowercaseTable.leavesAlone(value, in: tableWords) {
          out[o] = byte
          out[o + 1] = b[p + 1]
          out[o + 2] = b[p + 2]
          o += 3
          p += 3
          continue
        }
      }
      guard let decoded = JSONStringScalars.decodeUTF8(b, &p) else { return false }
      fold(decoded, out, &o)
    }
    return false
  }

  /// Writes `value`'s lower case as UTF-8, as the matcher folds it.
  @inline(__always) private func fold(_ value: UInt32, _ out: UnsafeMutablePointer<UInt8>, _ o: inout Int) {
    if value < 0x80 {
      out[o] = UInt8(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
      o += 1
      return
    }
    if LowercaseTable.leavesAlone(value, in: tableWords) {
      Self.encode(value, out, &o)
      return
    }
    guard let scalar = Unicode.Scalar(value) else {
      Self.encode(0xFFFD, out, &o)
      return
    }
    if !scalar.properties.changesWhenLowercased {
      Self.encode(value, out, &o)
    } else {
      for lower in scalar.properties.lowercaseMapping.unicodeScalars { Self.encode(lower.value, out, &o) }
    }
  }

  /// Writes scalar value `v` as UTF-8.
  @inline(__always) static func encode(_ v: UInt32, _ out: UnsafeMutablePointer<UInt8>, _ o: inout Int) {
    if v < 0x80 {
      out[o] = UInt8(v)
      o += 1
    } else if v < 0x800 {
      out[o] = 0xC0 | UInt8(v >> 6)
      out[o + 1] = 0x80 | UInt8(v & 0x3F)
      o += 2
    } else if v < 0x10000 {
      out[o] = 0xE0 | UInt8(v >> 12)
      out[o + 1] = 0x80 | UInt8((v >> 6) & 0x3F)
      out[o + 2] = 0x80 | UInt8(v & 0x3F)
      o += 3
    } else {
      out[o] = 0xF0 | UInt8(v >> 18)
      out[o + 1] = 0x80 | UInt8((v >> 12) & 0x3F)
      out[o + 2] = 0x80 | UInt8((v >> 6) & 0x3F)
      out[o + 3] = 0x80 | UInt8(v & 0x3F)
      o += 4
    }
  }

  /// Appends scalar value `v` as UTF-8 to `out`.
  static func encode(_ v: UInt32, into out: inout [UInt8]) {
    var four: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    var o = 0
    withUnsafeMutableBytes(of: &four) { raw in
      encode(v, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), &o)
      out.append(contentsOf: raw.prefix(o))
    }
  }
}
