import WaterfallLayout
import WaterfallView

/// The field picker (`s`, `F`) and the frequency sheet: opening them, giving
/// them what their workers made, and carrying out their choice. What their
/// keys do is decided in `Browser+Commands.swift`.
extension Browser {
  /// Whether a box is drawn over the cards (the `?` screen, the field picker,
  /// the frequency sheet): pictures drawn by the terminal itself stay hidden.
  public var showsOverlay: Bool { mode == .help || mode == .picking || mode == .counting }

  /// Opens the field picker for `purpose`: with the fields at once when they
  /// were surveyed for the store as it is, else when the worker has them.
  /// The sort picker opens on the field sorted by, or in the table on the
  /// current column.
  func openFieldPicker(for purpose: FieldPicker.Purpose) {
    var preferred = (pendingSort ?? sortOrder)?.field
    if purpose == .sort, options.layout == .table, let table = cards.dataSource.table, table.columns.indices.contains(table.current) {
      preferred = Self.fieldName(of: table.columns[table.current])
    }
    if purpose == .counts { preferred = sheet?.field ?? preferred }
    var opened = FieldPicker(purpose: purpose, preferred: preferred)
    if let survey = fieldPasses.survey(of: store) { opened.receive(survey) }
    opened.scrollToSelection(visibleRows: opened.visibleRows(in: size))
    picker = opened
    sheet = nil
    mode = .picking
    // Surveyed here already when the workers run at once (`render`).
    takeFieldPasses()
  }

  /// The field a table column shows: its own for a `key: value` column, the
  /// role's field (its name) for the title, subtitle, text and tags.
  static func fieldName(of column: TableColumns.Column) -> String {
    if case .field(let key) = column.source { return key }
    return column.name
  }

  /// Draws the field picker or the frequency sheet over the cards, when open.
  func drawFieldBoxes(in canvas: any Canvas) {
    if mode == .picking, let picker {
      picker.draw(in: canvas, size: size, theme: options.theme, sort: pendingSort ?? sortOrder, progress: fieldPasses.percent)
    } else if mode == .counting, let sheet {
      sheet.draw(in: canvas, size: size, theme: options.theme, progress: fieldPasses.percent)
    }
  }

  /// Takes in the fields surveyed and the values counted; returns whether
  /// the screen changed.
  @discardableResult
  func takeFieldPasses() -> Bool {
    var changed = false
    if let survey = fieldPasses.takeSurvey(), var open = picker, open.isSurveying {
      open.receive(survey)
      open.scrollToSelection(visibleRows: open.visibleRows(in: size))
      picker = open
      changed = true
      // Enter pressed while the fields were read: chosen now.
      if let descending = open.pickWhenSurveyed { pickField(descending: descending) }
    }
    if let table = fieldPasses.takeCounts(), var open = sheet, open.isCounting {
      open.receive(table)
      sheet = open
      changed = true
    }
    return changed
  }

  /// Carries out the picker's choice: sorts by the field (`descending`: the
  /// other way round), or counts its values; closes the picker for a sort.
  func pickField(descending: Bool = false) {
    guard let picker, let choice = picker.choice else { return }
    switch (picker.purpose, choice) {
    case (.sort, .dataOrder):
      closeFieldPicker()
      pipeline.requestSort(SortOrder(field: nil, descending: descending), selectingFirst: true)
    case (.sort, .field(let name)):
      closeFieldPicker()
      // The cards open at the top of the new order, as `--sort` does.
      pipeline.requestSort(SortOrder(field: name, descending: descending), selectingFirst: true)
    case (.counts, .field(let name)):
      var opened = FrequencySheet(field: name, kind: picker.survey?[name]?.kind)
      opened.scrollToSelection(visibleRows: opened.visibleRows(in: size))
      sheet = opened
      mode = .counting
      // The values of the cards shown: every item, or those the search and the hides leave.
      let everything = filter.isEmpty && shown.hidden.isEmpty && cards.dataSource.shownCount == store.count
      fieldPasses.countValues(of: name, in: store, items: everything ? nil : cards.dataSource.shownItems)
      takeFieldPasses()
    case (.counts, .dataOrder):
      break
    }
  }

  /// Closes the picker (and the sheet): back to the cards.
  func closeFieldPicker() {
    picker = nil
    sheet = nil
    fieldPasses.cancelCounts()
    mode = .browsing
  }

  /// Leaves the frequency sheet for the picker it came from.
  func closeSheet() {
    sheet = nil
    fieldPasses.cancelCounts()
    mode = picker == nil ? .browsing : .picking
  }

  /// Filters the cards to the sheet's selected value: its term
  /// (`field:^value$`) after the search there is, if any. A value the search
  /// cannot find leaves the sheet open and says why.
  func filterToSelectedValue() {
    guard let sheet, let row = sheet.selectedRow else { return }
    switch sheet.search(for: row) {
    case .success(let term):
      let existing = filter.trimmingCharacters(in: " ")
      closeFieldPicker()
      applyFilter(existing.isEmpty ? term : existing + " " + term)
    case .failure(let refusal):
      notice = refusal.message
    }
  }
}

extension String {
  /// The string without `character` at either end.
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = Substring(self)
    while text.first == character { text = text.dropFirst() }
    while text.last == character { text = text.dropLast() }
    return String(text)
  }
}
