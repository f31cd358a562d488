import WaterfallWorkers

/// A picture for the kitty graphics protocol: sent to the terminal once under its
/// id (``transmission``), then placed where its top-left cell is, moved by placing
/// it again, and taken off the screen without forgetting its pixels.
///
/// The pixels go as 32-bit RGBA in base64 chunks of 4096 bytes; transparency is the
/// picture's own. Answers are suppressed (`q=2`). Nothing but the fixed keys, the
/// id, the size and base64 reaches the sequences.
///
/// ```swift
/// let picture = KittyPicture(image: Image(width: 1, height: 1, repeating: RGB(255, 0, 0)))
/// String(decoding: picture.transmission, as: UTF8.self)   // "\u{1B}_Ga=t,f=32,s=1,v=1,i=…,q=2,m=0;/wAA/w==\u{1B}\\"
/// ```
public struct KittyPicture: Hashable, Sendable {
  /// The terminal's name for the picture, unique in this process.
  public let id: UInt32
  public let width: Int
  public let height: Int
  /// The sequences that send the pixels.
  public let transmission: [UInt8]

  public init(image: Image) {
    id = Self.nextID()
    width = image.width
    height = image.height
    var rgba = [UInt8]()
    rgba.reserveCapacity(image.width * image.height * 4)
    for i in 0..<(image.width * image.height) {
      var (r, g, b) = (image.pixels[3 * i], image.pixels[3 * i + 1], image.pixels[3 * i + 2])
      let a = image.alpha?[i] ?? 255
      if a > 0, a < 255 {
        // Undo the blend over black (see Image).
        func unblend(_ v: UInt8) -> UInt8 { UInt8(min(255, (Int(v) * 255 + Int(a) / 2) / Int(a))) }
        (r, g, b) = (unblend(r), unblend(g), unblend(b))
      }
      rgba += [r, g, b, a]
    }
    let encoded = Self.base64(rgba)
    var out: [UInt8] = []
    var start = 0
    repeat {
      let end = min(encoded.count, start + 4096)
      let more = end < encoded.count ? 1 : 0
      let keys = start == 0 ? "a=t,f=32,s=\(width),v=\(height),i=\(id),q=2,m=\(more)" : "m=\(more),q=2"
      out += Array("\u{1B}_G\(keys);".utf8) + encoded[start..<end] + [0x1B, 0x5C]
      start = end
    } while start < encoded.count
    transmission = out
  }

  /// Places the picture (placement 1 of its id) at the cursor, the cursor left where it is.
  public var placement: [UInt8] { Array("\u{1B}_Ga=p,i=\(id),p=1,q=2,C=1\u{1B}\\".utf8) }

  /// Takes the picture's placements off the screen, keeping its pixels.
  public var removal: [UInt8] { Array("\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\".utf8) }

  private static let lock = ConditionLock()
  nonisolated(unsafe) private static var lastID: UInt32 = 0

  private static func nextID() -> UInt32 {
    lock.withLock {
      lastID = lastID == UInt32.max ? 1 : lastID + 1
      return lastID
    }
  }

  /// `bytes` in base64 (RFC 4648, padded).
  public static func base64(_ bytes: [UInt8]) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 3 <= bytes.count {
      let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
      out += [alphabet[n >> 18], alphabet[n >> 12 & 63], alphabet[n >> 6 & 63], alphabet[n & 63]]
      i += 3
    }
    let rest = bytes.count - i
    if rest == 1 {
      let n = Int(bytes[i]) << 16
      out += [alphabet[n >> 18], alphabet[n >> 12 & 63], 61, 61]
    } else if rest == 2 {
      let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8
      out += [alphabet[n >> 18], alphabet[n >> 12 & 63], alphabet[n >> 6 & 63], 61]
    }
    return out
  }
}
