/// A JSON syntax error: what is wrong and the byte offset where it was found.
public struct JSONSyntaxError: Error, Hashable, Sendable {
  public var message: String
  /// The offset, in bytes from the start of the parsed text, of the offending byte.
  public var offset: Int

  public init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }
}

/// A line and column, both counted from 1; the column counts characters (Unicode
/// scalars), as editors do.
public struct TextLocation: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The location of byte `offset` in `bytes`, continuing from `start` (the
  /// location of `bytes[0]`).
  public static func of(
    offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: TextLocation = TextLocation(line: 1, column: 1)
  ) -> TextLocation {
    var location = start
    var i = 0
    let end = min(offset, bytes.count)
    while i < end {
      let b = bytes[i]
      if b == 0x0A {
        location.line += 1
        location.column = 1
      } else if b & 0xC0 != 0x80 {
        location.column += 1
      }
      i += 1
    }
    return location
  }

  public var description: String { "\(line):\(column)" }
}
