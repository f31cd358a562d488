/// A sort (and a grouping) as an SQL `ORDER BY` that is total, so that rows can
/// be read a page at a time after the last one read (keyset paging).
///
/// The keys are: the group column (`--group-by`, ascending, so a group's rows
/// come together), the sort column (`--sort`), then the row's identity (a
/// primary key, `ctid`, SQLite's `rowid`), ascending, or descending for the
/// data's order reversed. NULLs sort last both ways, as a missing value does in
/// memory (first in the order read backward, ``reversed()``). ``after(_:dialect:firstParameter:)`` is the condition for the rows
/// after a row whose keys had some values.
///
/// Where the SQL order and the in-memory sort (``Sorter``) differ:
/// - The in-memory sort reads numbers out of text (`$1,299.00`, `12 kg`) and
///   puts numbers before text; SQL orders a column by its type (a text column
///   holding prices sorts as text). On a number column, or on text that is all
///   of one case, they agree.
/// - PostgreSQL orders text by the column's collation (so an index can serve
///   it); the in-memory sort by folded case, then scalar values. SQLite's keys
///   are `COLLATE NOCASE` (ASCII folded).
/// - A path into a JSON column (`meta.maker.name`, PostgreSQL) sorts by the
///   `jsonb` value there: numbers as numbers, strings by the collation, but
///   of mixed values strings come before numbers (then booleans, arrays,
///   objects), where in memory numbers come first and numeric text
///   (`"12 kg"`) is a number; an array is not looked into (in memory a
///   value that is an array sorts by its first element). The in-memory sort
///   reads only top-level fields: there such a path is a field no item has.
/// - Groups come sorted by their value; in memory they come in the order they
///   first appear. A column that is not there is no key (the data's order), as
///   in memory, where every item misses it.
/// - Without a row identity (a view, a query) the order is not total and the
///   reader cannot resume after a row: it reads through one cursor.
///
/// ```swift
/// let order = SQLOrder(sort: SortOrder(field: "price", descending: true), groupBy: nil,
///                      columns: columns, rowKey: ["\"id\""], dialect: .postgres)
/// order.orderBy   // "ORDER BY \"price\" DESC NULLS LAST, \"id\" ASC"
/// order.after([.text("12.50"), .text("7")], dialect: .postgres).sql
/// // "(\"price\" < $1 OR \"price\" IS NULL) OR (\"price\" = $1 AND \"id\" > $2)"
/// ```
public struct SQLOrder: Sendable, Equatable {
  public struct Key: Sendable, Equatable {
    public var expression: String
    public var descending: Bool
    /// Whether the key can be NULL (a row's identity cannot).
    public var nullable: Bool
    /// Whether NULLs come first (the order read backward, ``reversed()``);
    /// they come last otherwise.
    public var nullsFirst: Bool

    public init(expression: String, descending: Bool, nullable: Bool, nullsFirst: Bool = false) {
      self.expression = expression
      self.descending = descending
      self.nullable = nullable
      self.nullsFirst = nullsFirst
    }
  }

  public var keys: [Key]
  /// How many of the keys, at the end, are the row's identity.
  public var identityCount: Int

  public init(sort: SortOrder, groupBy: String?, columns: [SQLColumn], rowKey: [String], dialect: SQLDialect) {
    keys = []
    if let group = groupBy, let key = Self.key(named: group, in: columns, dialect: dialect, descending: false) {
      keys.append(key)
    }
    if let field = sort.field, let key = Self.key(named: field, in: columns, dialect: dialect, descending: sort.descending) {
      keys.append(key)
    }
    let reversed = sort.field == nil && sort.descending
    keys += rowKey.map { Key(expression: $0, descending: reversed, nullable: false) }
    identityCount = rowKey.count
  }

  /// The column `name` names: the one so named, else the first whose name
  /// differs only in case.
  static func column(named name: String, in columns: [SQLColumn]) -> SQLColumn? {
    columns.first { $0.name == name } ?? columns.first { $0.name.lowercased() == name.lowercased() }
  }

  /// The key `name` names: its column (``column(named:in:)``), else a path
  /// into a JSON column (`meta.maker.name`: the column `meta`, case ignored,
  /// then the keys `maker` and `name` as written, ``SQLDialect/jsonSortKey(_:keys:)``),
  /// the longest such column first; nil when it names neither (or the dialect
  /// does not look into JSON).
  ///
  /// ```swift
  /// SQLOrder.key(named: "meta.maker.name", in: columns, dialect: .postgres, descending: false)?.expression
  /// // NULLIF(("meta"::jsonb -> 'maker' -> 'name'), 'null'::jsonb)
  /// ```
  public static func key(named name: String, in columns: [SQLColumn], dialect: SQLDialect, descending: Bool) -> Key? {
    if let column = column(named: name, in: columns) {
      return Key(expression: dialect.sortKey(column), descending: descending, nullable: column.nullable)
    }
    let lowered = name.lowercased()
    let containing = columns.filter { $0.kind == .json && lowered.hasPrefix($0.name.lowercased() + ".") }
    guard let column = containing.max(by: { $0.name.count < $1.name.count }) else { return nil }
    let keys = name.dropFirst(column.name.count + 1).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard let expression = dialect.jsonSortKey(column, keys: keys) else { return nil }
    return Key(expression: expression, descending: descending, nullable: true)
  }

  /// Notes for a sort or group field that names no key: it orders nothing.
  ///
  /// ```swift
  /// SQLOrder.missing([sort.field, groupBy], in: columns, dialect: .postgres)   // ["no column named colour: it orders nothing"]
  /// ```
  public static func missing(_ fields: [String?], in columns: [SQLColumn], dialect: SQLDialect) -> [String] {
    fields.compactMap { $0 }.filter { key(named: $0, in: columns, dialect: dialect, descending: false) == nil }
      .map { "no column named \($0): it orders nothing" }
  }

  /// The keys that order: each expression once (sorting by the primary key
  /// makes the identity after it a repeat, which orders nothing). Every key
  /// stays in ``keys``, whose values the reader reads back.
  var ordering: [Int] {
    var seen: Set<String> = []
    return keys.indices.filter { seen.insert(keys[$0].expression).inserted }
  }

  /// `ORDER BY …`, or nothing when there is no key (the data's own order).
  public var orderBy: String {
    guard !keys.isEmpty else { return "" }
    return "ORDER BY "
      + ordering.map { keys[$0] }.map { $0.expression + ($0.descending ? " DESC" : " ASC") + ($0.nullable ? ($0.nullsFirst ? " NULLS FIRST" : " NULLS LAST") : "") }
      .joined(separator: ", ")
  }

  /// The same order read backward, from the last row to the first: every
  /// key's direction turned, NULLs first where they came last. A page of it
  /// after a row's keys is the page before that row (keyset backward).
  ///
  /// ```swift
  /// order.reversed().orderBy   // "ORDER BY \"price\" ASC NULLS FIRST, \"id\" DESC"
  /// ```
  public func reversed() -> SQLOrder {
    var order = self
    order.keys = keys.map { Key(expression: $0.expression, descending: !$0.descending, nullable: $0.nullable, nullsFirst: !$0.nullsFirst) }
    return order
  }

  /// Whether the order is total: the reader can resume after any row.
  public var isTotal: Bool { identityCount > 0 }

  /// The condition for the rows that come after a row whose keys were `last`
  /// (one value per key, in order), numbering parameters from `firstParameter`.
  ///
  /// For keys k₁…kₙ it is the `OR` over i of (k₁…kᵢ₋₁ equal to theirs, kᵢ
  /// after its own); after a NULL nothing comes in that key (NULLs are last)
  /// but rows whose later keys come after. A run of non-null keys in the same
  /// direction at the end is one row comparison (`(a, b) > ($1, $2)`), which an
  /// index on them serves.
  public func after(_ last: [SQLValue], dialect: SQLDialect, firstParameter: Int = 1) -> SQLFragment {
    precondition(last.count == keys.count, "one value per key")
    let ordering = ordering
    let keys = ordering.map { self.keys[$0] }
    let last = ordering.map { last[$0] }
    var parameters: [SQLValue] = []
    var numbers: [Int: String] = [:]
    func parameter(_ index: Int) -> String {
      if let number = numbers[index] { return number }
      parameters.append(last[index])
      let text = dialect.parameter(firstParameter + parameters.count - 1)
      numbers[index] = text
      return text
    }
    // The trailing run folded into one row comparison.
    var runStart = keys.count
    while runStart > 0, !keys[runStart - 1].nullable, last[runStart - 1] != .null,
      keys[runStart - 1].descending == keys[keys.count - 1].descending
    {
      runStart -= 1
    }
    var alternatives: [String] = []
    var equalSoFar: [String] = []
    for i in 0..<keys.count {
      let key = keys[i]
      if i == runStart {
        let run = runStart..<keys.count
        let operation = key.descending ? "<" : ">"
        let comparison: String
        if run.count == 1 {
          comparison = "\(key.expression) \(operation) \(parameter(i))"
        } else {
          let left = run.map { keys[$0].expression }.joined(separator: ", ")
          let right = run.map { parameter($0) }.joined(separator: ", ")
          comparison = "(\(left)) \(operation) (\(right))"
        }
        alternatives.append((equalSoFar + [comparison]).joined(separator: " AND "))
        break
      }
      if last[i] != .null {
        let operation = key.descending ? "<" : ">"
        var later = "\(key.expression) \(operation) \(parameter(i))"
        if key.nullable, !key.nullsFirst { later = "(\(later) OR \(key.expression) IS NULL)" }
        alternatives.append((equalSoFar + [later]).joined(separator: " AND "))
        equalSoFar.append("\(key.expression) = \(parameter(i))")
      } else {
        // NULLs first: every value comes after a NULL; last: none does.
        if key.nullsFirst { alternatives.append((equalSoFar + ["\(key.expression) IS NOT NULL"]).joined(separator: " AND ")) }
        equalSoFar.append("\(key.expression) IS NULL")
      }
    }
    // Each alternative is a comparison, a parenthesised `OR`, or an `AND` of them: only the last needs parentheses.
    let sql = alternatives.isEmpty
      ? "FALSE" : alternatives.map { alternatives.count > 1 && $0.contains(" AND ") ? "(\($0))" : $0 }.joined(separator: " OR ")
    return SQLFragment(sql, parameters: parameters)
  }
}
