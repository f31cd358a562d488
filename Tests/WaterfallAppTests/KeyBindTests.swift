import Testing
import WaterfallView
@testable import WaterfallApp

/// `--bind`: fzf's key names, its KEY:ACTION+ACTION lists and argument
/// delimiters, the errors that name the key or action, and the key tables
/// after the bindings (issue 27).
@Suite struct KeyBindTests {
  @Test(arguments: [
    ("ctrl-o", Key.control("o")), ("CTRL-O", .control("o")), ("alt-x", .alt("x")), ("alt-X", .alt("X")),
    ("alt-enter", .alt("\r")), ("alt-bspace", .alt("\u{7F}")), ("f5", .function(5)), ("f12", .function(12)),
    ("enter", .enter), ("return", .enter), ("ctrl-m", .enter), ("ctrl-j", .enter), ("ctrl-i", .tab),
    ("ctrl-h", .backspace), ("esc", .escape), ("tab", .tab), ("btab", .backTab), ("shift-tab", .backTab),
    ("bspace", .backspace), ("del", .delete), ("up", .up), ("page-down", .pageDown), ("pgup", .pageUp),
    ("home", .home), ("space", .character(" ")), ("x", .character("x")), ("?", .character("?")),
    ("ctrl-space", .control("`")), ("ctrl-/", .control("\u{7F}")),
  ])
  func fzfsKeyNamesAreTheTerminalsKeys(name: String, key: Key) throws {
    #expect(try BindKey.parse(name) == key)
  }

  @Test(arguments: [
    ("ctrl-c", "terminal's own"), ("ctrl-z", "terminal's own"), ("ctrl-\\", "terminal's own"),
    ("start", "fzf event"), ("load", "fzf event"), ("f13", "unknown key 'f13'"), ("shift-f1", "unknown key 'shift-f1'"),
    ("ctrl-ab", "unknown key 'ctrl-ab'"),
  ])
  func keysThatCannotBeBoundSaySo(name: String, message: String) {
    do {
      _ = try BindKey.parse(name)
      Issue.record("\(name) parsed")
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func labelsAreTheKeyTablesOwn() {
    #expect(BindKey.label(.control("o")) == "Ctrl-O")
    #expect(BindKey.label(.pageDown) == "PgDn")
    #expect(BindKey.label(.character(" ")) == "Space")
    #expect(BindKey.label(.alt("x")) == "Alt-x")
    #expect(BindKey.label(.function(5)) == "F5")
    #expect(BindKey.label(.up) == "↑")
  }

  @Test func listsChainsAndArguments() throws {
    let binds = try KeyBind.parse("ctrl-o:execute(less {path})+reload,alt-j:down,enter:accept")
    #expect(binds.map(\.key) == [.control("o"), .alt("j"), .enter])
    #expect(binds[0].actions == [.execute(try CommandTemplate(parsing: "less {path}")), .command(.reload)])
    #expect(binds[0].text == "execute(less {path})+reload")
    #expect(binds[1].actions == [.command(.down)])
    #expect(binds[2].actions == [.command(.accept)])
  }

  @Test func anArgumentEndsAtItsCloserFollowedByPlusCommaOrTheEnd() throws {
    // fzf's rule: the argument may hold the closer, + and , themselves.
    let a = try KeyBind.parse("ctrl-a:execute(echo (a) b+c,d)+up")
    #expect(a[0].actions == [.execute(try CommandTemplate(parsing: "echo (a) b+c,d")), .command(.up)])
    let b = try KeyBind.parse("ctrl-b:execute[echo ) ]]")
    #expect(b[0].actions == [.execute(try CommandTemplate(parsing: "echo ) ]"))])
    for (open, close) in [("{", "}"), ("<", ">"), ("~", "~"), ("!", "!"), ("@", "@"), ("#", "#"), ("%", "%"), ("|", "|"), ("/", "/")] {
      let binds = try KeyBind.parse("ctrl-d:execute-silent\(open)touch x\(close)+down")
      #expect(binds[0].actions == [.executeSilent(try CommandTemplate(parsing: "touch x")), .command(.down)], "\(open)\(close)")
    }
    // `execute:CMD` takes the rest, commas and all.
    let colon = try KeyBind.parse("ctrl-e:become:vim {path}, then more")
    #expect(colon[0].actions == [.become(try CommandTemplate(parsing: "vim {path}, then more"))])
  }

  @Test func keysThatAreSeparatorsCanBeBound() throws {
    #expect(try KeyBind.parse(",:up")[0].key == .character(","))
    #expect(try KeyBind.parse("::up")[0].key == .character(":"))
    #expect(try KeyBind.parse("+:more-columns")[0].key == .character("+"))
  }

  @Test(arguments: [
    ("ctrl-o:exec(vim)", "ctrl-o: unknown action 'exec'"),
    ("ctrl-o", "ctrl-o: no action"),
    ("ctrl-o:", "ctrl-o: expected an action"),
    ("ctrl-o:up+", "ctrl-o: expected an action"),
    ("ctrl-o:execute(vim", "ctrl-o: execute(… is not closed with )"),
    ("ctrl-o:execute()", "ctrl-o: execute needs a command"),
    ("ctrl-o:up(3)", "ctrl-o: 'up' takes no argument"),
    ("ctrl-o:reload(ls)", "it reads the same data again"),
    ("ctrl-o:change-prompt(> )", "ctrl-o: fzf's action 'change-prompt' is not supported (yet)"),
    ("ctrl-o:execute(echo '{title})", "ctrl-o: an unclosed '"),
    ("nope:up", "unknown key 'nope'"),
    ("ctrl-o:up,", "an empty binding at the end"),
    ("ctrl-o:up down", "ctrl-o: unexpected ' '"),
  ])
  func badBindingsNameTheKeyOrTheAction(value: String, message: String) {
    do {
      _ = try KeyBind.parse(value)
      Issue.record("\(value) parsed")
    } catch {
      #expect(error.description.contains(message), "\(value): \(error.description)")
    }
  }

  @Test func aLaterBindReplacesOrWithAPlusAppends() throws {
    var map = KeyMap()
    try map.bind("ctrl-a:up,ctrl-b:down")
    try map.bind("ctrl-a:first")
    try map.bind("ctrl-b:+last")
    #expect(map.actions(for: .control("a"), in: .browsing) == [.command(.first)])
    #expect(map.actions(for: .control("b"), in: .browsing) == [.command(.down), .command(.last)])
    #expect(map.binds.first { $0.key == .control("b") }?.text == "down+last")
  }

  @Test func boundLettersWorkOnlyWhileBrowsing() throws {
    let map = try KeyMap(binding: ["j:up", "ctrl-j:down", "f2:toggle-details"])
    #expect(map.actions(for: .character("j"), in: .browsing) == [.command(.up)])
    #expect(map.actions(for: .character("j"), in: .filtering) == nil, "j still types")
    #expect(map.actions(for: .character("j"), in: .details) == nil, "j keeps its meaning in the details")
    #expect(map.actions(for: .enter, in: .filtering) == [.command(.down)], "ctrl-j is Enter, bound")
    #expect(map.actions(for: .function(2), in: .details) == [.command(.toggleDetails)])
    #expect(map.actions(for: .function(2), in: .help) == nil)
  }

  @Test func theTablesLoseTheBoundKeysAndHelpListsThemFirst() throws {
    let map = try KeyMap(binding: ["j:up,enter:accept,ctrl-o:execute(less {path})"])
    let browsing = map.table(for: .browsing)
    #expect(browsing.command(for: .character("j")) == nil)
    #expect(browsing.command(for: .character("k")) == .up)
    let labels = browsing.bindings.map(\.label)
    #expect(labels.contains("↑ ↓ ← →  k h l"))
    #expect(labels.contains("double click"), "Enter left its row; the mouse still opens")
    let sections = map.helpSections
    #expect(sections.first?.title == "Your keys (--bind)")
    #expect(sections.first?.bindings.map(\.label) == ["j", "Enter", "Ctrl-O"])
    #expect(sections.first?.bindings.map(\.help) == ["up", "accept", "execute(less {path})"])
    let details = sections.first { $0.title == "Details (Enter)" }!.bindings.map(\.label)
    #expect(details.contains("Space  h l"), "Enter is bound in the details too: \(details)")
    #expect(details.contains("↑ ↓  k j"), "j is a letter: the details keep it")
    #expect(KeyMap().helpSections.map(\.title) == KeyBindings.helpSections.map(\.title))
    #expect(
      KeyMap().markdown == KeyBindings.markdown + "\n\nIn the details:\n\n" + KeyBindings.detailsMarkdown
        + "\n\nIn the field picker (s, F), then in a field's counts (F, Enter):\n\n" + KeyBindings.fieldsMarkdown)
  }
}
