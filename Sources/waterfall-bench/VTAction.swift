/// One thing a terminal program asked of the terminal, as ``VTParser`` reads it
/// from the bytes: a character to print, a control, or an escape sequence.
enum VTAction: Equatable {
  /// A printable character (UTF-8 already decoded; invalid bytes become U+FFFD).
  case print(Unicode.Scalar)
  /// A C0 control byte: backspace, tab, line feed, carriage return, bell…
  case control(UInt8)
  /// `ESC` followed by optional intermediates and a final byte (`ESC 7`, `ESC ( B`).
  case escape(intermediates: [UInt8], final: UInt8)
  /// A control sequence: `ESC [`, an optional private marker (`?`, `>`, `<`, `=`),
  /// numeric parameters (`nil` where one was left out), intermediates, a final byte.
  case csi(marker: UInt8?, parameters: [Int?], intermediates: [UInt8], final: UInt8)
}
