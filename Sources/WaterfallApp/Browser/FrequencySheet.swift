/// What `F` shows once a field is picked: the field's values with how many
/// items have each and their share, the most common first (VisiData's
/// frequency sheet), one of them chosen with ↑ ↓ to filter the cards to it.
///
/// It owns the table (given by the worker that counted it, ``receive(_:)``;
/// until then the sheet says it is counting), the text typed (which narrows the
/// values to those holding it) and the selection. What Enter does with a value
/// is ``search(for:)``: the term that finds it, `field:^value$`.
///
/// ```swift
/// var sheet = FrequencySheet(field: "section", kind: .text)
/// sheet.receive(table)     // libs 212, utils 150, …
/// sheet.move(by: 1)
/// sheet.search(for: sheet.selectedRow!)   // .success("section:^utils$")
/// ```
struct FrequencySheet: Equatable, NarrowedList {
  /// The field counted.
  let field: String
  /// The field's kind among the items surveyed (what most of its values are).
  let kind: FieldKind?
  /// The counts; nil until they come.
  private(set) var table: FrequencyTable?
  /// The text typed, the values it leaves (the most common first) and the selection.
  private(set) var list = FilteredList<FrequencyTable.Row>()

  init(field: String, kind: FieldKind?) {
    self.field = field
    self.kind = kind
  }

  /// Whether the values are still being counted.
  var isCounting: Bool { table == nil }

  /// The text typed.
  var query: String { list.query }
  /// The values the text typed leaves, the most common first.
  var rows: [FrequencyTable.Row] { list.rows }
  /// The selected row.
  var selected: Int { list.selected }
  /// The first row shown.
  var top: Int { list.top }
  /// The selected value, if any is left.
  var selectedRow: FrequencyTable.Row? { list.selectedRow }

  /// Takes the counts.
  mutating func receive(_ table: FrequencyTable) {
    self.table = table
    narrow()
  }

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

  /// Scrolls just enough that the selected row is among the `visibleRows` shown.
  mutating func scrollToSelection(visibleRows: Int) { list.scrollToSelection(visibleRows: visibleRows) }

  private mutating func narrow() {
    list.show(table?.matching(query) ?? [], selecting: 0)
  }

  /// The search that shows the cards whose field is `row`'s value
  /// (``SearchTerm/equality(field:value:)``), or why there is none: the
  /// search looks at texts and numbers, not at missing values, yes/no, lists
  /// or objects.
  ///
  /// ```swift
  /// sheet.search(for: FrequencyTable.Row(value: "GNU make", count: 1, share: 1))   // .success("name:^GNU\\ make$")
  /// ```
  func search(for row: FrequencyTable.Row) -> Result<String, Refusal> {
    guard let value = row.value else { return .failure(Refusal("the items without \(field) cannot be searched for")) }
    switch kind {
    case .bool?, .list?, .object?:
      return .failure(Refusal("a search looks at texts and numbers: \(field) holds \(kind!.label) values"))
    default:
      break
    }
    guard let term = SearchTerm.equality(field: field, value: value) else {
      return .failure(Refusal("the search cannot say \(field) = \(value)"))
    }
    return .success(term)
  }

  /// Why a value cannot filter the cards, for the status bar.
  struct Refusal: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
  }
}
