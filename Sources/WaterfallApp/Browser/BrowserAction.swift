/// What the program should do after the browser handled an event.
public enum BrowserAction: Equatable, Sendable {
  /// Keep going (draw the next frame).
  case none
  /// Leave with this exit status.
  case quit(Int32)
  /// Write these bytes and a newline to stdout, then leave with status 0
  /// (`--print`).
  case print([UInt8])
  /// Resend the whole screen (Ctrl-L).
  case repaint
  /// Read the source again (`r`), keeping the selection.
  case reload
  /// Stop the source's reading under way (Esc while a server runs a
  /// statement: ``Browser/readingStops``).
  case stopReading
  /// Leave these cards for the list they were opened from (Esc, with
  /// ``Browser/Options/escapeGoesBack``: a server's table, back to its picker).
  case back
  /// Put these bytes (an item's JSON, `y` in the details) on the terminal's
  /// clipboard, and say so in the status bar.
  case copy([UInt8])
}
