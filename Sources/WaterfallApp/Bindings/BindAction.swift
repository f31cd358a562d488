/// One action of a `--bind` chain: a key command the browser carries out in its
/// mode, a shell command run with the selected item's values quoted into it, or
/// printing the selected item.
///
/// Names are fzf's where fzf has the action (`up`, `page-down`, `accept`,
/// `abort`, `toggle`, `select-all`, `execute(CMD)`, `become(CMD)`), and in
/// fzf's spelling for the browser's own (`change-layout`, `toggle-details`,
/// `more-columns`).
///
/// ```swift
/// try BindAction.parse("down", argument: nil)                 // .command(.down)
/// try BindAction.parse("execute", argument: "less {path}")    // .execute(CommandTemplate)
/// ```
public enum BindAction: Hashable, Sendable {
  /// What a key bound to `command` would do.
  case command(KeyCommand)
  /// Nothing (fzf's `ignore`): a key bound to it no longer does what it did.
  case ignore
  /// The terminal handed to the command until it ends, then the screen again.
  case execute(CommandTemplate)
  /// The command run in the background, its output thrown away.
  case executeSilent(CommandTemplate)
  /// The program replaced by the command, the terminal given back first.
  case become(CommandTemplate)
  /// The selected item kept to be printed when the program ends (as `--print`
  /// prints it), the browser going on.
  case print

  /// The actions that take no argument, by name.
  static let commands: [String: KeyCommand] = [
    "up": .up, "down": .down, "left": .left, "right": .right,
    "page-up": .pageUp, "page-down": .pageDown, "half-page-up": .halfPageUp, "half-page-down": .halfPageDown,
    "first": .first, "top": .first, "last": .last, "scroll-up": .scrollUp, "scroll-down": .scrollDown,
    "accept": .accept, "abort": .quit, "cancel": .back, "reload": .reload,
    "toggle": .toggleMark, "select-all": .markAll, "deselect-all": .unmarkAll,
    "change-layout": .nextLayout, "toggle-details": .toggleDetails, "search": .filter,
    "more-columns": .moreColumns, "fewer-columns": .fewerColumns, "card-size": .cardSize,
    "pick-sort": .pickSort, "reverse-sort": .reverseSort, "count-values": .countValues, "hide": .hide, "unhide": .unhide,
    "help": .help, "clear-screen": .repaint, "repaint": .repaint,
    "toggle-preview": .togglePreview, "show-preview": .showPreview, "hide-preview": .hidePreview,
    "refresh-preview": .refreshPreview, "preview-up": .previewUp, "preview-down": .previewDown,
    "preview-page-up": .previewPageUp, "preview-page-down": .previewPageDown,
    "preview-half-page-up": .previewHalfPageUp, "preview-half-page-down": .previewHalfPageDown,
    "preview-top": .previewTop, "preview-bottom": .previewBottom,
  ]

  /// fzf's actions this program has not (yet), named as such in the error.
  static let fzfOnly: Set<String> = [
    "toggle-all", "select", "deselect", "toggle-in", "toggle-out", "preview",
    "change-preview", "change-preview-window", "change-prompt",
    "change-header", "change-query", "transform", "transform-query", "put", "jump", "pos", "toggle-sort",
    "clear-query", "clear-selection", "reload-sync", "execute-multi", "print-query", "accept-non-empty",
    "accept-or-print-query", "backward-char", "forward-char", "kill-line", "unix-line-discard", "beginning-of-line",
    "end-of-line", "next-history", "prev-history", "become-silent", "rebind", "unbind", "toggle-bind", "track",
    "change-border-label", "bell", "offset-up", "offset-down",
  ]

  /// The action named `name`, with `argument` (what the parentheses held), or
  /// a ``BindError`` saying what is wrong with it.
  public static func parse(_ name: String, argument: String?) throws(BindError) -> BindAction {
    switch name {
    case "execute", "execute-silent", "become":
      guard let argument, !argument.allSatisfy(\.isWhitespace) else {
        throw BindError("\(name) needs a command: \(name)(CMD)")
      }
      let template = try CommandTemplate(parsing: argument)
      switch name {
      case "execute": return .execute(template)
      case "execute-silent": return .executeSilent(template)
      default: return .become(template)
      }
    default:
      break
    }
    let action: BindAction
    if name == "print" {
      action = .print
    } else if name == "ignore" {
      action = .ignore
    } else if let command = commands[name] {
      action = .command(command)
    } else if fzfOnly.contains(name) {
      throw BindError("fzf's action '\(name)' is not supported (yet)")
    } else {
      throw BindError("unknown action '\(name)'")
    }
    if let argument {
      let why = name == "reload" ? ": it reads the same data again" : name == "print" ? ": it prints the selected item" : ""
      throw BindError("'\(name)' takes no argument (\(name)(\(argument)))\(why)")
    }
    return action
  }
}
