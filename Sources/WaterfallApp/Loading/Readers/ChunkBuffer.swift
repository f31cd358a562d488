#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of a page received and not yet consumed, and where they lie in the
/// page: the state every ``ItemReader`` shares, kept by ``PageReader``.
///
/// Chunks are appended as they arrive; a reader says how far it got, and that
/// much is consumed (``consume(_:waitingForDouble:)``), the offset and the line and
/// column of what is left following along. An item cut off by the end of the
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
  /// The bytes received and not yet consumed.
  private(set) var bytes: [UInt8] = []
  /// The page offset of `bytes[0]`.
  private(set) var start = 0
  /// The line and column of `bytes[0]`.
  private(set) var location = TextLocation(line: 1, column: 1)
  /// The size the buffer must reach before it is read again (0: at the next chunk).
  private(set) var retryAt = 0

  var count: Int { bytes.count }

  /// Appends `chunk`; returns whether the buffer is to be read now (not while
  /// it waits to have doubled).
  mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.append(contentsOf: chunk)
    return bytes.count >= retryAt
  }

  /// Calls `body` with the bytes as a ``Chunk``.
  func withChunk<R>(path: String, atEnd: Bool, _ body: (Chunk) throws(LoadError) -> R) throws(LoadError) -> R {
    try bytes.withUnsafeBufferPointer { (pointer) throws(LoadError) -> R in
      try body(Chunk(bytes: pointer, start: start, location: location, atEnd: atEnd, path: path))
    }
  }

  /// Drops the first `count` bytes, keeping track of where the rest lies; with
  /// `waitingForDouble`, the rest is read again only once it has doubled.
  mutating func consume(_ count: Int, waitingForDouble: Bool) {
    let count = min(max(0, count), bytes.count)
    retryAt = waitingForDouble ? (bytes.count - count) * 2 : 0
    guard count > 0 else { return }
    location = bytes.withUnsafeBufferPointer { bytes in
      // Count newlines (memchr: a line's length at a time), and characters only
      // after the last one: the common case, a chunk of whole lines, ends at column 1.
      let base = UnsafeRawPointer(bytes.baseAddress!)
      var lastNewline = count - 1
      while lastNewline >= 0, bytes[lastNewline] != 0x0A { lastNewline -= 1 }
      guard lastNewline >= 0 else { return TextLocation.of(offset: count, in: bytes, from: location) }
      var lines = 0
      var at = 0
      while at <= lastNewline, let newline = memchr(base + at, 0x0A, lastNewline + 1 - at) {
        lines += 1
        at = base.distance(to: UnsafeRawPointer(newline)) + 1
      }
      let tail = UnsafeBufferPointer(rebasing: bytes[(lastNewline + 1)..<count])
      return TextLocation.of(offset: tail.count, in: tail, from: TextLocation(line: location.line + lines, column: 1))
    }
    start += count
    bytes.removeSubrange(0..<count)
  }

  /// Drops every byte (the page is over, or what is left is not its business).
  mutating func removeAll() {
    consume(bytes.count, waitingForDouble: false)
  }

  /// Sets the checksum of `items` from `first` on, from their bytes still in
  /// the buffer (call before consuming them).
  func recordChecksums(of items: inout [ScannedItem], from first: Int) {
    guard first < items.count else { return }
    bytes.withUnsafeBytes { bytes in
      for i in first..<items.count {
        let at = items[i].offset - start
        guard at >= 0, items[i].length >= 0, at + items[i].length <= bytes.count else { continue }
        items[i].checksum = ItemChecksum(UnsafeRawBufferPointer(rebasing: bytes[at..<(at + items[i].length)])).value
      }
    }
  }
}
