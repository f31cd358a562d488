/// Why the terminal could not be used.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
  /// `/dev/tty` could not be opened: there is no terminal to draw on.
  case noTerminal(String)
  /// ncurses does not know the terminal named by `TERM`.
  case unknownTerminal(String)
  /// The terminal named by `TERM` cannot move the cursor (no `cup`), as `dumb`.
  case cannotAddressCursor(String)
  /// An ncurses call failed.
  case call(String)

  public var description: String {
    switch self {
    case .noTerminal(let reason):
      return "cannot open the terminal (/dev/tty): \(reason)"
    case .unknownTerminal(let term):
      return "unknown terminal type '\(term)': set TERM to one your system knows (such as xterm-256color)"
    case .cannotAddressCursor(let term):
      return "the terminal '\(term)' cannot move the cursor, so it cannot show the cards: use a full-screen terminal (such as xterm-256color), or `waterfall render` for text"
    case .call(let name):
      return "\(name) failed"
    }
  }
}
