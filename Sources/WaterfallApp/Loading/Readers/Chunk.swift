/// A ``ChunkBuffer``'s bytes as a reader sees them: where they lie in the page,
/// whether the page ends with them, and the way to name a place in an error.
///
/// ```swift
/// buffer.withChunk(path: "a.json", atEnd: true) { chunk in
///   chunk.start                                  // the page offset of chunk.bytes[0]
///   throw chunk.syntaxError("expected ','", at: 12)   // a.json:LINE:COLUMN: expected ','
/// }
/// ```
struct Chunk {
  /// The bytes not yet consumed.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The page offset of `bytes[0]`.
  let start: Int
  /// The line and column of `bytes[0]`.
  let location: TextLocation
  /// Whether the page ends with these bytes.
  let atEnd: Bool
  /// The page's name in messages.
  let path: String

  var count: Int { bytes.count }

  /// The line and column of `bytes[offset]`.
  func location(of offset: Int) -> TextLocation {
    TextLocation.of(offset: offset, in: bytes, from: location)
  }

  /// The syntax error `message` at `bytes[offset]`, placed in the page.
  func syntaxError(_ message: String, at offset: Int) -> LoadError {
    .syntax(path: path, location: location(of: offset), message: message)
  }
}
