/// A database's tables and views, and what to tell a user who must choose one.
///
/// Both can be browsed (`--table NAME`): a table page by page, a view by one
/// statement. Messages list views as views, after the tables.
///
/// ```swift
/// let schema = SQLiteSchema(tables: ["items", "shops"], views: ["cheap"])
/// schema.listing   // "2 tables: items, shops, and 1 view: cheap"
/// ```
struct SQLiteSchema: Equatable {
  var tables: [String] = []
  var views: [String] = []

  /// Every table and view, tables first.
  var names: [String] { tables + views }

  func contains(_ name: String) -> Bool { tables.contains(name) || views.contains(name) }

  /// `2 tables: a, b, and 1 view: v`; `no tables`.
  var listing: String {
    func part(_ names: [String], _ one: String, _ many: String) -> String? {
      names.isEmpty ? nil : "\(names.count) \(names.count == 1 ? one : many): \(names.joined(separator: ", "))"
    }
    let parts = [part(tables, "table", "tables"), part(views, "view", "views")].compactMap { $0 }
    return parts.isEmpty ? "no tables" : parts.joined(separator: ", and ")
  }

  /// Why a database cannot be opened without a choice: it has none to offer, or several.
  var choiceNeeded: String {
    names.isEmpty
      ? "a SQLite database with no tables"
      : "a SQLite database with \(listing); choose one with --table NAME, or rows with --sql \"SELECT …\""
  }

  /// Why `--table name` names nothing.
  func missing(_ name: String) -> String {
    "no table or view \(name); it has \(listing)"
  }
}
