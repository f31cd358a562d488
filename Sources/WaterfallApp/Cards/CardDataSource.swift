import WaterfallLayout
import WaterfallView
import WaterfallWorkers

/// Feeds the collection view: the items shown (those that pass the filter and are
/// not hidden), grouped into sections, a card or list row for each, each card's
/// height at the width the layout gives it, the section headers and the footer.
///
/// Without grouping there is one section and no header. With grouping
/// (`--group-by FIELD`) sections come in the order their values first appear;
/// empty ones are never made, so a filter hides them.
final class CardDataSource: CollectionViewDataSource, CollectionViewDelegate {
  var store: ItemStore
  /// The items shown, in their sections.
  private(set) var sections = SectionedItems()
  /// Whether items are grouped into sections by ``ItemStore/group(at:)``.
  var groups = false
  var kind: LayoutKind = .waterfall
  /// Down in columns, or across in rows (a card's width then comes from its content).
  var direction = ScrollDirection.vertical
  /// The widths a card may take in a horizontal waterfall.
  var cardWidths = 13...52
  var theme: CardTheme
  /// Where cards get their thumbnails; none: placeholders.
  var pictures: Pictures?
  /// The footer's text under the last card, or nil for none.
  var footer: String?
  /// The search whose matched characters the cards highlight.
  var highlight: SearchQuery?
  /// Whether a store item is marked (`-m`): its card shows the mark.
  var isMarked: (Int) -> Bool = { _ in false }
  /// The `table` layout's columns, made from the first items (``tableColumns()``).
  private(set) var table: TableColumns?
  /// Heights to lay the cards out with at one width, by store item, while a
  /// worker measures them all (``ItemStore/layoutHeights(width:exact:)``): the
  /// cards on screen exact, the rest guessed.
  var interimHeights: (width: Int, heights: [UInt16])?

  init(store: ItemStore, theme: CardTheme) {
    self.store = store
    self.theme = theme
  }

  // MARK: Items shown

  /// The number of items shown.
  var shownCount: Int { sections.count }

  /// Counts the times ``show(_:)`` replaced what is shown: a layout made for
  /// the items of one revision lays out no other.
  private(set) var revision = 0

  /// Shows `items` (store indices, in order) and nothing else.
  func show(_ items: some Collection<Int>) {
    guard groups else {
      // One section, the items as they are: no lookup per item (a million cards).
      install(SectionedItems(ungrouped: items))
      return
    }
    install(SectionedItems.grouping(items, key: store.group(at:))!)
  }

  /// Shows `sections` (grouped elsewhere, on a worker) and nothing else.
  func install(_ sections: SectionedItems) {
    revision += 1
    let old = self.sections
    self.sections = sections
    // A million groups' table is freed on a worker, not between two keys.
    if old.count >= 100_000 { Disposal.release { withExtendedLifetime(old) {} } }
  }

  /// Shows `items` after those shown; returns whether they all went to the end of
  /// the last section (so the layout's append path can take them).
  @discardableResult
  func add(_ items: some Collection<Int>) -> SectionedItems.Change {
    var change = SectionedItems.Change()
    let lastBefore = sections.sectionCount - 1
    guard groups else {
      sections.add(items, key: nil, change: &change, lastBefore: lastBefore)
      return change
    }
    for item in items {
      sections.add(item, key: store.group(at: item), change: &change, lastBefore: lastBefore)
    }
    return change
  }

  /// The group value of section `section` (nil: no grouping, or items without
  /// the field): its first item's.
  func key(ofSection section: Int) -> String? {
    guard groups, sections.count(inSection: section) > 0 else { return nil }
    return store.group(at: sections.item(0, inSection: section))
  }

  /// Every section's group value, in order.
  var sectionKeys: [String?] { (0..<sections.sectionCount).map(key(ofSection:)) }

  /// The store index of the item at `indexPath`.
  func item(at indexPath: IndexPath) -> Int? {
    guard sections.contains(indexPath) else { return nil }
    return sections.item(indexPath.item, inSection: indexPath.section)
  }

  /// The index path showing store item `item`, if it is shown.
  func indexPath(ofItem item: Int) -> IndexPath? {
    sections.indexPath(ofItem: item)
  }

  /// The 0-based place of `indexPath` among all items shown, across sections.
  func position(of indexPath: IndexPath) -> Int {
    sections.position(of: indexPath)
  }

  /// Every store index shown, in order.
  var shownItems: [Int] { sections.allItems }

  // MARK: Data source

  func numberOfSections(in collectionView: CollectionView) -> Int {
    sections.sectionCount
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections.count(inSection: section)
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let item = sections.item(indexPath.item, inSection: indexPath.section)
    var content = store.content(at: item)
    if kind == .table {
      let row = collectionView.dequeueReusableCell(withIdentifier: TableRowCell.identifier, for: indexPath) as! TableRowCell
      row.configure(content: content, columns: tableColumns(), theme: theme)
      return row
    }
    content.sortLine = sortLine(of: item)
    if kind == .list {
      let row = collectionView.dequeueReusableCell(withIdentifier: RowCell.identifier, for: indexPath) as! RowCell
      // The sort field's value beside the subtitle.
      if let line = content.sortLine { content.subtitle = [content.subtitle, line].compactMap { $0 }.joined(separator: " · ") }
      row.content = content
      row.theme = theme
      row.isMarked = isMarked(item)
      return row
    }
    let card = collectionView.dequeueReusableCell(withIdentifier: CardCell.identifier, for: indexPath) as! CardCell
    card.configure(
      content: content, theme: theme, fixedSize: kind.hasFixedSizeCards || direction == .horizontal,
      highlight: highlight.map { CardHighlight(query: $0, roles: store.roles.resolved) },
      matchLine: highlight.flatMap { MatchLine.find(in: store.value(at: item), query: $0) })
    card.pictures = pictures
    card.pictureFolder = store.pictureFolder(at: item)
    card.isMarked = isMarked(item)
    return card
  }

  func collectionView(_ collectionView: CollectionView, viewForSupplementary kind: ElementKind, inSection section: Int) -> Cell? {
    if kind == .header, self.kind == .table {
      let header = collectionView.dequeueReusableCell(withIdentifier: TableHeaderCell.identifier, for: IndexPath(item: 0, section: section)) as! TableHeaderCell
      let group = groups ? (key(ofSection: section) ?? "(none)") + " · \(sections.count(inSection: section))" : nil
      header.configure(columns: tableColumns(), group: group, theme: theme)
      return header
    }
    let bar = collectionView.dequeueReusableCell(withIdentifier: RuleCell.identifier, for: IndexPath(item: 0, section: section)) as! RuleCell
    switch kind {
    case .header:
      let title = (key(ofSection: section) ?? "(none)") + " · \(sections.count(inSection: section))"
      bar.configure(text: { title }, centered: false, theme: theme)
    default:
      bar.configure(text: { [weak self] in self?.footer ?? "" }, centered: true, theme: theme)
    }
    return bar
  }

  func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, width: Int) -> ItemSize {
    switch kind {
    case .list, .table: return .height(1)
    case .grid, .gridLarge, .line, .circle, .mosaic: return .height(1)  // the layout gives every card its size
    case .waterfall:
      let item = sections.item(indexPath.item, inSection: indexPath.section)
      if let interim = interimHeights, interim.width == width,
        let height = Self.interimHeight(of: item, in: interim.heights, sortLines: store.sortLines)
      {
        return .height(height)
      }
      return .height(store.layoutHeight(at: item, width: width))
    }
  }

  /// Item `item`'s height among `heights` measured ahead (``interimHeights``),
  /// with the rows the sort field's line adds; nil when they do not reach it.
  private static func interimHeight(of item: Int, in heights: [UInt16], sortLines: SortFieldLines?) -> Int? {
    guard item < heights.count else { return nil }
    let height = Int(heights[item])
    return height + (sortLines?.addedRows(of: item, height: height) ?? 0)
  }

  /// The heights of many waterfall cards at once, read from the store in one
  /// go; other layouts and flows ask an item at a time.
  func collectionView(
    _ collectionView: CollectionView, forEachSizeOfItems items: Range<Int>, inSection section: Int, across: Int,
    direction: ScrollDirection, _ body: (ItemSize) -> Void
  ) {
    // Every other layout gives each card its size.
    guard kind == .waterfall else { return items.forEach { _ in body(.height(1)) } }
    guard direction == .vertical else {
      return items.forEach { body(self.collectionView(collectionView, sizeForItemAt: IndexPath(item: $0, section: section), height: across)) }
    }
    let sections = sections
    let shown = items.lazy.map { sections.item($0, inSection: section) }
    guard let interim = interimHeights, interim.width == across else {
      return store.forEachLayoutHeight(of: shown, width: across) { body(.height($0)) }
    }
    let (heights, sortLines) = (interim.heights, store.sortLines)
    for item in shown {
      body(.height(Self.interimHeight(of: item, in: heights, sortLines: sortLines) ?? store.layoutHeight(at: item, width: across)))
    }
  }

  /// A card's width in a horizontal waterfall, whose rows are `height` tall: a
  /// picture's shape at the rows its picture gets, or the narrowest width at which
  /// its text fits, within ``cardWidths``.
  func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, height: Int) -> ItemSize {
    guard kind == .waterfall else { return .height(1) }
    return .height(cardWidth(of: sections.item(indexPath.item, inSection: indexPath.section), height: height))
  }

  /// The sort field's line on item `item`'s card, when it adds one
  /// (``SortFieldLines``): read from the item's text, for the cards shown only.
  func sortLine(of item: Int) -> String? {
    guard let lines = store.sortLines, lines.adds(item) else { return nil }
    return store.json(at: item).withUnsafeBufferPointer { lines.line(in: $0) }
  }

  // MARK: The table

  /// The table's columns: made from the store's first items the first time,
  /// and again while fewer than ``TableColumns/sampleSize`` items made them and
  /// more are in (keeping what the keys did); in the data's order of fields.
  @discardableResult
  func tableColumns() -> TableColumns {
    if let table, table.sampled >= TableColumns.sampleSize || table.sampled >= store.count { return table }
    let first = (0..<min(store.count, TableColumns.sampleSize)).lazy.map(store.content(at:))
    let made = TableColumns(contents: first, roles: store.roles.resolved, order: store.roles.inference?.fieldOrder ?? [])
    table = table.map { made.keeping($0) } ?? made
    return table!
  }

  /// Measures the table's columns again on the store's first rows, keeping
  /// the columns a user resized and the current one: a window of a paged
  /// source's rows far from its start holds wider values than its first rows.
  func remeasureTable() {
    guard let old = table else { return }
    table = nil
    table = tableColumns().keeping(old)
  }

  /// Changes the table's columns (the keys: the current one, its width) and
  /// returns them.
  @discardableResult
  func updateTable(_ change: (inout TableColumns) -> Void) -> TableColumns {
    var columns = tableColumns()
    change(&columns)
    table = columns
    return columns
  }

  func cardWidth(of item: Int, height: Int) -> Int {
    CardWidth.fitting(store.content(at: item), height: height, within: cardWidths) {
      store.cardHeight(at: item, width: $0)
    }
  }
}
