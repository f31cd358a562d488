import WaterfallView

/// The keys as the user has them: the browser's tables (``KeyBindings``) with
/// the `--bind` keys (``KeyBind``) over them.
///
/// A bound key works while browsing; while searching and in the details, a
/// key other than a printable character works too, so that letters still type
/// and the details keep theirs. The `?` screen and `waterfall keys` show the
/// bound keys first, and the tables without them.
///
/// ```swift
/// var map = KeyMap()
/// try map.bind("ctrl-o:execute(less {path}),j:up")
/// map.actions(for: .control("o"), in: .browsing)   // [.execute(…)]
/// map.table(for: .browsing).command(for: .character("j"))   // nil: j is bound
/// ```
public struct KeyMap: Sendable, Equatable {
  /// The bound keys, each once, in the order first bound.
  public private(set) var binds: [KeyBind] = []

  public init() {}

  /// The keys of `values`, each a `--bind` value, in order.
  public init(binding values: [String]) throws(BindError) {
    for value in values { try bind(value) }
  }

  public var isEmpty: Bool { binds.isEmpty }

  /// Binds the keys of one `--bind` value: a key bound again gets the new
  /// actions, or with `KEY:+ACTION` the new ones after its old ones.
  public mutating func bind(_ value: String) throws(BindError) {
    for bind in try KeyBind.parse(value) { add(bind) }
  }

  public mutating func add(_ bind: KeyBind) {
    guard let index = binds.firstIndex(where: { $0.key == bind.key }) else {
      binds.append(bind)
      return
    }
    if bind.appends {
      binds[index].actions += bind.actions
      binds[index].text += "+" + bind.text
    } else {
      binds[index] = bind
    }
  }

  /// What `key` runs in `mode`, when it is bound there.
  public func actions(for key: Key, in mode: Browser.Mode) -> [BindAction]? {
    guard Self.applies(key, in: mode) else { return nil }
    return binds.first { $0.key == key }?.actions
  }

  /// Whether a key bound by `--bind` works in `mode`.
  static func applies(_ key: Key, in mode: Browser.Mode) -> Bool {
    switch mode {
    case .browsing: return true
    case .filtering, .details:
      if case .character = key { return false }
      return true
    case .help, .picking, .counting: return false
    }
  }

  // MARK: The tables, for help

  /// `mode`'s table without the keys bound in it.
  public func table(for mode: Browser.Mode) -> KeyTable {
    var table = KeyBindings.table(for: mode)
    table.bindings = removingBound(table.bindings, in: mode)
    return table
  }

  /// The rows of `rows` without the keys bound in `mode`: a key leaves its row's
  /// keys and its label; a row left with neither goes.
  func removingBound(_ rows: [KeyBinding], in mode: Browser.Mode) -> [KeyBinding] {
    let bound = Set(binds.map(\.key).filter { Self.applies($0, in: mode) })
    guard !bound.isEmpty else { return rows }
    return rows.compactMap { row in
      let taken = row.keys.filter { bound.contains($0.key) }
      guard !taken.isEmpty else { return row }
      let labels = Set(taken.map { BindKey.label($0.key) })
      var copy = row
      copy.keys = row.keys.filter { !bound.contains($0.key) }
      copy.label = row.label.split(separator: "  ", omittingEmptySubsequences: false)
        .map { $0.split(separator: " ").filter { !labels.contains(String($0)) }.joined(separator: " ") }
        .filter { !$0.isEmpty }.joined(separator: "  ")
      return copy.label.isEmpty ? nil : copy
    }
  }

  /// The bound keys as rows of help: the key, and its actions as written.
  public var boundRows: [KeyBinding] {
    binds.map { KeyBinding(BindKey.label($0.key), $0.text, []) }
  }

  /// What the `?` screen lists: the bound keys, then each mode's.
  public var helpSections: [(title: String, bindings: [KeyBinding])] {
    let sections = [
      ("Cards", removingBound(KeyBindings.browsing.bindings + KeyBindings.global.bindings, in: .browsing)),
      ("Details (Enter)", removingBound(KeyBindings.details.bindings, in: .details)),
      ("Filter (/)", removingBound(KeyBindings.filtering.bindings, in: .filtering)),
      ("Fields (s, F)", KeyBindings.picking.bindings), ("Counts (F, then Enter)", KeyBindings.counting.bindings),
      ("This help (?)", KeyBindings.help.bindings),
    ]
    return binds.isEmpty ? sections : [("Your keys (--bind)", boundRows)] + sections
  }

  /// `waterfall keys`: the bound keys, then the main table, the details' and
  /// the field picker's, as Markdown.
  public var markdown: String {
    var text = ""
    if !binds.isEmpty { text += "Bound with --bind:\n\n" + KeyBindings.markdown(boundRows) + "\n\n" }
    text += KeyBindings.markdown(removingBound(KeyBindings.overview, in: .browsing))
    text += "\n\nIn the details:\n\n" + KeyBindings.markdown(removingBound(KeyBindings.details.bindings, in: .details))
    text += "\n\nIn the field picker (s, F), then in a field's counts (F, Enter):\n\n" + KeyBindings.fieldsMarkdown
    return text
  }
}
