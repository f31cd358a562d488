/// Builds a ``SearchTextBlock`` from items' JSON texts: one walk over each
/// item's bytes, the walk ``ItemMatcher`` makes (``FoldedJSONWalker``, the
/// builder its visitor), writing every string and number folded to lower case
/// as UTF-8 behind its field's header.
///
/// Reading and folding as the matcher does, a term finds in the compact text
/// exactly what the matcher finds in the JSON (a test compares them on random
/// items; ``SearchTextBuilderTests`` pins the text). What the matcher would
/// not read as JSON (bad syntax, more than 512 levels, trailing text), and an
/// item over ``largestItem`` bytes, is marked unreadable: the search reads its JSON.
///
/// Each item is written to a scratch buffer first, then appended to the block's
/// bytes in one copy.
///
/// ```swift
/// var builder = SearchTextBuilder(paths: paths)
/// texts.forEachJSON(of: 0..<1024) { _, json in builder.add(json: json) }
/// let block = builder.finish()
/// ```
struct SearchTextBuilder: FoldedJSONVisitor {
  let paths: SearchTextPaths
  private var bytes: [UInt8] = []
  private var starts: [UInt32] = []
  private var unreadable: [Int] = []
  /// The member path of the value being read (``FoldedJSONWalker`` keeps it).
  var path: [UInt8] = []
  /// The path number of each value of the last item, by its place in the item:
  /// items of one shape find their numbers here without hashing.
  private var recent: [(path: [UInt8], number: Int)] = []
  private var valueIndex = 0
  private var known: [[UInt8]: Int] = [:]
  private var failed = false
  private let scratch = Scratch()
  /// Where the item being read is written (the scratch buffer), and how much of it is written.
  private var out: UnsafeMutablePointer<UInt8>
  private var o = 0

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
    out = scratch.pointer
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
    out = scratch.pointer
    o = 0
    let ok = FoldedJSONWalker.walk(json, &self) && !failed
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

  // MARK: The walk's visitor

  var readsKeys: Bool { true }
  var isDone: Bool { false }

  /// Starts a value: `0xFF` and the current path's number.
  mutating func beginValue() {
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

  /// Writes the value's next scalar as UTF-8.
  @inline(__always) mutating func append(scalar: UInt32) {
    Self.encode(scalar, out, &o)
  }

  func endValue() {}

  private mutating func remember(_ number: Int) {
    if valueIndex < recent.count {
      recent[valueIndex] = (path, number)
    } else if valueIndex == recent.count, recent.count < 256 {
      recent.append((path, number))
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
