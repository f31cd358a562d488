/// Splits a terminal program's output into ``VTAction`` values, byte by byte.
///
/// A small state machine after the DEC/ECMA-48 parser: ground (UTF-8 text and C0
/// controls), escape, control sequence (`CSI`), and strings (`OSC`, `DCS`, `APC`,
/// `PM`, `SOS`) that are read to their end (`BEL` or `ESC \`) and dropped. It keeps
/// its state between calls, so a sequence split across two reads is read whole.
///
/// ```swift
/// var parser = VTParser()
/// parser.feed(Array("\u{1B}[2;5Hhi".utf8)) { action in print(action) }
/// // csi(marker: nil, parameters: [2, 5], …, final: "H"), print("h"), print("i")
/// ```
struct VTParser {
  private enum State {
    case ground, escape, csi, string, stringEscape
  }

  private var state = State.ground
  private var intermediates: [UInt8] = []
  private var marker: UInt8?
  private var parameters: [Int?] = []
  private var current: Int?
  // UTF-8 decoding.
  private var scalar: UInt32 = 0
  private var pending = 0

  init() {}

  /// Reads `bytes`, calling `handle` for each complete action.
  mutating func feed(_ bytes: some Sequence<UInt8>, _ handle: (VTAction) -> Void) {
    for byte in bytes { step(byte, handle) }
  }

  private mutating func step(_ byte: UInt8, _ handle: (VTAction) -> Void) {
    // CAN and SUB abort any sequence; ESC starts a new one anywhere but in a string.
    if byte == 0x18 || byte == 0x1A {
      state = .ground
      return
    }
    switch state {
    case .ground:
      ground(byte, handle)
    case .escape:
      escape(byte, handle)
    case .csi:
      csi(byte, handle)
    case .string:
      if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .stringEscape }
    case .stringEscape:
      state = byte == UInt8(ascii: "\\") ? .ground : .string
    }
  }

  private mutating func ground(_ byte: UInt8, _ handle: (VTAction) -> Void) {
    if pending > 0 {
      if byte & 0xC0 == 0x80 {
        scalar = scalar << 6 | UInt32(byte & 0x3F)
        pending -= 1
        if pending == 0 { handle(.print(Unicode.Scalar(scalar) ?? "\u{FFFD}")) }
        return
      }
      pending = 0
      handle(.print("\u{FFFD}"))
    }
    switch byte {
    case 0x1B:
      state = .escape
      intermediates.removeAll(keepingCapacity: true)
    case 0x00..<0x20, 0x7F:
      handle(.control(byte))
    case 0x20..<0x80:
      handle(.print(Unicode.Scalar(byte)))
    case 0xC2...0xDF:
      scalar = UInt32(byte & 0x1F)
      pending = 1
    case 0xE0...0xEF:
      scalar = UInt32(byte & 0x0F)
      pending = 2
    case 0xF0...0xF4:
      scalar = UInt32(byte & 0x07)
      pending = 3
    default:
      handle(.print("\u{FFFD}"))
    }
  }

  private mutating func escape(_ byte: UInt8, _ handle: (VTAction) -> Void) {
    switch byte {
    case UInt8(ascii: "["):
      state = .csi
      marker = nil
      parameters.removeAll(keepingCapacity: true)
      current = nil
      intermediates.removeAll(keepingCapacity: true)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
      state = .string
    case 0x20..<0x30:
      intermediates.append(byte)
    case 0x30..<0x7F:
      state = .ground
      handle(.escape(intermediates: intermediates, final: byte))
    case 0x1B:
      intermediates.removeAll(keepingCapacity: true)
    default:
      // A control inside an escape is carried out, as terminals do.
      if byte < 0x20 { handle(.control(byte)) } else { state = .ground }
    }
  }

  private mutating func csi(_ byte: UInt8, _ handle: (VTAction) -> Void) {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 1 << 20)
    case UInt8(ascii: ";"), UInt8(ascii: ":"):
      parameters.append(current)
      current = nil
    case UInt8(ascii: "<")...UInt8(ascii: "?"):
      if parameters.isEmpty, current == nil, marker == nil { marker = byte }
    case 0x20..<0x30:
      intermediates.append(byte)
    case 0x40..<0x7F:
      if current != nil || !parameters.isEmpty { parameters.append(current) }
      state = .ground
      handle(.csi(marker: marker, parameters: parameters, intermediates: intermediates, final: byte))
    case 0x1B:
      state = .escape
      intermediates.removeAll(keepingCapacity: true)
    default:
      if byte < 0x20 { handle(.control(byte)) }
    }
  }
}
