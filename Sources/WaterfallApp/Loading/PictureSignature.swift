/// Which kind of picture some bytes are, told by their first bytes: what
/// makes a database value (a SQLite BLOB, a PostgreSQL `bytea`) a card's picture.
///
/// ```swift
/// PictureSignature.kind(of: [0x89, 0x50, 0x4E, 0x47, 0x0D])   // "PNG"
/// PictureSignature.kind(of: Array("hello".utf8))              // nil
/// ```
enum PictureSignature {
  static func kind(of bytes: some Collection<UInt8>) -> String? {
    let head = Array(bytes.prefix(12))
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "PNG" }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
    if head.starts(with: Array("GIF8".utf8)) { return "GIF" }
    if head.count == 12, head.starts(with: Array("RIFF".utf8)), head[8..<12].elementsEqual("WEBP".utf8) { return "WebP" }
    return nil
  }

  /// What the bytes hold, in words: `<PNG picture, 1,234 bytes>`, or
  /// `<bytea, 12 bytes>` (`what` names bytes that are no picture).
  static func describe(_ bytes: some Collection<UInt8>, size: Int, what: String) -> String {
    let amount = size.grouped + (size == 1 ? " byte" : " bytes")
    if let picture = kind(of: bytes) { return "<\(picture) picture, \(amount)>" }
    return "<\(what), \(amount)>"
  }
}
