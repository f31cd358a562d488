/// The escape sequences ``FrameEncoder`` sends, as the terminal spells them:
/// where to put the cursor, how to scroll part of the screen, how to set a
/// style. ``Curses/terminalStrings(colors:)`` reads them from terminfo; tests
/// write out an xterm's by hand.
///
/// A capability the terminal lacks is `nil`, and the encoder does without it: no
/// scroll region means rows are written again rather than scrolled, no italics
/// means italic text shows plain.
///
/// ```swift
/// let strings = Curses.terminalStrings(colors: 256)
/// strings.cursor(4, 10)   // ESC [ 5 ; 1 1 H on an xterm
/// ```
struct TerminalStrings {
  /// Clears the whole screen (`clear`).
  var clear: [UInt8]
  /// Turns every attribute and colour off (`sgr0`).
  var reset: [UInt8]
  /// Turn one attribute on (`bold`, `dim`, `sitm`, `smul`, `rev`).
  var bold: [UInt8]?
  var dim: [UInt8]?
  var italic: [UInt8]?
  var underline: [UInt8]?
  var reverse: [UInt8]?
  /// Puts both colours back to the terminal's defaults (`op`).
  var defaultColors: [UInt8]?
  /// Moves the cursor to row, column, both from 0 (`cup`).
  var cursor: (Int, Int) -> [UInt8]
  /// Limits scrolling to rows top through bottom (`csr`).
  var scrollRegion: ((Int, Int) -> [UInt8])?
  /// Scrolls the region up (`indn`, or `ind` again and again) or down (`rin`,
  /// `ri`) by a number of rows, from the cursor on its bottom or top row.
  var scrollUp: ((Int) -> [UInt8])?
  var scrollDown: ((Int) -> [UInt8])?
  /// Sets the text or background colour, by ``TerminalColor`` number (`setaf`, `setab`).
  var foreground: ((Int32) -> [UInt8])?
  var background: ((Int32) -> [UInt8])?
  /// Whether writing the bottom-right cell leaves the screen as it is: true
  /// without automatic margins, or when the terminal delays the wrap (`xenl`).
  var writesLastCell: Bool
}
