import WaterfallWorkers

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of a page received and not yet consumed, and where they lie in the
/// page: the state every ``ItemReader`` shares, kept by ``PageReader``.
///
/// Chunks are appended as they arrive (a chunk read ahead into a storage of its
/// own is adopted instead, without a copy: ``adopt(_:at:count:)``). A reader says
/// how far it got, and that much is consumed (``consume(_:waitingForDouble:)``):
/// the front moves, not the bytes, and the offset and the line and
/// column of what is left follow along. An item cut off by the end of the
/// buffer is simply read again when more bytes arrive; to keep a huge item from
/// being re-read for every chunk, a reader may ask to be tried again only once
/// the buffer has doubled, so a huge item costs O(n) in all, not O(n²).
///
/// ```swift
/// var buffer = ChunkBuffer()
/// if buffer.append(chunk) {                      // false while waiting for the double
///   let done = buffer.withChunk(path: "a.json", atEnd: false) { chunk in reader.read(chunk, from: 0, into: &items) }
///   buffer.consume(done, waitingForDouble: true)
/// }
/// buffer.start      // the page offset of what is left
/// buffer.location   // its line and column
/// ```
struct ChunkBuffer {
  /// Where the bytes are kept: `storage[front..<(front + count)]`, room on both sides.
  private var storage: [UInt8] = []
  private var front = 0
  /// How many bytes are received and not yet consumed.
  private(set) var count = 0
  /// The page offset of the first byte not consumed.
  private(set) var start = 0
  /// The line and column of that byte.
  private(set) var location = TextLocation(line: 1, column: 1)
  /// The size the buffer must reach before it is read again (0: at the next chunk).
  private(set) var retryAt = 0

  /// Appends `chunk`; returns whether the buffer is to be read now (not while
  /// it waits to have doubled).
  mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
    let (front, count) = (self.front, self.count)
    if front + count + chunk.count > storage.count {
      // What is left moves to the front (the two may overlap); the storage grows only when that is not room enough.
      storage.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[front..<(front + count)])) }
      self.front = 0
      if count + chunk.count > storage.count { storage.append(contentsOf: repeatElement(0, count: count + chunk.count - storage.count)) }
    }
    let end = self.front + count
    storage.withUnsafeMutableBufferPointer { _ = UnsafeMutableBufferPointer(rebasing: $0[end...]).initialize(fromContentsOf: chunk) }
    self.count += chunk.count
    return self.count >= retryAt
  }

  /// Takes `fresh`, whose bytes `offset..<(offset + added)` were just read, as
  /// the buffer's own storage, copying only what is left before them (when it
  /// fits in front of `offset`), and gives back the storage it had in `fresh`:
  /// a chunk read ahead is not copied again. Returns what ``append(_:)`` returns.
  ///
  /// ```swift
  /// var fresh = [UInt8](repeating: 0, count: 64 + 1_000)   // 1,000 bytes read at 64
  /// buffer.adopt(&fresh, at: 64, count: 1_000)             // fresh: the old storage, to read into next
  /// ```
  mutating func adopt(_ fresh: inout [UInt8], at offset: Int, count added: Int) -> Bool {
    guard count <= offset, offset + added <= fresh.count else {
      return fresh.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[offset..<(offset + added)])) }
    }
    let (left, front) = (count, self.front)
    fresh.withUnsafeMutableBytes { destination in
      storage.withUnsafeBytes { source in
        UnsafeMutableRawBufferPointer(rebasing: destination[(offset - left)..<offset])
          .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[front..<(front + left)]))
      }
    }
    swap(&storage, &fresh)
    self.front = offset - left
    count = left + added
    return count >= retryAt
  }

  /// Calls `body` with the bytes as a ``Chunk``.
  func withChunk<R>(path: String, atEnd: Bool, _ body: (Chunk) throws(LoadError) -> R) throws(LoadError) -> R {
    try withBytes { (pointer) throws(LoadError) -> R in
      try body(Chunk(bytes: pointer, start: start, location: location, atEnd: atEnd, path: path))
    }
  }

  /// Calls `body` with the bytes not yet consumed.
  private func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    let (front, count) = (self.front, self.count)
    return try storage.withUnsafeBufferPointer { (all) throws(E) -> R in try body(UnsafeBufferPointer(rebasing: all[front..<(front + count)])) }
  }

  /// Drops the first `count` bytes, keeping track of where the rest lies; with
  /// `waitingForDouble`, the rest is read again only once it has doubled.
  /// With helpers, the newlines of a large consumed part are counted in two halves at once.
  mutating func consume(_ count: Int, waitingForDouble: Bool, parallelism: Parallelism = .serial) {
    let consumed = min(max(0, count), self.count)
    retryAt = waitingForDouble ? (self.count - consumed) * 2 : 0
    guard consumed > 0 else { return }
    let count = consumed
    location = withBytes { bytes in
      // Count newlines (a byte at a time, which the compiler does 32 at once),
      // and characters only after the last one: the common case, a chunk of
      // whole lines, ends at column 1.
      var lastNewline = count - 1
      while lastNewline >= 0, bytes[lastNewline] != 0x0A { lastNewline -= 1 }
      guard lastNewline >= 0 else { return TextLocation.of(offset: count, in: bytes, from: location) }
      let lines = Self.newlines(in: UnsafeBufferPointer(rebasing: bytes[...lastNewline]), parallelism: parallelism)
      let tail = UnsafeBufferPointer(rebasing: bytes[(lastNewline + 1)..<count])
      return TextLocation.of(offset: tail.count, in: tail, from: TextLocation(line: location.line + lines, column: 1))
    }
    start += count
    front += count
    self.count -= count
  }

  /// How many newlines `bytes` holds: a pretty-printed array's lines are a
  /// few dozen bytes, too short for a `memchr` each.
  ///
  /// ```swift
  /// Array("a\nb\n".utf8).withUnsafeBufferPointer { ChunkBuffer.newlines(in: $0) }   // 2
  /// ```
  static func newlines(in bytes: UnsafeBufferPointer<UInt8>, parallelism: Parallelism) -> Int {
    guard parallelism.hasHelpers, bytes.count >= Self.newlinesInHalvesThreshold else { return newlines(in: bytes) }
    let middle = bytes.count / 2
    return parallelism.map(2) { half in
      newlines(in: UnsafeBufferPointer(rebasing: half == 0 ? bytes[..<middle] : bytes[middle...]))
    }.reduce(0, +)
  }

  /// The fewest bytes whose newlines are worth counting in two halves.
  static let newlinesInHalvesThreshold = 1 << 20

  static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let bytePairs: UInt64 = 0x00FF_00FF_00FF_00FF
    var count = 0
    var at = 0
    // Eight bytes at once, each byte a counter that gains 1 for a newline; a run
    // of 255 words cannot overflow one, and the compiler does four words at once.
    // (A popcount a word instead was four times slower: 2 GB/s.)
    while at + 8 <= bytes.count {
      var counters: UInt64 = 0
      for _ in 0..<min(255, (bytes.count - at) / 8) {
        let x = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
        // A byte's high bit ends up set exactly when it was a newline.
        counters &+= (~(((x & low) &+ low) | x) & ~low) >> 7
        at += 8
      }
      // The eight counters added up: in pairs (at most 510 each), then the four pairs by one multiply.
      let pairs = (counters & bytePairs) &+ ((counters >> 8) & bytePairs)
      count += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }
    while at < bytes.count {
      if bytes[at] == 0x0A { count += 1 }
      at += 1
    }
    return count
  }

  /// Drops every byte (the page is over, or what is left is not its business).
  mutating func removeAll() {
    consume(count, waitingForDouble: false)
  }

  /// Sets the checksum of `items` from `first` on, from their bytes still in
  /// the buffer (call before consuming them).
  /// With helpers, many items are summed in two halves at once.
  func recordChecksums(of items: inout [ScannedItem], from first: Int, parallelism: Parallelism = .serial) {
    guard first < items.count else { return }
    let start = start
    withBytes { bytes in
      let bytes = UnsafeRawBufferPointer(bytes)
      items.withUnsafeMutableBufferPointer { items in
        func sum(_ range: Range<Int>) {
          for i in range {
            let at = items[i].offset - start
            guard at >= 0, items[i].length >= 0, at + items[i].length <= bytes.count else { continue }
            items[i].checksum = ItemChecksum(UnsafeRawBufferPointer(rebasing: bytes[at..<(at + items[i].length)])).value
          }
        }
        let count = items.count - first
        guard parallelism.hasHelpers, count >= Self.checksumPartsThreshold else { return sum(first..<items.count) }
        let middle = first + count / 2
        nonisolated(unsafe) let items = items
        parallelism.perform(2) { half in sum(half == 0 ? first..<middle : middle..<items.count) }
      }
    }
  }

  /// The fewest items worth summing in two halves.
  static let checksumPartsThreshold = 256
}
