import WaterfallLayout
import WaterfallTerminal
import WaterfallView

/// The browser: the cards, the status bar, details, filter and help, driven by
/// input events and drawn into any canvas.
///
/// It touches no terminal: ``handle(_:time:)`` takes an ``InputEvent`` and says
/// what to do next, ``draw(in:)`` draws the whole screen. The terminal loop
/// (``TerminalApp``), the `render` command and the tests all drive the same
/// object. Loading is not its business either: a ``LoadController`` adds items to
/// the store and calls ``storeDidAppend()``, sets ``loading``, and replaces the
/// store on a reload (``replaceStore(_:)``).
///
/// ```swift
/// let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
/// _ = browser.handle(.key(.down))
/// let screen = CellBuffer(width: 80, height: 24)
/// browser.draw(in: screen)
/// ```
public final class Browser {
  public struct Options: Sendable {
    public var layout: LayoutKind = .waterfall
    /// A fixed column count, or `nil` to follow the width.
    public var columns: Int?
    /// The narrowest card when the column count follows the width: 26 gives three
    /// columns at 80.
    public var minimumCardWidth = 26
    /// Large waterfall cards (`z` in the waterfall): columns half as wide again.
    public var largeCards = false
    /// How the waterfall gives items to columns (`--order`).
    public var order = ItemOrder.shortestFirst
    /// Whether items are grouped into sections (`--group-by`), by the store's group field.
    public var groups = false
    /// Whether switching layouts animates (`--no-animation` turns it off).
    public var animates = true
    /// Enter prints the selected item and quits (a picker, as fzf is).
    public var printMode = false
    public var theme = CardTheme.unicode
    public init() {}
  }

  public enum Mode: Equatable, Sendable {
    case browsing, filtering, details, help
  }

  /// Where loading stands, for the footer and the status bar.
  public enum Loading: Equatable, Sendable {
    /// Everything there is has been loaded.
    case done
    /// More is being read; `progress` is a short note for the status bar.
    case loading(progress: String?)
  }

  /// The smallest screen the browser draws on.
  public static let minimumSize = Size(width: 20, height: 5)
  static let columnRange = 1...12
  static let doubleClickMilliseconds: UInt64 = 400
  /// How long switching layouts takes, and in how many steps.
  static let animationMilliseconds: UInt64 = 120
  static let animationSteps = 6

  public private(set) var store: ItemStore
  let dataSource: CardDataSource
  let view: CollectionView
  public private(set) var options: Options
  public private(set) var size: Size
  public private(set) var mode = Mode.browsing
  public private(set) var filter = ""
  var details: DetailsView?
  /// JSON Lines lines skipped as invalid, for the status bar.
  public var skippedCount = 0
  /// Where loading stands; the footer under the last card follows it.
  public var loading = Loading.done {
    didSet { updateFooter() }
  }
  /// A message for the status bar (a reload that could not be done, a bad page).
  public var notice: String?
  private var lastPress: (item: IndexPath, time: UInt64)?
  /// The store items the browser has already taken in.
  private var lastSeenCount: Int
  /// Items hidden with `x`, most recent last; `u` brings the last one back.
  private var hidden: [Int] = []
  /// A layout change being animated: the transition and when it started.
  private var animation: (transition: TransitionLayout, target: any CollectionLayout, start: UInt64?)?

  public init(store: ItemStore, options: Options, size: Size) {
    self.store = store
    self.options = options
    self.size = size
    lastSeenCount = store.count
    dataSource = CardDataSource(store: store, theme: options.theme)
    dataSource.kind = options.layout
    dataSource.groups = options.groups
    dataSource.show(0..<store.count)
    view = CollectionView(frame: Self.viewFrame(for: size), layout: WaterfallLayout())
    view.register(CardCell.self, forCellWithReuseIdentifier: CardCell.identifier)
    view.register(RowCell.self, forCellWithReuseIdentifier: RowCell.identifier)
    view.register(BarCell.self, forCellWithReuseIdentifier: BarCell.identifier)
    view.dataSource = dataSource
    view.delegate = dataSource
    updateFooter()
    view.reloadData(with: makeLayout())
    view.selectFirstItem()
  }

  static func viewFrame(for size: Size) -> Rect {
    Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1))
  }

  // MARK: State

  /// The store index of the selected item.
  public var selectedItem: Int? {
    view.selectedIndexPath.flatMap(dataSource.item(at:))
  }

  /// The column count in use.
  public var columns: Int {
    if let fixed = options.columns { return fixed }
    let minimum = options.largeCards ? options.minimumCardWidth * 3 / 2 : options.minimumCardWidth
    let fitting = (size.width + 1) / (minimum + 1)
    return min(max(fitting, Self.columnRange.lowerBound), Self.columnRange.upperBound)
  }

  /// The number of items shown (after the filter and `x`) and in all.
  public var counts: (shown: Int, total: Int) { (dataSource.shownCount, store.count) }

  /// How many rows the cards are scrolled.
  public var contentOffset: Int { view.contentOffset }

  /// The collection view, for tests and the benchmark.
  public var collectionView: CollectionView { view }

  /// Whether a layout change is being animated: the loop then draws a frame every
  /// few milliseconds.
  public var isAnimating: Bool { animation != nil }

  /// Whether the selection or the scroll is within one screen of the end of the
  /// cards: the moment to load the next page.
  public var isNearEnd: Bool {
    let screen = max(1, view.frame.height)
    let end = view.contentSize.height
    if view.contentOffset + 2 * screen >= end { return true }
    if let selected = view.selectedIndexPath, let frame = view.frameForItem(at: selected), frame.maxY + screen >= end { return true }
    return false
  }

  /// The sections shown, as (group value, item count): for tests and the status bar.
  public var sections: [(key: String?, count: Int)] {
    dataSource.sections.map { ($0.key, $0.items.count) }
  }

  func makeLayout() -> any CollectionLayout {
    let layout: WaterfallLayout
    switch options.layout {
    case .waterfall:
      layout = WaterfallLayout(columnCount: columns, columnSpacing: 1, rowSpacing: 0, itemOrder: options.order)
    case .grid, .gridLarge:
      var itemSize = options.layout == .grid ? GridLayout.small : GridLayout.large
      if let fixed = options.columns { itemSize.width = max(8, (size.width + 1) / fixed - 1) }
      layout = GridLayout(itemSize: itemSize, columnSpacing: 1)
    case .list:
      layout = ListLayout()
    }
    if options.groups {
      layout.headerHeight = 1
      layout.pinsHeaders = true
    }
    // The footer ("Loading more…", "End · N items") sits under the last section only.
    if dataSource.footer != nil, !dataSource.sections.isEmpty {
      layout.sectionStyles[dataSource.sections.count - 1] = SectionStyle(footerHeight: 1)
    }
    return layout
  }

  private func updateFooter() {
    switch loading {
    case .loading: dataSource.footer = "Loading more…"
    case .done:
      let shown = dataSource.shownCount
      let noun = shown == 1 ? "item" : "items"
      dataSource.footer = shown == store.count ? "End · \(shown) \(noun)" : "End · \(shown) of \(store.count) \(noun)"
    }
  }

  /// Lays the cards out anew (sections or settings changed), keeping the selected
  /// card where it is on screen.
  private func relayout() {
    finishAnimation()
    view.setLayout(makeLayout())
  }

  /// Adapts to a new screen size: the cards reflow and the selected one stays on
  /// screen.
  public func resize(to newSize: Size) {
    guard newSize != size else { return }
    finishAnimation()
    let oldColumns = columns
    size = newSize
    if columns != oldColumns || options.layout == .grid || options.layout == .gridLarge {
      view.setFrame(Self.viewFrame(for: newSize), layout: makeLayout())
    } else {
      view.frame = Self.viewFrame(for: newSize)
    }
    if let selected = view.selectedIndexPath { view.scrollToItem(at: selected) }
    if let details {
      var copy = details
      copy.scroll(by: 0, in: detailsRect)
      self.details = copy
    }
  }

  // MARK: Items

  /// Whether store item `item` is shown under the current filter and hides.
  private func passes(_ item: Int) -> Bool {
    (filter.isEmpty || store.matches(item, query: filter)) && !hidden.contains(item)
  }

  /// Shows the items the store gained since the last call (appended at its end).
  /// Cards already laid out keep their places: new items at the end of the last
  /// section go through the layout's append path; only new sections, or items for
  /// an earlier section, lay the cards out again, which costs time in proportion
  /// to all the items. With `relayoutAllowed` false (a stream still pouring in),
  /// that is put off until a later call allows it; meanwhile the view shows the
  /// sections as they were, since sections only ever grow at their ends.
  public func storeDidAppend(relayoutAllowed: Bool = true) {
    let start = lastSeenCount
    lastSeenCount = store.count
    if start < store.count {
      finishAnimation()
      let fresh = (start..<store.count).filter(passes)
      let wasEmpty = dataSource.shownCount == 0
      let added = dataSource.add(fresh)
      updateFooter()
      if wasEmpty {
        view.reloadData(with: makeLayout())
        view.selectFirstItem()
        return
      }
      if added.restructured {
        relayoutPending = true
      } else if added.appendedToLast > 0, !relayoutPending {
        view.appendItems(count: added.appendedToLast, toSection: dataSource.sections.count - 1)
      }
    }
    if relayoutPending, relayoutAllowed {
      relayoutPending = false
      reloadKeepingSelection()
    }
  }

  /// Whether items wait to be shown until the cards are laid out again.
  public private(set) var relayoutPending = false

  /// Takes `newStore` in place of the store (a reload), keeping the selected item,
  /// found by its id field or else by its position, on the same screen row.
  public func replaceStore(_ newStore: ItemStore) {
    finishAnimation()
    let oldID = selectedItem.flatMap { store.id(at: $0) }
    let oldPosition = view.selectedIndexPath.map(dataSource.position(of:))
    let row = selectedRow
    store = newStore
    dataSource.store = newStore
    lastSeenCount = newStore.count
    relayoutPending = false
    hidden = []
    dataSource.show((0..<newStore.count).filter(passes))
    updateFooter()
    view.reloadData(with: makeLayout())
    var target = oldID.flatMap { id in (0..<newStore.count).first { newStore.id(at: $0) == id } }
    if target == nil, let oldPosition, dataSource.shownCount > 0 {
      target = dataSource.shownItems[min(oldPosition, dataSource.shownCount - 1)]
    }
    if !select(target, atRow: row) { view.selectFirstItem() }
  }

  /// Shows the items again after the filter or the hidden set changed, keeping
  /// `item` (or the selection) selected at the same screen row where it still shows.
  private func reshow(selecting item: Int? = nil) {
    finishAnimation()
    let keep = item ?? selectedItem
    let row = selectedRow
    relayoutPending = false
    dataSource.show((0..<store.count).filter(passes))
    updateFooter()
    view.reloadData(with: makeLayout())
    if !select(keep, atRow: row) { view.selectFirstItem() }
  }

  private func reloadKeepingSelection() {
    let keep = selectedItem
    let row = selectedRow
    view.reloadData(with: makeLayout())
    select(keep, atRow: row)
  }

  /// The selected card's top row on the screen, to put a card back at after the
  /// cards are laid out anew.
  private var selectedRow: Int? {
    view.selectedIndexPath.flatMap { view.frameForItem(at: $0) }.map { $0.minY - view.contentOffset }
  }

  /// Selects store item `item` with its top at screen `row` where the scroll
  /// allows; returns whether the item is shown at all.
  @discardableResult
  private func select(_ item: Int?, atRow row: Int?) -> Bool {
    guard let item, let indexPath = dataSource.indexPath(ofItem: item) else { return false }
    if let row, let frame = view.frameForItem(at: indexPath) { view.setContentOffset(frame.minY - row) }
    view.selectItem(at: indexPath)
    return true
  }

  private func applyFilter(_ query: String) {
    filter = query
    reshow()
  }

  /// Hides the selected card (`x`): from the view, never from the data. The cards
  /// after it reflow; those before it keep their places.
  private func hideSelected() {
    guard let item = selectedItem, let indexPath = view.selectedIndexPath else { return }
    let position = dataSource.position(of: indexPath)
    hidden.append(item)
    let shown = dataSource.shownItems.filter { $0 != item }
    let next = shown.isEmpty ? nil : shown[min(position, shown.count - 1)]
    reshow(selecting: next)
  }

  /// Brings back the card hidden last (`u`), selected.
  private func undoHide() {
    guard let item = hidden.popLast() else { return }
    reshow(selecting: item)
  }

  /// Selects store item `item` and scrolls to it (the `render --select` option).
  public func select(item: Int) {
    if let indexPath = dataSource.indexPath(ofItem: item) { view.selectItem(at: indexPath) }
  }

  /// Scrolls the cards to `rows` (the `render --scroll` option).
  public func scroll(to rows: Int) {
    view.setContentOffset(rows)
  }

  /// Opens the details of the selected item.
  public func openDetails() {
    guard let item = selectedItem else { return }
    details = DetailsView(item: item, value: store.value(at: item))
    details?.showPicture(of: store.content(at: item), from: pictures)
    mode = .details
  }

  var detailsRect: Rect { Self.viewFrame(for: size) }

  // MARK: Layouts

  /// Switches to `kind` and card size `large`, keeping the selection selected and
  /// in view; the cards slide to their new places when animation is on.
  private func switchLayout(to kind: LayoutKind, large: Bool) {
    finishAnimation()
    let old = view.layout
    let oldOffset = view.contentOffset
    options.layout = kind
    options.largeCards = large
    dataSource.kind = kind
    let new = makeLayout()
    view.setLayout(new)
    guard options.animates else { return }
    let transition = TransitionLayout(from: old, to: new, fromOffset: oldOffset, toOffset: view.contentOffset)
    animation = (transition, new, nil)
    view.setLayout(transition, contentOffset: view.contentOffset)
  }

  /// Moves an animated layout change on to time `now` (milliseconds); returns
  /// whether it is still going.
  @discardableResult
  public func advanceAnimation(to now: UInt64) -> Bool {
    guard var running = animation else { return false }
    let start = running.start ?? now
    running.start = start
    let elapsed = now &- start
    if elapsed >= Self.animationMilliseconds {
      finishAnimation()
      return false
    }
    running.transition.progress = Double(elapsed) / Double(Self.animationMilliseconds)
    animation = running
    view.setLayout(running.transition, contentOffset: running.transition.toOffset)
    return true
  }

  /// Ends an animated layout change at once, on its final layout.
  public func finishAnimation() {
    guard let running = animation else { return }
    animation = nil
    view.setLayout(running.target, contentOffset: running.transition.toOffset)
  }

  /// Turns animation off (a terminal too slow for it).
  public func disableAnimation() {
    finishAnimation()
    options.animates = false
  }

  // MARK: Events

  /// Handles one event; `time` (milliseconds, any origin) tells a double click.
  public func handle(_ event: InputEvent, time: UInt64 = 0) -> BrowserAction {
    switch event {
    case .resize(let newSize):
      resize(to: newSize)
      return .none
    case .mouse(let mouse):
      finishAnimation()
      return handleMouse(mouse, time: time)
    case .key(let key):
      if key == .control("l") { return .repaint }
      if key == .control("c") { return .quit(130) }
      finishAnimation()
      switch mode {
      case .browsing: return handleBrowsing(key)
      case .filtering: return handleFiltering(key)
      case .details: return handleDetails(key)
      case .help:
        mode = .browsing
        return .none
      }
    }
  }

  private func handleBrowsing(_ key: Key) -> BrowserAction {
    notice = nil
    switch key {
    case .up, .character("k"): view.moveSelection(.up)
    case .down, .character("j"): view.moveSelection(.down)
    case .left, .character("h"): view.moveSelection(.left)
    case .right, .character("l"): view.moveSelection(.right)
    case .pageUp, .control("b"): view.moveSelection(byPages: -1)
    case .pageDown, .control("f"), .character(" "): view.moveSelection(byPages: 1)
    case .home, .character("g"): view.selectFirstItem()
    case .end, .character("G"): view.selectLastItem()
    case .control("e"): view.scroll(byRows: 1)
    case .control("y"): view.scroll(byRows: -1)
    case .enter:
      guard let item = selectedItem else { return .none }
      if options.printMode { return .print(store.json(at: item)) }
      openDetails()
    case .escape:
      if !filter.isEmpty {
        applyFilter("")
        return .none
      }
      return .quit(options.printMode ? 1 : 0)
    case .character("q"):
      return .quit(options.printMode ? 1 : 0)
    case .character("/"):
      mode = .filtering
    case .character("+"), .character("="):
      setColumns(columns + 1)
    case .character("-"), .character("_"):
      setColumns(columns - 1)
    case .character("L"):
      switchLayout(to: options.layout.next, large: options.largeCards)
    case .character("z"):
      // The grids have a size each; the waterfall's card size is its own, so
      // cycling through the grids never changes it.
      switch options.layout {
      case .grid: switchLayout(to: .gridLarge, large: options.largeCards)
      case .gridLarge: switchLayout(to: .grid, large: options.largeCards)
      case .waterfall, .list: switchLayout(to: options.layout, large: !options.largeCards)
      }
    case .character("x"):
      hideSelected()
    case .character("u"):
      undoHide()
    case .character("r"):
      return .reload
    case .character("?"):
      mode = .help
    default:
      break
    }
    return .none
  }

  private func setColumns(_ count: Int) {
    let clamped = min(max(count, Self.columnRange.lowerBound), Self.columnRange.upperBound)
    guard clamped != columns || options.columns == nil else { return }
    options.columns = clamped
    relayout()
  }

  private func handleFiltering(_ key: Key) -> BrowserAction {
    switch key {
    case .enter:
      mode = .browsing
    case .escape:
      mode = .browsing
      applyFilter("")
    case .backspace:
      if !filter.isEmpty { applyFilter(String(filter.dropLast())) }
    case .control("u"):
      applyFilter("")
    case .character(let c):
      applyFilter(filter + String(c))
    case .up, .down, .left, .right, .pageUp, .pageDown:
      mode = .browsing
      return handleBrowsing(key)
    default:
      break
    }
    return .none
  }

  private func handleDetails(_ key: Key) -> BrowserAction {
    guard var details else {
      mode = .browsing
      return .none
    }
    let page = max(1, DetailsView.inside(detailsRect).height - 1)
    switch key {
    case .escape, .enter, .character("q"):
      self.details = nil
      mode = .browsing
      return .none
    case .up, .character("k"): details.scroll(by: -1, in: detailsRect)
    case .down, .character("j"): details.scroll(by: 1, in: detailsRect)
    case .pageUp, .control("b"): details.scroll(by: -page, in: detailsRect)
    case .pageDown, .control("f"), .character(" "): details.scroll(by: page, in: detailsRect)
    case .home, .character("g"): details.scroll(by: Int.min / 2, in: detailsRect)
    case .end, .character("G"): details.scroll(by: Int.max / 2, in: detailsRect)
    default: break
    }
    self.details = details
    return .none
  }

  private func handleMouse(_ mouse: MouseEvent, time: UInt64) -> BrowserAction {
    switch (mode, mouse.action) {
    case (.details, .wheelUp), (.details, .wheelDown):
      details?.scroll(by: mouse.action == .wheelUp ? -3 : 3, in: detailsRect)
    case (.browsing, .wheelUp), (.filtering, .wheelUp):
      view.scroll(byRows: -3)
    case (.browsing, .wheelDown), (.filtering, .wheelDown):
      view.scroll(byRows: 3)
    case (.browsing, .press), (.filtering, .press):
      mode = .browsing
      guard let point = view.contentPoint(fromScreen: mouse.position), let indexPath = view.indexPathForItem(at: point) else {
        return .none
      }
      let isDouble = lastPress.map { $0.item == indexPath && time &- $0.time <= Self.doubleClickMilliseconds } ?? false
      view.selectItem(at: indexPath)
      lastPress = (indexPath, time)
      if isDouble {
        lastPress = nil
        if options.printMode, let item = selectedItem { return .print(store.json(at: item)) }
        openDetails()
      }
    case (.help, .press):
      mode = .browsing
    default:
      break
    }
    return .none
  }

  // MARK: Drawing

  /// Draws the whole screen.
  public func draw(in canvas: any Canvas) {
    let screen = Rect(origin: .zero, size: size)
    canvas.fill(screen, with: " ")
    guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
      drawCentered(["terminal too small", "(\(size.width)x\(size.height), need \(Self.minimumSize.width)x\(Self.minimumSize.height))"], in: canvas, rect: screen)
      return
    }
    if mode == .details, let details {
      details.draw(in: canvas, rect: detailsRect, position: positionText, theme: options.theme)
    } else if dataSource.shownCount == 0 {
      let lines: [String]
      if store.count == 0 {
        lines = loading == .done ? ["No items to show", "the data has no items"] : ["Loading…"]
      } else if !filter.isEmpty {
        lines = ["Nothing matches “\(filter)”", "Esc clears the filter"]
      } else {
        lines = ["Every card is hidden", "u brings the last one back"]
      }
      drawCentered(lines, in: canvas, rect: detailsRect)
    } else {
      view.draw(in: canvas)
    }
    drawStatusBar(in: canvas, row: size.height - 1)
    if mode == .help { drawHelp(in: canvas) }
  }

  var positionText: String {
    let index = view.selectedIndexPath.map { dataSource.position(of: $0) + 1 } ?? 0
    return "\(index)/\(dataSource.shownCount)"
  }

  private func drawCentered(_ lines: [String], in canvas: any Canvas, rect: Rect) {
    let top = rect.minY + max(0, (rect.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      let text = TextWrapper.truncate(line, width: rect.width)
      let x = rect.minX + max(0, (rect.width - DisplayText.width(of: text)) / 2)
      canvas.put(text, at: Point(x: x, y: top + i), style: i == 0 ? Style(attributes: .bold) : Style(attributes: .dim), clip: rect)
    }
  }

  private func drawStatusBar(in canvas: any Canvas, row: Int) {
    let bar = Rect(x: 0, y: row, width: size.width, height: 1)
    let style = options.theme.barStyle
    canvas.fill(bar, with: " ", style: style)
    let separator = options.theme.border == .ascii ? " | " : " │ "
    if mode == .filtering {
      let count = " \(dataSource.shownCount)/\(store.count) "
      let cursor = options.theme.border == .ascii ? "_" : "▏"
      canvas.put(" /" + filter + cursor, at: Point(x: 0, y: row), style: style, clip: Rect(x: 0, y: row, width: size.width - DisplayText.width(of: count), height: 1))
      canvas.put(count, at: Point(x: size.width - DisplayText.width(of: count), y: row), style: style, clip: bar)
      return
    }
    var parts = [" " + positionText + (filter.isEmpty && hidden.isEmpty ? "" : " of \(store.count)")]
    parts.append(options.layout == .waterfall ? "\(columns) cols · waterfall" : options.layout.label)
    if options.groups { parts.append("\(dataSource.sections.count) groups") }
    if !filter.isEmpty { parts.append("/" + filter) }
    if !hidden.isEmpty { parts.append("\(hidden.count) hidden") }
    if skippedCount > 0 { parts.append("\(skippedCount) skipped") }
    if case .loading(let progress?) = loading { parts.append(progress) }
    if let notice { parts.append(notice) }
    let help = "? help "
    let left = TextWrapper.truncate(parts.joined(separator: separator), width: max(0, size.width - DisplayText.width(of: help) - 1))
    canvas.put(left, at: Point(x: 0, y: row), style: style, clip: bar)
    canvas.put(help, at: Point(x: size.width - DisplayText.width(of: help), y: row), style: style, clip: bar)
  }

  private func drawHelp(in canvas: any Canvas) {
    let keyWidth = KeyHelp.entries.map { DisplayText.width(of: $0.keys) }.max() ?? 0
    let textWidth = KeyHelp.entries.map { DisplayText.width(of: $0.action) }.max() ?? 0
    let width = min(size.width, keyWidth + textWidth + 7)
    let height = min(size.height - 1, KeyHelp.entries.count + 4)
    let rect = Rect(x: (size.width - width) / 2, y: max(0, (size.height - 1 - height) / 2), width: width, height: height)
    let theme = options.theme
    canvas.fill(rect, with: " ")
    canvas.drawBox(rect, lines: theme.selectedBorder, style: theme.selectedBorderStyle)
    canvas.put(" Keys ", at: Point(x: rect.minX + 2, y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    let inner = rect.inset(by: EdgeInsets(top: 2, left: 2, bottom: 1, right: 2))
    for (i, entry) in KeyHelp.entries.enumerated() where i < inner.height {
      let keys = theme.border == .ascii ? entry.keys.asciiArrows : entry.keys
      canvas.put(keys, at: Point(x: inner.minX, y: inner.minY + i), style: theme.secondaryStyle.with(attributes: .bold), clip: inner)
      canvas.put(entry.action, at: Point(x: inner.minX + keyWidth + 2, y: inner.minY + i), style: theme.textStyle, clip: inner)
    }
  }
}

extension String {
  var asciiArrows: String {
    String(map { c -> Character in
      switch c {
      case "↑": return "^"
      case "↓": return "v"
      case "←": return "<"
      case "→": return ">"
      default: return c
      }
    })
  }
}
