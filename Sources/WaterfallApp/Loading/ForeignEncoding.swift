/// A Unicode encoding other than UTF-8 that a file is in, told from its first
/// bytes, so that the loader can say so instead of reporting a syntax error at
/// byte 0xFF.
///
/// JSON text begins with an ASCII character, so (as RFC 4627 noted) its first four
/// bytes show the encoding even without a byte-order mark: `7B 00 22 00` is
/// UTF-16LE, `00 7B` UTF-16BE, `7B 00 00 00` UTF-32LE. A UTF-8 byte-order mark is
/// not foreign: the page parser skips it.
///
/// ```swift
/// ForeignEncoding.detect([0xFF, 0xFE, 0x5B, 0x00])            // .utf16LE
/// ForeignEncoding.detect(Array("[{}]".utf8))                   // nil
/// ForeignEncoding.utf16LE.refusal(path: "a.json")
/// // "this is UTF-16LE text, and waterfall reads UTF-8 (convert it: iconv -f UTF-16LE -t UTF-8 a.json)"
/// ```
public enum ForeignEncoding: String, Hashable, Sendable {
  case utf16LE = "UTF-16LE"
  case utf16BE = "UTF-16BE"
  case utf32LE = "UTF-32LE"
  case utf32BE = "UTF-32BE"

  /// The encoding `bytes` are in when it is UTF-16 or UTF-32, else `nil`.
  public static func detect(_ bytes: some Collection<UInt8>) -> ForeignEncoding? {
    var head: [UInt8] = []
    for byte in bytes.prefix(4) { head.append(byte) }
    func starts(_ prefix: [UInt8?]) -> Bool {
      guard head.count >= prefix.count else { return false }
      for (byte, expected) in zip(head, prefix) {
        if let expected, byte != expected { return false }
        if expected == nil, byte == 0 { return false }
      }
      return true
    }
    // Byte-order marks; UTF-32LE's begins as UTF-16LE's does, so it comes first.
    if starts([0xFF, 0xFE, 0x00, 0x00]) || starts([0x00, 0x00, 0xFE, 0xFF]) {
      return head[0] == 0xFF ? .utf32LE : .utf32BE
    }
    if starts([0xFF, 0xFE]) { return .utf16LE }
    if starts([0xFE, 0xFF]) { return .utf16BE }
    // No mark: zeros around a first ASCII character.
    if starts([nil, 0x00, 0x00, 0x00]) { return .utf32LE }
    if starts([0x00, 0x00, 0x00, nil]) { return .utf32BE }
    if starts([nil, 0x00]) { return .utf16LE }
    if starts([0x00, nil]) { return .utf16BE }
    return nil
  }

  /// The reason a file in this encoding is refused, with the command that fixes it.
  public func refusal(path: String) -> String {
    "this is \(rawValue) text, and waterfall reads UTF-8 (convert it: iconv -f \(rawValue) -t UTF-8 \(path))"
  }
}
