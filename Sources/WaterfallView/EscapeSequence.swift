/// A terminal escape sequence met in text from data, recognised whole so that
/// ``DisplayText`` can show it as one visible `␛` instead of drawing its body
/// (`]52;c;…`) as if it were text.
///
/// Recognising a sequence is a matter of looks, not of safety: every control
/// character is replaced on its own anyway, so nothing here decides what reaches
/// the terminal. The grammar is ECMA-48's, as xterm reads it:
///
/// - CSI: `ESC [` (or U+009B), parameter and intermediate bytes (0x20-0x3F), then
///   one final byte (0x40-0x7E): `ESC [ 2 J`, `ESC [ 3 1 m`.
/// - Command strings: `ESC ]` OSC, `ESC P` DCS, `ESC X` SOS, `ESC ^` PM,
///   `ESC _` APC (or U+009D, U+0090, U+0098, U+009E, U+009F), any text, then BEL,
///   ST (`ESC \` or U+009C), or CAN/SUB (which cancel it): `ESC ] 0 ; title BEL`.
/// - Other escapes: `ESC`, intermediate bytes (0x20-0x2F), one final byte
///   (0x30-0x7E): `ESC c`, `ESC ( B`, `ESC # 8`.
///
/// A sequence that is not complete (text ends first, or another escape starts
/// inside a command string) is not one: only its `ESC` is replaced and the rest
/// shows as text. Stopping a command string at the next escape also keeps the
/// scan linear: no scalar is looked at more than twice, however hostile the text.
///
/// ```swift
/// var rest = "]0;pwned\u{07}ok".unicodeScalars.makeIterator()
/// EscapeSequence.consume(after: "\u{1B}", from: &rest)   // .commandString; rest is at "ok"
/// ```
public enum EscapeSequence: Hashable, Sendable {
  /// A control sequence (CSI): cursor moves, erasing, colours.
  case controlSequence
  /// A command string (OSC, DCS, SOS, PM, APC): titles, clipboard, device control.
  case commandString
  /// Any other escape (`ESC c` resets the terminal, `ESC ( 0` switches charset).
  case escape

  /// Whether `scalar` can start a sequence: ESC, or a C1 introducer.
  @inline(__always)
  public static func isIntroducer(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1B, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F: return true
    default: return false
    }
  }

  /// Moves `scalars` past the rest of the sequence that `introducer` (already read)
  /// starts, and returns its kind; when no complete sequence follows, returns `nil`
  /// and leaves `scalars` where it was.
  public static func consume<Scalars: IteratorProtocol<Unicode.Scalar>>(
    after introducer: Unicode.Scalar, from scalars: inout Scalars
  ) -> EscapeSequence? {
    var probe = scalars
    let kind: EscapeSequence?
    switch introducer.value {
    case 0x9B: kind = controlSequenceBody(&probe)
    case 0x90, 0x98, 0x9D, 0x9E, 0x9F: kind = commandStringBody(&probe)
    case 0x1B:
      guard let next = probe.next() else { return nil }
      switch next.value {
      case 0x5B: kind = controlSequenceBody(&probe)  // [
      case 0x5D, 0x50, 0x58, 0x5E, 0x5F: kind = commandStringBody(&probe)  // ] P X ^ _
      default: kind = escapeBody(first: next, &probe)
      }
    default: kind = nil
    }
    if kind != nil { scalars = probe }
    return kind
  }

  /// Parameter and intermediate bytes, then a final byte.
  private static func controlSequenceBody<Scalars: IteratorProtocol<Unicode.Scalar>>(
    _ scalars: inout Scalars
  ) -> EscapeSequence? {
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x20...0x3F: continue
      case 0x40...0x7E: return .controlSequence
      default: return nil
      }
    }
    return nil
  }

  /// Any text up to BEL, ST, CAN or SUB; another escape or the end means the
  /// string was never closed.
  private static func commandStringBody<Scalars: IteratorProtocol<Unicode.Scalar>>(
    _ scalars: inout Scalars
  ) -> EscapeSequence? {
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x07, 0x9C, 0x18, 0x1A: return .commandString
      case 0x1B: return scalars.next() == "\\" ? .commandString : nil
      case 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F: return nil
      default: continue
      }
    }
    return nil
  }

  /// Intermediate bytes, then a final byte.
  private static func escapeBody<Scalars: IteratorProtocol<Unicode.Scalar>>(
    first: Unicode.Scalar, _ scalars: inout Scalars
  ) -> EscapeSequence? {
    var scalar = first
    while true {
      switch scalar.value {
      case 0x30...0x7E: return .escape
      case 0x20...0x2F:
        guard let next = scalars.next() else { return nil }
        scalar = next
      default: return nil
      }
    }
  }
}
