/// The field picker of `s` (sort by a field) and `F` (count a field's
/// values): the fields seen in the data with their kinds and how many items
/// have them, narrowed by what is typed, one of them chosen with ↑ ↓.
///
/// It owns its list, the text typed and the selection, and nothing else: the
/// browser holds one while the picker is open, gives it the fields once a
/// worker has surveyed them (``receive(_:)``, until then the picker says it is
/// reading them), passes it the keys, and reads the choice. Typing narrows the
/// list as ``FieldSurvey/matching(_:)`` does: the names that hold the text as
/// typed first, then those that hold its letters in order (fuzzy, as the
/// search's bare terms), ignoring case. The sort picker's list starts with the
/// data's own order while nothing is typed.
///
/// ```swift
/// var picker = FieldPicker(purpose: .sort)
/// picker.receive(survey)        // price, properties, shipping_rate, title
/// picker.type("pr")             // price, properties, shipping_rate
/// picker.move(by: 1)
/// picker.choice                 // .field("properties")
/// ```
struct FieldPicker: Equatable, NarrowedList {
  /// What the chosen field is for.
  enum Purpose: Equatable {
    /// Sort the cards by it (`s`).
    case sort
    /// Count its values (`F`).
    case counts
  }

  /// One row of the list.
  enum Row: Equatable {
    /// The data's own order (the sort picker's first row, while nothing is typed).
    case dataOrder
    case field(FieldSurvey.Field)

    /// The field's name; nil for the data's order.
    var name: String? {
      if case .field(let field) = self { return field.name }
      return nil
    }
  }

  /// What the user picked: a field by name, or the data's order.
  enum Choice: Equatable {
    case dataOrder
    case field(String)
  }

  let purpose: Purpose
  /// The fields seen; nil until the survey comes.
  private(set) var survey: FieldSurvey?
  /// The text typed, the rows it leaves (in order) and the selection.
  private(set) var list = FilteredList<Row>()
  /// The field to select when the fields come or the text typed is cleared:
  /// the current sort's, the table's current column.
  var preferred: String?
  /// Enter pressed before the fields came (`true`: `S`, descending): the
  /// choice is made once they come, on what was typed by then, so `F section
  /// Enter` typed ahead of the survey does what it says.
  var pickWhenSurveyed: Bool?

  init(purpose: Purpose, preferred: String? = nil) {
    self.purpose = purpose
    self.preferred = preferred
  }

  /// Whether the fields are still being read.
  var isSurveying: Bool { survey == nil }

  /// Takes the fields seen: the preferred one is selected, if it is among them.
  mutating func receive(_ survey: FieldSurvey) {
    self.survey = survey
    narrow()
  }

  /// The text typed.
  var query: String { list.query }
  /// The rows the text typed leaves, in order.
  var rows: [Row] { list.rows }
  /// The selected row.
  var selected: Int { list.selected }
  /// The first row shown (the list scrolls to keep the selection in view).
  var top: Int { list.top }
  /// The selected row, if any is left.
  var selectedRow: Row? { list.selectedRow }

  /// Adds `text` to what is typed.
  mutating func type(_ text: String) {
    list.type(text)
    narrow()
  }

  /// Deletes the last character typed.
  mutating func deleteBackward() {
    if list.deleteBackward() { narrow() }
  }

  /// Empties what is typed.
  mutating func clearQuery() {
    list.clearQuery()
    narrow()
  }

  /// Moves the selection by `steps` rows, stopping at either end.
  mutating func move(by steps: Int) { list.move(by: steps) }

  /// Selects the first row (`toEnd`: the last).
  mutating func moveToEnd(_ toEnd: Bool) { list.moveToEnd(toEnd) }

  /// Scrolls the list just enough that the selected row is among the
  /// `visibleRows` shown.
  mutating func scrollToSelection(visibleRows: Int) { list.scrollToSelection(visibleRows: visibleRows) }

  /// What Enter picks: the selected row's field, or the data's order.
  var choice: Choice? {
    switch selectedRow {
    case .dataOrder?: return .dataOrder
    case .field(let field)?: return .field(field.name)
    case nil: return nil
    }
  }

  /// The rows for the text typed: for the sort picker with nothing typed, the
  /// data's order first; selecting the preferred field when it is there (the
  /// first row otherwise).
  private mutating func narrow() {
    guard let survey else {
      list.show([], selecting: 0)
      return
    }
    var made = survey.matching(query).map(Row.field)
    if purpose == .sort, query.isEmpty { made.insert(.dataOrder, at: 0) }
    // With nothing typed the list opens on the preferred field; once the
    // user types, the best match (the first row that names a field) is selected.
    let preferredRow = preferred.flatMap { name in made.firstIndex { $0.name == name } }
    let firstFieldRow = made.firstIndex { $0.name != nil } ?? 0
    list.show(made, selecting: query.isEmpty ? preferredRow ?? 0 : firstFieldRow)
  }
}
