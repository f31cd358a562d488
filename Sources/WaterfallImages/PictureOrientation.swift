/// How a picture's pixels are turned to be shown, as its EXIF `Orientation` tag
/// (0x0112) says: every phone photo is stored as the sensor saw it and tagged
/// with the turn that makes it upright.
///
/// The tag is read by a small reader of EXIF's TIFF structure (its byte order,
/// the first IFD's entries), bounds-checked at every step; anything it cannot
/// read is `.normal`, as a viewer shows a picture with no tag.
///
/// ```swift
/// let turn = PictureOrientation(exif: tiffBytes)   // .rotated90 for a phone held upright
/// turn.swapsSides                                  // true: shown 3000 wide, 4000 high
/// ```
public enum PictureOrientation: Int, Hashable, Sendable, CaseIterable {
  case normal = 1
  case mirrored = 2
  case rotated180 = 3
  case flipped = 4
  /// Mirrored, then turned a quarter anticlockwise (rows become columns).
  case transposed = 5
  /// A quarter turn clockwise.
  case rotated90 = 6
  /// Mirrored, then turned a quarter clockwise.
  case transversed = 7
  /// A quarter turn anticlockwise.
  case rotated270 = 8

  /// Whether the picture is shown with its width and height exchanged.
  public var swapsSides: Bool { rawValue >= 5 }

  /// What the details say about a turned picture; nil for `.normal`.
  public var description: String? {
    switch self {
    case .normal: return nil
    case .mirrored: return "mirrored (EXIF orientation 2)"
    case .rotated180: return "rotated 180° (EXIF orientation 3)"
    case .flipped: return "flipped upside down (EXIF orientation 4)"
    case .transposed: return "rotated 90° anticlockwise and mirrored (EXIF orientation 5)"
    case .rotated90: return "rotated 90° clockwise (EXIF orientation 6)"
    case .transversed: return "rotated 90° clockwise and mirrored (EXIF orientation 7)"
    case .rotated270: return "rotated 90° anticlockwise (EXIF orientation 8)"
    }
  }

  /// The orientation an EXIF block says (a TIFF header, `II` or `MM`, then its
  /// IFDs); `.normal` when it says none or cannot be read.
  public init(exif: UnsafeBufferPointer<UInt8>) {
    self = Self.read(exif) ?? .normal
  }

  public init(exif: [UInt8]) {
    self = exif.withUnsafeBufferPointer { Self.read($0) } ?? .normal
  }

  private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> PictureOrientation? {
    guard bytes.count >= 8 else { return nil }
    let littleEndian: Bool
    switch (bytes[0], bytes[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= bytes.count else { return nil }
      let (a, b) = (Int(bytes[at]), Int(bytes[at + 1]))
      return littleEndian ? a | b << 8 : a << 8 | b
    }
    func u32(_ at: Int) -> Int? {
      guard let low = u16(littleEndian ? at : at + 2), let high = u16(littleEndian ? at + 2 : at) else { return nil }
      return low | high << 16
    }
    guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
    for entry in 0..<count {
      let at = ifd + 2 + entry * 12
      guard let tag = u16(at) else { return nil }
      guard tag == 0x0112 else { continue }
      // A SHORT, one of it, its value in the first two bytes of the entry's last four.
      guard u16(at + 2) == 3, u32(at + 4) == 1, let value = u16(at + 8) else { return nil }
      return PictureOrientation(rawValue: value)
    }
    return nil
  }
}
