/// Builds a ``SearchTextBlock`` from items' JSON texts: one walk over each
/// item's bytes, as ``ItemMatcher`` walks them, writing every string and number
/// folded to lower case as UTF-8 behind its field's header.
///
/// It reads strings through ``JSONStringScalars`` and folds as the matcher
/// folds, so a term finds in the compact text exactly what the matcher finds
/// in the JSON (a test compares them on random items). What the matcher would
/// not read as JSON (bad syntax, more than 512 levels, trailing text) is marked
/// unreadable.
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
  private var key: [UInt8] = []
  /// The path number of each value of the last item, by its place in the item:
  /// items of one shape find their numbers here without hashing.
  private var recent: [(path: [UInt8], number: Int)] = []
  private var valueIndex = 0
  private var known: [[UInt8]: Int] = [:]
  private var failed = false

  init(paths: SearchTextPaths, expectedItems: Int = 0, expectedBytes: Int = 0) {
    self.paths = paths
    bytes.reserveCapacity(expectedBytes)
    starts.reserveCapacity(expectedItems + 1)
  }

  /// Adds the next item, whose JSON text is `json`.
  mutating func add(json: UnsafeBufferPointer<UInt8>) {
    let mark = bytes.count
    starts.append(UInt32(truncatingIfNeeded: mark))
    path.removeAll(keepingCapacity: true)
    valueIndex = 0
    failed = false
    var p = 0
    Self.skipSpace(json, &p)
    var ok = walkValue(json, &p, depth: 0)
    if ok {
      Self.skipSpace(json, &p)
      ok = p == json.count && !failed
    }
    if !ok {
      bytes.removeSubrange(mark...)
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

  private mutating func walkValue(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, depth: Int) -> Bool {
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
        key.removeAll(keepingCapacity: true)
        guard Self.readString(b, &p, into: &key) else { return false }
        if !path.isEmpty { path.append(UInt8(ascii: ".")) }
        path += key
        Self.skipSpace(b, &p)
        guard p < b.count, b[p] == UInt8(ascii: ":") else { return false }
        p += 1
        Self.skipSpace(b, &p)
        guard walkValue(b, &p, depth: depth + 1) else { return false }
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
        guard walkValue(b, &p, depth: depth + 1) else { return false }
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
      writeHeader()
      return Self.readString(b, &p, into: &bytes)
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
      writeHeader()
      for i in start..<p { bytes.append(b[i] | (b[i] == UInt8(ascii: "E") ? 0x20 : 0)) }
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
  private mutating func writeHeader() {
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
    bytes.append(0xFF)
    while number > 0 {
      bytes.append(0xF5 + UInt8(number % 10))
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

  /// Reads the string at `p` (its opening quote), appending its folded scalars
  /// to `out` as UTF-8.
  private static func readString(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, into out: inout [UInt8]) -> Bool {
    p += 1
    while p < b.count {
      let byte = b[p]
      if byte == UInt8(ascii: "\"") {
        p += 1
        return true
      }
      if byte < 0x80, byte != UInt8(ascii: "\\") {
        out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        p += 1
        continue
      }
      let scalar: UInt32
      if byte == UInt8(ascii: "\\") {
        guard let escaped = JSONStringScalars.unescape(b, &p) else { return false }
        scalar = escaped
      } else {
        guard let decoded = JSONStringScalars.decodeUTF8(b, &p) else { return false }
        scalar = decoded
      }
      fold(scalar, into: &out)
    }
    return false
  }

  /// Appends `value`'s lower case to `out` as UTF-8, as the matcher folds it.
  @inline(__always) private static func fold(_ value: UInt32, into out: inout [UInt8]) {
    if value < 0x80 {
      out.append(UInt8(value >= 0x41 && value <= 0x5A ? value | 0x20 : value))
      return
    }
    if LowercaseTable.leavesAlone(value) {
      encode(value, into: &out)
      return
    }
    guard let scalar = Unicode.Scalar(value) else {
      encode(0xFFFD, into: &out)
      return
    }
    if !scalar.properties.changesWhenLowercased {
      encode(value, into: &out)
    } else {
      for lower in scalar.properties.lowercaseMapping.unicodeScalars { encode(lower.value, into: &out) }
    }
  }

  /// Appends scalar value `v` as UTF-8.
  @inline(__always) static func encode(_ v: UInt32, into out: inout [UInt8]) {
    if v < 0x80 {
      out.append(UInt8(v))
    } else if v < 0x800 {
      out.append(0xC0 | UInt8(v >> 6))
      out.append(0x80 | UInt8(v & 0x3F))
    } else if v < 0x10000 {
      out.append(0xE0 | UInt8(v >> 12))
      out.append(0x80 | UInt8((v >> 6) & 0x3F))
      out.append(0x80 | UInt8(v & 0x3F))
    } else {
      out.append(0xF0 | UInt8(v >> 18))
      out.append(0x80 | UInt8((v >> 12) & 0x3F))
      out.append(0x80 | UInt8((v >> 6) & 0x3F))
      out.append(0x80 | UInt8(v & 0x3F))
    }
  }
}
