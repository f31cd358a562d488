import WaterfallLayout
import WaterfallView

/// The columns of the `table` layout: which fields, in which order, how wide,
/// which one is current, and how far the table is scrolled sideways, in whole
/// columns.
///
/// The columns come from the first items' cards (``sampleSize`` of them): the
/// title, subtitle, text and tags, and each `key: value` field (a table's rows
/// carry every column as one: ``FieldRoles/showsRest``), in the data's order of
/// fields when it is known (``FieldInference/fieldOrder``). A column is as wide
/// as its widest value among them (or its name), at most ``widestFromData``; a
/// longer value is cut with `…` when drawn, and the keys widen or narrow the
/// current column (``resizeCurrent(by:)``). Numbers are aligned right.
///
/// Moving the current column (``moveCurrent(by:viewWidth:)``) scrolls the
/// table by whole columns just enough to show it: ``scrollX`` is where the view
/// should be scrolled to.
///
/// ```swift
/// var table = TableColumns(contents: cards, roles: store.roles.resolved, order: ["USER", "PID", "COMMAND"])
/// table.columns.map(\.name)             // ["USER", "PID", "COMMAND"]
/// table.values(of: cards[0])            // ["root", "1", "/sbin/init"]
/// table.moveCurrent(by: 2, viewWidth: 20)
/// table.scrollX                         // where COMMAND starts, once it would not fit
/// ```
public struct TableColumns: Hashable, Sendable {
  /// Where a column's values come from on a card.
  public enum Source: Hashable, Sendable {
    case title, subtitle, text, tags
    /// A `key: value` field (``CardContent/fields``), by its key.
    case field(String)
  }

  /// One column: its name (the field's), where its values come from, its
  /// width, and whether its values are numbers.
  public struct Column: Hashable, Sendable {
    public var name: String
    public var source: Source
    public var width: Int
    public var isNumeric: Bool
    /// Whether a key changed its width (a table made again keeps it).
    public var isResized = false
  }

  /// How many items the columns and their widths come from.
  public static let sampleSize = 200
  /// The widest a column is made from its values; a key makes it wider.
  public static let widestFromData = 40
  /// The widths a column may be given.
  public static let widths = 1...400

  public private(set) var columns: [Column]
  /// The current column (marked; where the keys act), or 0 without columns.
  public private(set) var current = 0
  /// The first column at the view's left edge.
  public private(set) var firstShown = 0
  /// The empty cells between two columns.
  public var gap = TableLayout.defaultGap
  /// How many items the columns came from.
  public private(set) var sampled = 0

  /// The columns of `contents` (the first items' cards, of which the first
  /// ``sampleSize`` are read), whose roles are `roles`, in the order of the
  /// fields `order` names (the data's), the others after them as first met.
  public init(contents: some Sequence<CardContent>, roles: FieldRoles, order: [String] = []) {
    var found: [Column] = []
    var values: [[String]] = []
    var fieldColumns: [String: Int] = [:]
    func column(_ name: String, _ source: Source) -> Int {
      if case .field(let key) = source, let known = fieldColumns[key] { return known }
      if let known = found.firstIndex(where: { $0.source == source }) { return known }
      found.append(Column(name: name, source: source, width: 0, isNumeric: false))
      values.append([])
      if case .field(let key) = source { fieldColumns[key] = found.count - 1 }
      return found.count - 1
    }
    func roleName(_ candidates: [String], _ fallback: String) -> String {
      let names = candidates.flatMap(FieldRoles.parts(of:))
      return names.first { order.contains($0) } ?? candidates.first ?? fallback
    }
    var count = 0
    for content in contents.prefix(Self.sampleSize) {
      count += 1
      if !content.title.isEmpty { values[column(roleName(roles.title, "title"), .title)].append(content.title) }
      if let subtitle = content.subtitle { values[column(roleName(roles.subtitle, "subtitle"), .subtitle)].append(subtitle) }
      for line in content.fields {
        guard let split = line.firstRange(of: ": ") else { continue }
        let key = String(line[..<split.lowerBound])
        values[column(key, .field(key))].append(String(line[split.upperBound...]))
      }
      if let text = content.text { values[column(roleName(roles.text, "text"), .text)].append(text) }
      if !content.tags.isEmpty { values[column(roleName(roles.tags, "tags"), .tags)].append(Self.tagText(content.tags)) }
    }
    for (i, column) in found.enumerated() {
      let widest = values[i].lazy.map { DisplayText.width(of: TextWrapper.truncate($0, width: Self.widestFromData)) }.max() ?? 0
      found[i].width = min(max(widest, DisplayText.width(of: column.name), 1), Self.widestFromData)
      let numbers = values[i].filter { SortKey(text: $0).isNumber }.count
      found[i].isNumeric = numbers * 2 > values[i].count
    }
    // The data's order: a nested field (`properties.name`) where its object is.
    let place = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    func rank(_ column: Column) -> Int {
      let key = if case .field(let key) = column.source { key } else { column.name }
      return place[key] ?? place[String(key.prefix { $0 != "." })] ?? Int.max
    }
    columns = found.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    sampled = count
  }

  /// The tags as a column shows them: `#a #b`.
  static func tagText(_ tags: [String]) -> String {
    tags.map { "#" + $0 }.joined(separator: " ")
  }

  // MARK: Geometry

  /// Each column's width, left to right.
  public var widths: [Int] { columns.map(\.width) }

  /// The columns' widths and the gaps between them.
  public var totalWidth: Int { widths.reduce(0, +) + max(0, columns.count - 1) * gap }

  /// Where column `column` starts, from the table's left edge.
  public func x(ofColumn column: Int) -> Int {
    columns.prefix(max(0, column)).reduce(0) { $0 + $1.width } + max(0, min(column, columns.count)) * gap
  }

  /// Where the view is scrolled to sideways: the first column shown's start.
  public var scrollX: Int { x(ofColumn: firstShown) }

  /// The status bar's name of the layout: `table · COMMAND 11/11`.
  public var label: String {
    guard columns.indices.contains(current) else { return "table" }
    return "table · \(columns[current].name) \(current + 1)/\(columns.count)"
  }

  // MARK: Values

  /// A row's values, a column each, on one line (a text's line breaks as
  /// spaces are left to the drawing), `""` where the card has none.
  public func values(of content: CardContent) -> [String] {
    var fields: [String: String] = [:]
    if columns.contains(where: { if case .field = $0.source { true } else { false } }) {
      for line in content.fields {
        guard let split = line.firstRange(of: ": ") else { continue }
        fields[String(line[..<split.lowerBound])] = String(line[split.upperBound...])
      }
    }
    return columns.map { column in
      switch column.source {
      case .title: return content.title
      case .subtitle: return content.subtitle ?? ""
      case .text: return content.text ?? ""
      case .tags: return Self.tagText(content.tags)
      case .field(let key): return fields[key] ?? ""
      }
    }
  }

  // MARK: Changing

  /// Moves the current column by `steps` (negative: left), within the
  /// columns, and scrolls whole columns just enough to show it in a view
  /// `viewWidth` wide; returns whether it moved.
  @discardableResult
  public mutating func moveCurrent(by steps: Int, viewWidth: Int) -> Bool {
    guard !columns.isEmpty else { return false }
    let target = min(max(current + steps, 0), columns.count - 1)
    guard target != current else { return false }
    current = target
    reveal(viewWidth: viewWidth)
    return true
  }

  /// Makes column `column` current (a click on it), showing it.
  public mutating func select(_ column: Int, viewWidth: Int) {
    guard columns.indices.contains(column) else { return }
    current = column
    reveal(viewWidth: viewWidth)
  }

  /// Widens the current column by `delta` cells (narrows it, negative), within
  /// ``widths``, keeping it in a view `viewWidth` wide.
  public mutating func resizeCurrent(by delta: Int, viewWidth: Int) {
    guard columns.indices.contains(current) else { return }
    columns[current].width = min(max(columns[current].width + delta, Self.widths.lowerBound), Self.widths.upperBound)
    columns[current].isResized = true
    reveal(viewWidth: viewWidth)
  }

  /// Scrolls whole columns so that the current one shows in a view
  /// `viewWidth` wide: from its start when it is wider than the view.
  public mutating func reveal(viewWidth: Int) {
    guard !columns.isEmpty else { return }
    if current < firstShown { firstShown = current }
    while firstShown < current, x(ofColumn: current) + columns[current].width > x(ofColumn: firstShown) + viewWidth {
      firstShown += 1
    }
  }

  /// The same columns, with the widths the keys gave columns of `old` (of the
  /// same name and source), its current column and its scroll: a table made
  /// again from more items keeps what the keys did.
  public func keeping(_ old: TableColumns) -> TableColumns {
    var kept = self
    for (i, column) in columns.enumerated() {
      if let before = old.columns.first(where: { $0.source == column.source && $0.name == column.name }), before.isResized {
        kept.columns[i] = before
      }
    }
    if old.columns.indices.contains(old.current), let at = columns.firstIndex(where: { $0.source == old.columns[old.current].source }) {
      kept.current = at
    }
    kept.firstShown = min(old.firstShown, max(0, columns.count - 1))
    return kept
  }
}
