import WaterfallView

/// Keys by the names tmux's `send-keys` uses (`Down`, `PageUp`, `Enter`, `Escape`,
/// `C-l`, `M-x`, or a single character), so `render --keys` and an end-to-end test can
/// press the same keys.
///
/// ```swift
/// KeyNames.parse("Down Down Right Enter")   // [.down, .down, .right, .enter]
/// ```
public enum KeyNames {
  public struct UnknownKey: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "unknown key name '\(name)'" }
  }

  public static func parse(_ names: String) throws(UnknownKey) -> [Key] {
    var keys: [Key] = []
    for name in names.split(separator: " ") {
      keys.append(try key(String(name)))
    }
    return keys
  }

  public static func key(_ name: String) throws(UnknownKey) -> Key {
    switch name {
    case "Up": return .up
    case "Down": return .down
    case "Left": return .left
    case "Right": return .right
    case "PageUp", "PPage", "PgUp": return .pageUp
    case "PageDown", "NPage", "PgDn": return .pageDown
    case "Home": return .home
    case "End": return .end
    case "Enter": return .enter
    case "Escape", "Esc": return .escape
    case "Tab": return .tab
    case "BSpace", "Backspace": return .backspace
    case "Space": return .character(" ")
    default:
      if name.hasPrefix("C-"), name.count == 3 { return .control(Character(name.dropFirst(2).lowercased())) }
      if name.hasPrefix("M-"), name.count == 3 { return .alt(Character(String(name.dropFirst(2)))) }
      if name.count == 1 { return .character(Character(name)) }
      throw UnknownKey(name: name)
    }
  }
}
