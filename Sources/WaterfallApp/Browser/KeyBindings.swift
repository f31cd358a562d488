import WaterfallView

/// One row of a key table: the keys, how help shows them, and what each does.
///
/// ```swift
/// KeyBinding("x  u", "hide the selected card; bring the last one back",
///            [(.character("x"), .hide), (.character("u"), .unhide)])
/// ```
public struct KeyBinding: Sendable {
  /// The keys as help shows them; two spaces part the groups ("Home End  g G").
  public var label: String
  /// What the keys do, in a line short enough for the `?` screen.
  public var help: String
  /// Each key and its command; empty for a row that only documents (the mouse).
  public var keys: [(key: Key, command: KeyCommand)]

  public init(_ label: String, _ help: String, _ keys: [(key: Key, command: KeyCommand)]) {
    self.label = label
    self.help = help
    self.keys = keys
  }
}

/// The keys of one mode: rows looked up in order, then what any other
/// character or key does.
///
/// ```swift
/// KeyBindings.filtering.command(for: .character("m"))   // .type
/// ```
public struct KeyTable: Sendable {
  public var bindings: [KeyBinding]
  /// What a printable character no row names does (`nil`: nothing).
  public var otherCharacter: KeyCommand?
  /// What any other key does (`nil`: nothing).
  public var otherKey: KeyCommand?

  public func command(for key: Key) -> KeyCommand? {
    for binding in bindings {
      if let match = binding.keys.first(where: { $0.key == key }) { return match.command }
    }
    if case .character = key, let otherCharacter { return otherCharacter }
    return otherKey
  }
}

/// Every key the browser knows, one table per mode. The tables drive the
/// browser's handling, the `?` screen and the README's key table (a test keeps
/// the README in step: ``markdown``).
///
/// ```swift
/// KeyBindings.table(for: .details).command(for: .escape)   // .close
/// ```
public enum KeyBindings {
  /// Keys that work in every mode, looked up first.
  public static let global = KeyTable(bindings: [
    KeyBinding("Ctrl-L", "repaint the screen", [(.control("l"), .repaint)]),
    KeyBinding("Ctrl-C", "quit at once (status 130)", [(.control("c"), .interrupt)]),
    KeyBinding("Shift-↑ Shift-↓  Ctrl-/", "scroll the preview; show or hide it (--preview)", [
      (.shiftUp, .previewUp), (.shiftDown, .previewDown), (.control("\u{7F}"), .togglePreview),
    ]),
  ])

  public static let browsing = KeyTable(bindings: [
    KeyBinding("↑ ↓ ← →  k j h l", "move (← → a table's column); ↑ at the top pulls to refresh", [
      (.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down),
      (.left, .left), (.character("h"), .left), (.right, .right), (.character("l"), .right),
    ]),
    KeyBinding("PgUp PgDn  b Space  Ctrl-B Ctrl-F", "a screen up or down", [
      (.pageUp, .pageUp), (.character("b"), .pageUp), (.control("b"), .pageUp),
      (.pageDown, .pageDown), (.character(" "), .pageDown), (.control("f"), .pageDown),
    ]),
    KeyBinding("Ctrl-U Ctrl-D", "half a screen up or down", [(.control("u"), .halfPageUp), (.control("d"), .halfPageDown)]),
    KeyBinding("Home End  g G", "the first or last card (G loads every page; Esc stops it)", [
      (.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last),
    ]),
    KeyBinding("Ctrl-E Ctrl-Y", "scroll a row down or up (a column, when sideways)", [(.control("e"), .scrollDown), (.control("y"), .scrollUp)]),
    KeyBinding("Enter  double click", "details of the selected card (--print: print it)", [(.enter, .open)]),
    KeyBinding("/", "search (fzf syntax, field:term); Enter keeps, Esc clears", [(.character("/"), .filter)]),
    KeyBinding("+ -", "more or fewer columns; a table: a wider or narrower one", [
      (.character("+"), .moreColumns), (.character("="), .moreColumns),
      (.character("-"), .fewerColumns), (.character("_"), .fewerColumns),
    ]),
    KeyBinding("L", "next of 8 layouts, waterfall to mosaic (--layout)", [(.character("L"), .nextLayout)]),
    KeyBinding("z", "small or large cards", [(.character("z"), .cardSize)]),
    KeyBinding("s  S", "sort: pick a field (a table: its column); the other way round", [
      (.character("s"), .pickSort), (.character("S"), .reverseSort),
    ]),
    KeyBinding("F", "a field's values, counted; Enter on one filters to it", [(.character("F"), .countValues)]),
    KeyBinding("x  u", "hide the selected card; bring the last one back", [(.character("x"), .hide), (.character("u"), .unhide)]),
    KeyBinding("Tab  Shift-Tab", "mark the card and move on; back (-m; Enter prints the marked)", [
      (.tab, .markAndNext), (.backTab, .markAndPrevious),
    ]),
    KeyBinding("r", "read the data again, keeping the selection", [(.character("r"), .reload)]),
    KeyBinding("click  wheel", "select a card, scroll", []),
    KeyBinding("?", "this help", [(.character("?"), .help)]),
    KeyBinding("Esc  q", "back, or quit", [(.escape, .back), (.character("q"), .quit)]),
  ])

  public static let filtering = KeyTable(
    bindings: [
      KeyBinding("Enter", "keep the filter", [(.enter, .keepFilter)]),
      KeyBinding("Esc", "clear the filter", [(.escape, .clearFilter)]),
      KeyBinding("Backspace", "delete the last character", [(.backspace, .deleteBackward)]),
      KeyBinding("Ctrl-U", "empty the filter", [(.control("u"), .emptyFilter)]),
      KeyBinding("↑ ↓ ← →  PgUp PgDn", "back to the cards, moving", [
        (.up, .browse), (.down, .browse), (.left, .browse), (.right, .browse), (.pageUp, .browse), (.pageDown, .browse),
      ]),
    ],
    otherCharacter: .type)

  public static let details = KeyTable(bindings: [
    KeyBinding("Esc q", "close the details", [(.escape, .close), (.character("q"), .close)]),
    KeyBinding("n N  ← →", "the next or previous item (→ ←: the card beside)", [
      (.character("n"), .nextItem), (.character("N"), .previousItem), (.right, .right), (.left, .left),
    ]),
    KeyBinding("↑ ↓  k j", "the line above or below", [(.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down)]),
    KeyBinding("Enter Space  h l", "fold or unfold an array or object (h: fold, l: unfold)", [
      (.enter, .toggleFold), (.character(" "), .toggleFold), (.character("h"), .fold), (.character("l"), .unfold),
    ]),
    KeyBinding("PgUp PgDn  b  Ctrl-B Ctrl-F", "a page up or down", [
      (.pageUp, .pageUp), (.character("b"), .pageUp), (.control("b"), .pageUp),
      (.pageDown, .pageDown), (.control("f"), .pageDown),
    ]),
    KeyBinding("Ctrl-U Ctrl-D", "half a page up or down", [(.control("u"), .halfPageUp), (.control("d"), .halfPageDown)]),
    KeyBinding("Home End  g G", "the top or the end", [
      (.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last),
    ]),
    KeyBinding("p", "the picture full size, or back to half the panel", [(.character("p"), .togglePicture)]),
    KeyBinding("y", "copy the item's JSON to the clipboard (OSC 52)", [(.character("y"), .copy)]),
  ])

  /// The field picker of `s` and `F`: characters type, narrowing the fields.
  public static let picking = KeyTable(
    bindings: [
      KeyBinding("Enter", "sort by the field (F: count its values)", [(.enter, .pick)]),
      KeyBinding("S", "sort by it the other way round", [(.character("S"), .reverseSort)]),
      KeyBinding("↑ ↓  Ctrl-P Ctrl-N", "the field above or below", [
        (.up, .up), (.down, .down), (.control("p"), .up), (.control("n"), .down),
      ]),
      KeyBinding("PgUp PgDn  Home End", "a page up or down; the first or last", [
        (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .first), (.end, .last),
      ]),
      KeyBinding("Backspace  Ctrl-U", "delete the last character; all of them", [
        (.backspace, .deleteBackward), (.control("u"), .emptyFilter),
      ]),
      KeyBinding("Esc", "close", [(.escape, .close)]),
    ],
    otherCharacter: .type)

  /// The frequency sheet (`F`, then a field): characters type, narrowing the values.
  public static let counting = KeyTable(
    bindings: [
      KeyBinding("Enter", "show only the cards with the value (search field:^value$)", [(.enter, .pick)]),
      KeyBinding("↑ ↓  Ctrl-P Ctrl-N", "the value above or below", [
        (.up, .up), (.down, .down), (.control("p"), .up), (.control("n"), .down),
      ]),
      KeyBinding("PgUp PgDn  Home End", "a page up or down; the first or last", [
        (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .first), (.end, .last),
      ]),
      KeyBinding("Backspace  Ctrl-U", "delete the last character; all of them", [
        (.backspace, .deleteBackward), (.control("u"), .emptyFilter),
      ]),
      KeyBinding("Esc", "back to the fields", [(.escape, .close)]),
    ],
    otherCharacter: .type)

  /// The `?` screen: it scrolls, and only `?`, Esc and q close it.
  public static let help = KeyTable(bindings: [
    KeyBinding("? Esc q", "close this help", [(.character("?"), .close), (.escape, .close), (.character("q"), .close)]),
    KeyBinding("↑ ↓  k j", "scroll a line", [(.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down)]),
    KeyBinding("PgUp PgDn  b Space", "scroll a page", [
      (.pageUp, .pageUp), (.character("b"), .pageUp), (.control("b"), .pageUp), (.control("u"), .pageUp),
      (.pageDown, .pageDown), (.character(" "), .pageDown), (.control("f"), .pageDown), (.control("d"), .pageDown),
    ]),
    KeyBinding("Home End  g G", "the top or the end", [
      (.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last),
    ]),
  ])

  public static func table(for mode: Browser.Mode) -> KeyTable {
    switch mode {
    case .browsing: return browsing
    case .filtering: return filtering
    case .details: return details
    case .help: return help
    case .picking: return picking
    case .counting: return counting
    }
  }

  /// The README's main key table: the browsing keys, then those of every mode.
  public static var overview: [KeyBinding] { browsing.bindings + global.bindings }

  /// What the `?` screen lists, mode by mode.
  public static var helpSections: [(title: String, bindings: [KeyBinding])] {
    [
      ("Cards", browsing.bindings + global.bindings), ("Details (Enter)", details.bindings),
      ("Filter (/)", filtering.bindings), ("Fields (s, F)", picking.bindings),
      ("Counts (F, then Enter)", counting.bindings), ("This help (?)", help.bindings),
    ]
  }

  /// The README's `## Keys` table, one row per ``overview`` entry.
  ///
  /// ```swift
  /// print(KeyBindings.markdown)   // | keys | action |\n|---|---|\n| ↑ ↓ ← →, k j h l | ...
  /// ```
  public static var markdown: String { markdown(overview) }

  /// The README's table of the details' keys.
  public static var detailsMarkdown: String { markdown(details.bindings) }

  /// The README's table of the field picker's keys, then the frequency sheet's.
  public static var fieldsMarkdown: String { markdown(picking.bindings) + "\n\n" + markdown(counting.bindings) }

  /// `rows` as a Markdown table.
  static func markdown(_ rows: [KeyBinding]) -> String {
    var lines = ["| keys | action |", "|---|---|"]
    for row in rows {
      lines.append("| \(row.label.split(separator: "  ").joined(separator: ", ")) | \(row.help) |")
    }
    return lines.joined(separator: "\n")
  }
}
