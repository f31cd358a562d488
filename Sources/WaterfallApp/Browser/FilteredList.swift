/// A list narrowed by what is typed, with a selection kept in view: the part
/// the field picker (``FieldPicker``) and the frequency sheet
/// (``FrequencySheet``) share.
///
/// It owns the text typed, the rows shown, the selected row and the first row
/// shown. What the rows are for a text is its owner's: after each change of
/// the text, the owner narrows and gives the rows back (``show(_:selecting:)``).
///
/// ```swift
/// var list = FilteredList<String>()
/// list.type("pr")                                       // list.query == "pr"
/// list.show(["price", "properties"], selecting: 0)
/// list.move(by: 5)                                      // stops at "properties"
/// list.scrollToSelection(visibleRows: 1)                // list.top == 1
/// ```
struct FilteredList<Row: Equatable>: Equatable {
  /// The text typed.
  private(set) var query = ""
  /// The rows the text typed leaves, in order.
  private(set) var rows: [Row] = []
  /// The selected row.
  private(set) var selected = 0
  /// The first row shown (the list scrolls to keep the selection in view).
  private(set) var top = 0

  /// Adds `text` to what is typed.
  mutating func type(_ text: String) {
    query += text
  }

  /// Deletes the last character typed; false when nothing was typed.
  mutating func deleteBackward() -> Bool {
    guard !query.isEmpty else { return false }
    query.removeLast()
    return true
  }

  /// Empties what is typed.
  mutating func clearQuery() {
    query = ""
  }

  /// Shows `rows` from the first, with row `selecting` selected.
  mutating func show(_ rows: [Row], selecting: Int) {
    self.rows = rows
    top = 0
    selected = rows.isEmpty ? 0 : min(max(0, selecting), rows.count - 1)
  }

  /// Moves the selection by `steps` rows, stopping at either end.
  mutating func move(by steps: Int) {
    guard !rows.isEmpty else { return }
    selected = min(max(0, selected + steps), rows.count - 1)
  }

  /// Selects the first row (`toEnd`: the last).
  mutating func moveToEnd(_ toEnd: Bool) {
    selected = toEnd ? max(0, rows.count - 1) : 0
  }

  /// Scrolls just enough that the selected row is among the `visibleRows` shown.
  mutating func scrollToSelection(visibleRows: Int) {
    let visible = max(1, visibleRows)
    if selected < top { top = selected }
    if selected >= top + visible { top = selected - visible + 1 }
    top = min(max(0, top), max(0, rows.count - visible))
  }

  /// The selected row, if any is left.
  var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }
}
