/// A key the user pressed, decoded from ncurses' key codes.
public enum Key: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// A control character typed with Ctrl: `.control("l")` is Ctrl-L.
  case control(Character)
  /// A character typed with Alt (Meta), which terminals send as Escape followed
  /// by the character: `.alt("x")` is Alt-x. It is never Escape.
  case alt(Character)
  case up, down, left, right
  /// Shift-↑ and Shift-↓ (terminfo's `kri` and `kind`).
  case shiftUp, shiftDown
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab, backTab, delete, insert
  /// A function key: F1 is `.function(1)`.
  case function(Int)
}
