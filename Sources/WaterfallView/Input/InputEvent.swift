import WaterfallLayout

/// Something that happened at the terminal: a key, the mouse, a new size.
public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal now has this size.
  case resize(Size)
  /// Text the user pasted (a bracketed paste), whole: text, never keys.
  case paste(String)
}
