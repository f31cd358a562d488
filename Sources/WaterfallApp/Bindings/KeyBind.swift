import WaterfallView

/// One key bound by `--bind`: the key, the actions it runs in turn, and how
/// the user wrote them (for the `?` screen).
///
/// A `--bind` value is fzf's: bindings `KEY:ACTION[+ACTION…]` separated by
/// commas. An action's argument goes in parentheses, or in `[]`, `{}`, `<>`,
/// or between two of `~!@#$%^&*;/|`; it ends at the first closing character
/// followed by `+`, `,` or the end, so it may hold those characters itself.
/// `execute:CMD` (a colon) takes the rest of the value. `KEY:+ACTION` adds to
/// what an earlier `--bind` gave the key.
///
/// ```swift
/// let binds = try KeyBind.parse("ctrl-o:execute(less {path})+reload,alt-j:down")
/// binds[0].key        // .control("o")
/// binds[0].actions    // [.execute(CommandTemplate), .command(.reload)]
/// ```
public struct KeyBind: Hashable, Sendable {
  public var key: Key
  /// The actions, run in order.
  public var actions: [BindAction]
  /// The actions as written (`execute(less {path})+reload`).
  public var text: String
  /// Whether the actions add to those an earlier `--bind` gave the key.
  public var appends = false

  public init(key: Key, actions: [BindAction], text: String, appends: Bool = false) {
    self.key = key
    self.actions = actions
    self.text = text
    self.appends = appends
  }

  /// The bindings of one `--bind` value, or a ``BindError`` naming the key or
  /// the action that is wrong.
  public static func parse(_ value: String) throws(BindError) -> [KeyBind] {
    let c = Array(value)
    var binds: [KeyBind] = []
    var i = 0
    while i < c.count {
      // The key: up to the colon (a key may itself be `:` or `,`).
      var keyEnd = i
      if c[i] == ":" || c[i] == "," {
        keyEnd = i + 1
      } else {
        while keyEnd < c.count, c[keyEnd] != ":", c[keyEnd] != "," { keyEnd += 1 }
      }
      let name = String(c[i..<keyEnd])
      guard keyEnd < c.count, c[keyEnd] == ":" else {
        throw BindError(name.isEmpty ? "an empty binding in '\(value)'" : "\(name): no action (KEY:ACTION, as ctrl-o:accept)")
      }
      let key = try BindKey.parse(name)
      i = keyEnd + 1
      var appends = false
      if i < c.count, c[i] == "+" {
        appends = true
        i += 1
      }
      let start = i
      var actions: [BindAction] = []
      while true {
        var nameEnd = i
        while nameEnd < c.count, c[nameEnd].isASCII, c[nameEnd].isLetter || c[nameEnd].isNumber || c[nameEnd] == "-" {
          nameEnd += 1
        }
        let action = String(c[i..<nameEnd]).lowercased()
        guard !action.isEmpty else {
          let found = nameEnd < c.count ? "'\(c[nameEnd])'" : "nothing"
          throw BindError("\(name): expected an action, found \(found)")
        }
        i = nameEnd
        var argument: String?
        if i < c.count, c[i] == ":" {
          argument = String(c[(i + 1)...])
          i = c.count
        } else if i < c.count, let close = Self.closers[c[i]] {
          var j = i + 1
          var end: Int?
          while j < c.count {
            if c[j] == close, j + 1 == c.count || c[j + 1] == "+" || c[j + 1] == "," {
              end = j
              break
            }
            j += 1
          }
          guard let end else { throw BindError("\(name): \(action)\(c[i])… is not closed with \(close)") }
          argument = String(c[(i + 1)..<end])
          i = end + 1
        }
        do {
          actions.append(try BindAction.parse(action, argument: argument))
        } catch {
          throw BindError("\(name): \(error.description)")
        }
        if i < c.count, c[i] == "+" {
          i += 1
          continue
        }
        break
      }
      binds.append(KeyBind(key: key, actions: actions, text: String(c[start..<i]), appends: appends))
      if i < c.count {
        guard c[i] == "," else { throw BindError("\(name): unexpected '\(c[i])' after \(String(c[start..<i]))") }
        i += 1
        if i == c.count { throw BindError("an empty binding at the end of '\(value)'") }
      }
    }
    if binds.isEmpty { throw BindError("an empty --bind") }
    return binds
  }

  /// The characters that may open an action's argument, and what closes each.
  static let closers: [Character: Character] = {
    var closers: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]
    for c in "~!@#$%^&*;/|" { closers[c] = c }
    return closers
  }()
}
