/// The bytes an xterm sends for the keys and mouse events the benchmark types.
///
/// ```swift
/// driver.send(TerminalKeys.pageDown)
/// driver.send(TerminalKeys.wheelDown(column: 10, row: 10, sgr: true))   // ESC [ < 65 ; 11 ; 11 M
/// ```
enum TerminalKeys {
  static func text(_ text: String) -> [UInt8] { Array(text.utf8) }

  static let controlE: [UInt8] = [0x05]
  static let controlL: [UInt8] = [0x0C]
  static let pageDown = text("\u{1B}[6~")
  /// Up and Down in normal cursor mode; programs that set application mode
  /// (`ESC [ ? 1 h`) are sent ``up(application:)`` instead.
  static func up(application: Bool) -> [UInt8] { text(application ? "\u{1B}OA" : "\u{1B}[A") }
  static func down(application: Bool) -> [UInt8] { text(application ? "\u{1B}OB" : "\u{1B}[B") }

  /// One notch of the wheel towards the user (scrolling down) at a 0-based cell:
  /// an SGR report (mode 1006) or the classic X10 one.
  static func wheelDown(column: Int, row: Int, sgr: Bool) -> [UInt8] {
    if sgr { return text("\u{1B}[<65;\(column + 1);\(row + 1)M") }
    return [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(32 + 65), UInt8(min(255, 33 + column)), UInt8(min(255, 33 + row))]
  }
}
