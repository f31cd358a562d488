/// The OSC 52 escape sequence that puts text on the terminal's clipboard, as
/// tmux, lazygit and neovim send it: `ESC ] 52 ; c ; <base64> ESC \`.
///
/// The terminal (or tmux, with `set-clipboard`) does the copying, so it works
/// over ssh and needs no clipboard program. Terminals cap the payload (xterm's
/// default is about 100 KB of text); ``maximumBytes`` refuses larger ones rather
/// than send what would be cut.
///
/// ```swift
/// ClipboardSequence.bytes(for: Array("hi".utf8))   // ESC ]52;c;aGk= ESC \
/// ```
public enum ClipboardSequence {
  /// The largest text sent, before encoding.
  public static let maximumBytes = 100_000

  /// The sequence that copies `text`.
  public static func bytes(for text: [UInt8]) -> [UInt8] {
    Array("\u{1B}]52;c;".utf8) + base64(text) + [0x1B, 0x5C]
  }

  /// `bytes` in base64 (RFC 4648, with padding).
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
      let a = UInt32(bytes[i])
      let b = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
      let c = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
      let triple = a << 16 | b << 8 | c
      out.append(alphabet[Int(triple >> 18 & 63)])
      out.append(alphabet[Int(triple >> 12 & 63)])
      out.append(i + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
      out.append(i + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
      i += 3
    }
    return out
  }
}
