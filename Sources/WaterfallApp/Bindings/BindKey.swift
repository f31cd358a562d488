import WaterfallView

/// Key names as fzf spells them in `--bind` (`ctrl-o`, `alt-x`, `f5`, `enter`,
/// `btab`, a single character), turned into the ``Key`` the terminal reports,
/// and keys named back the way the `?` screen and the README show them.
///
/// A terminal sends some keys as others, and the names follow: `ctrl-m` and
/// `ctrl-j` are Enter, `ctrl-i` is Tab, `ctrl-h` is Backspace. The keys the
/// terminal itself takes (`ctrl-c`, `ctrl-z`, `ctrl-\`: interrupt, stop, quit)
/// never reach the program and cannot be bound.
///
/// ```swift
/// try BindKey.parse("ctrl-o")       // .control("o")
/// try BindKey.parse("alt-enter")    // .alt("\r")
/// BindKey.label(.control("o"))      // "Ctrl-O"
/// ```
public enum BindKey {
  /// The key fzf's name `name` means.
  public static func parse(_ name: String) throws(BindError) -> Key {
    if name.count == 1, let c = name.first { return .character(c) }
    let lower = name.lowercased()
    if let key = named[lower] { return key }
    if lower.hasPrefix("ctrl-"), let key = try control(String(lower.dropFirst(5)), name: name) { return key }
    if lower.hasPrefix("alt-") {
      let rest = String(name.dropFirst(4))
      if rest.count == 1, let c = rest.first { return .alt(c) }
      switch rest.lowercased() {
      case "enter", "return": return .alt("\r")
      case "space": return .alt(" ")
      case "bspace", "bs", "backspace": return .alt("\u{7F}")
      default: break
      }
    }
    if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) { return .function(n) }
    if events.contains(lower) {
      throw BindError("'\(name)' is an fzf event, not a key: events are not supported")
    }
    throw BindError("unknown key '\(name)' (keys are named as fzf names them: ctrl-o, alt-x, f5, enter, up, a single character)")
  }

  /// The key Ctrl and `rest` make, as the terminal reports it.
  private static func control(_ rest: String, name: String) throws(BindError) -> Key? {
    switch rest {
    case "c", "z", "\\":
      throw BindError("'\(name)' is the terminal's own (interrupt, stop, quit) and cannot be bound")
    case "m", "j": return .enter
    case "i": return .tab
    case "h": return .backspace
    case "space": return .control("`")
    case "]": return .control("}")
    case "^": return .control("~")
    case "/", "_": return .control("\u{7F}")
    default:
      guard rest.count == 1, let c = rest.first, c >= "a", c <= "z" else { return nil }
      return .control(c)
    }
  }

  private static let named: [String: Key] = [
    "enter": .enter, "return": .enter, "esc": .escape, "tab": .tab, "btab": .backTab, "shift-tab": .backTab,
    "bspace": .backspace, "bs": .backspace, "backspace": .backspace, "del": .delete, "delete": .delete,
    "insert": .insert, "up": .up, "down": .down, "shift-up": .shiftUp, "shift-down": .shiftDown, "left": .left, "right": .right, "home": .home, "end": .end,
    "pgup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown, "space": .character(" "),
  ]

  /// fzf's events, bound as keys are (`start:…`), which this program has not.
  private static let events: Set<String> = [
    "start", "load", "resize", "result", "change", "focus", "one", "zero", "multi", "backward-eof", "jump",
    "jump-cancel", "click-header", "click-footer",
  ]

  /// How help shows `key`: as the key tables' labels do (`Ctrl-O`, `PgUp`, `↑`,
  /// `Space`, `Alt-x`, `F5`).
  public static func label(_ key: Key) -> String {
    switch key {
    case .character(" "): return "Space"
    case .character(let c): return String(c)
    case .control("`"): return "Ctrl-Space"
    case .control("}"): return "Ctrl-]"
    case .control("~"): return "Ctrl-^"
    case .control("\u{7F}"): return "Ctrl-/"
    case .control(let c): return "Ctrl-" + String(c).uppercased()
    case .alt("\r"): return "Alt-Enter"
    case .alt(" "): return "Alt-Space"
    case .alt("\u{7F}"): return "Alt-Backspace"
    case .alt(let c): return "Alt-" + String(c)
    case .up: return "↑"
    case .down: return "↓"
    case .shiftUp: return "Shift-↑"
    case .shiftDown: return "Shift-↓"
    case .left: return "←"
    case .right: return "→"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .enter: return "Enter"
    case .escape: return "Esc"
    case .backspace: return "Backspace"
    case .tab: return "Tab"
    case .backTab: return "Shift-Tab"
    case .delete: return "Del"
    case .insert: return "Ins"
    case .function(let n): return "F\(n)"
    }
  }
}
