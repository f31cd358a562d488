/// Tells what a file is from its first bytes, so that a picture, an archive or a
/// program opened by mistake gets one clear line instead of garbage cards.
///
/// ```swift
/// ContentSniffer.notData([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
/// // NotData(what: "a PNG picture", hint: "to browse pictures, open their folder")
/// ContentSniffer.notData(Array("[1, 2]".utf8))   // nil
/// ```
public enum ContentSniffer {
  /// What a file that is not data looks like, and what to do instead.
  public struct NotData: Hashable, Sendable {
    public var what: String
    public var hint: String?

    /// What a user reads after the file's name: `looks like a PNG picture, not
    /// data; to browse pictures, open their folder`. A hint's `FILE` is the file's
    /// path, unless the data came from standard input (`stdin`).
    public func message(path: String) -> String {
      let file = path == "stdin" ? "FILE" : path
      return "looks like \(what), not data" + (hint.map { "; " + $0.replacingOccurrences("FILE", with: file) } ?? "")
    }
  }

  /// How many bytes ``notData(_:)`` wants to see to be sure (a tar's mark is at 257).
  static let bytesWanted = 512

  static let picture = "to browse pictures, open their folder"

  /// Known signatures: offset, bytes, what the file is, and a hint.
  private static let signatures: [(Int, [UInt8], String, String?)] = [
    (0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG picture", picture),
    (0, [0xFF, 0xD8, 0xFF], "a JPEG picture", picture),
    (0, Array("GIF8".utf8), "a GIF picture", picture),
    (0, [0x1F, 0x8B], "a gzip archive", "decompress it first: zcat FILE | waterfall"),
    (0, Array("PK".utf8) + [0x03, 0x04], "a zip archive", "unpack it first"),
    (257, Array("ustar".utf8), "a tar archive", "unpack it first"),
    (0, Array("BZh".utf8), "a bzip2 archive", "decompress it first: bzcat FILE | waterfall"),
    (0, [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "an xz archive", "decompress it first: xzcat FILE | waterfall"),
    (0, [0x28, 0xB5, 0x2F, 0xFD], "a zstd archive", "decompress it first: zstdcat FILE | waterfall"),
    (0, Array("7z".utf8) + [0xBC, 0xAF, 0x27, 0x1C], "a 7-zip archive", "unpack it first"),
    (0, Array("%PDF".utf8), "a PDF document", nil),
    (0, [0x7F] + Array("ELF".utf8), "a program (ELF)", nil),
    (0, Array("SQLite format 3".utf8) + [0], "a SQLite database", "open the file itself: waterfall FILE (or --table NAME)"),
  ]

  /// What `bytes` (a file's first bytes) are when they are not data, else nil.
  ///
  /// Text with a NUL byte in its first 512 bytes is binary; UTF-16 and UTF-32
  /// (``ForeignEncoding``) are told apart before this is asked.
  public static func notData(_ bytes: some Collection<UInt8>) -> NotData? {
    let head = Array(bytes.prefix(bytesWanted))
    for (offset, signature, what, hint) in signatures where head.count >= offset + signature.count {
      if Array(head[offset..<(offset + signature.count)]) == signature { return NotData(what: what, hint: hint) }
    }
    if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
      return NotData(what: "a WebP picture", hint: picture)
    }
    if isSVG(head) { return NotData(what: "an SVG picture", hint: picture) }
    if head.contains(0) { return NotData(what: "a binary file", hint: nil) }
    return nil
  }

  /// Whether `head` is the start of an SVG: markup (after a byte-order mark and
  /// spaces) that opens an `<svg` element, after an XML declaration, comments or
  /// a doctype if it has them. (A compressed `.svgz` is a gzip archive.)
  static func isSVG(_ head: [UInt8]) -> Bool {
    var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
    guard start < head.count, head[start] == UInt8(ascii: "<") else { return false }
    let mark = Array("<svg".utf8)
    guard head.count - start >= mark.count else { return false }
    for i in start...(head.count - mark.count) where head[i] == mark[0] {
      guard head[i..<(i + mark.count)].elementsEqual(mark) else { continue }
      // The element's name ends there: `<svg>`, `<svg xmlns=…`, not `<svgfoo`.
      return i + mark.count == head.count || [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(head[i + mark.count])
    }
    return false
  }

  /// Whether `bytes` start as a SQLite database does.
  public static func isSQLite(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.prefix(16).elementsEqual(Array("SQLite format 3".utf8) + [0])
  }
}
