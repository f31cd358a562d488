import WaterfallLayout
import WaterfallTerminal
import WaterfallView

/// The browser: the cards, the status bar, details, filter and help, driven by
/// input events and drawn into any canvas.
///
/// It touches no terminal: ``handle(_:time:)`` takes an ``InputEvent`` and says
/// what to do next, ``draw(in:)`` draws the whole screen. The terminal loop
/// (``TerminalApp``), the `render` command and the tests all drive the same
/// object.
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
    /// Enter prints the selected item and quits (a picker, as fzf is).
    public var printMode = false
    public var theme = CardTheme.unicode
    public init() {}
  }

  public enum Mode: Equatable, Sendable {
    case browsing, filtering, details, help
  }

  /// The smallest screen the browser draws on.
  public static let minimumSize = Size(width: 20, height: 5)
  static let columnRange = 1...12
  static let doubleClickMilliseconds: UInt64 = 400

  public let store: ItemStore
  let dataSource: CardDataSource
  let view: CollectionView
  public private(set) var options: Options
  public private(set) var size: Size
  public private(set) var mode = Mode.browsing
  public private(set) var filter = ""
  var details: DetailsView?
  /// JSON Lines lines skipped as invalid, for the status bar.
  public var skippedCount = 0
  /// What is still being loaded, for the status bar (`nil`: nothing).
  public var loadingStatus: String?
  private var lastPress: (item: IndexPath, time: UInt64)?
  /// The store items the browser has already taken in.
  private var lastSeenCount: Int

  public init(store: ItemStore, options: Options, size: Size) {
    self.store = store
    self.options = options
    self.size = size
    lastSeenCount = store.count
    dataSource = CardDataSource(store: store, theme: options.theme)
    dataSource.kind = options.layout
    dataSource.visible = Array(0..<store.count)
    view = CollectionView(frame: Self.viewFrame(for: size), layout: WaterfallLayout())
    view.register(CardCell.self, forCellWithReuseIdentifier: CardCell.identifier)
    view.register(RowCell.self, forCellWithReuseIdentifier: RowCell.identifier)
    view.dataSource = dataSource
    view.delegate = dataSource
    view.setLayout(makeLayout())
    view.reloadData()
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
    let fitting = (size.width + 1) / (options.minimumCardWidth + 1)
    return min(max(fitting, Self.columnRange.lowerBound), Self.columnRange.upperBound)
  }

  /// The number of items shown (after the filter) and in all.
  public var counts: (shown: Int, total: Int) { (dataSource.visible.count, store.count) }

  /// How many rows the cards are scrolled.
  public var contentOffset: Int { view.contentOffset }

  /// The collection view, for tests and the benchmark.
  public var collectionView: CollectionView { view }

  func makeLayout() -> any CollectionLayout {
    switch options.layout {
    case .waterfall:
      return WaterfallLayout(columnCount: columns, columnSpacing: 1, rowSpacing: 0)
    case .grid, .gridLarge:
      var itemSize = options.layout == .grid ? GridLayout.small : GridLayout.large
      if let fixed = options.columns { itemSize.width = max(8, (size.width + 1) / fixed - 1) }
      return GridLayout(itemSize: itemSize, columnSpacing: 1)
    case .list:
      return ListLayout()
    }
  }

  /// Adapts to a new screen size: the cards reflow and the selected one stays on
  /// screen.
  public func resize(to newSize: Size) {
    guard newSize != size else { return }
    let oldColumns = columns
    size = newSize
    if columns != oldColumns || options.layout == .grid || options.layout == .gridLarge {
      view.frame = Self.viewFrame(for: newSize)
      view.setLayout(makeLayout())
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

  /// Shows the items the store gained since the last call (appended at its end),
  /// keeping every card already laid out where it is.
  public func storeDidAppend() {
    let start = lastSeenCount
    lastSeenCount = store.count
    guard start < store.count else { return }
    let fresh = (start..<store.count).filter { filter.isEmpty || store.matches($0, query: filter) }
    guard !fresh.isEmpty else { return }
    let wasEmpty = dataSource.visible.isEmpty
    dataSource.visible += fresh
    if wasEmpty {
      view.reloadData()
      view.selectFirstItem()
    } else {
      view.appendItems(count: fresh.count, toSection: 0)
    }
  }

  /// Shows the store's items anew after it was reloaded, keeping the selected item
  /// (by its id field, else by position) at the same place on the screen.
  public func storeDidReload(selecting item: Int?) {
    lastSeenCount = store.count
    applyFilter(filter, selecting: item)
  }

  private func applyFilter(_ query: String, selecting item: Int? = nil) {
    let keep = item ?? selectedItem
    let row = view.selectedIndexPath.flatMap { view.frameForItem(at: $0) }.map { $0.minY - view.contentOffset }
    filter = query
    dataSource.visible = query.isEmpty ? Array(0..<store.count) : (0..<store.count).filter { store.matches($0, query: query) }
    view.reloadData()
    if let keep, let indexPath = dataSource.indexPath(ofItem: keep) {
      if let row, let frame = view.frameForItem(at: indexPath) { view.setContentOffset(frame.minY - row) }
      view.selectItem(at: indexPath)
    } else {
      view.selectFirstItem()
    }
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
    mode = .details
  }

  var detailsRect: Rect { Self.viewFrame(for: size) }

  // MARK: Events

  /// Handles one event; `time` (milliseconds, any origin) tells a double click.
  public func handle(_ event: InputEvent, time: UInt64 = 0) -> BrowserAction {
    switch event {
    case .resize(let newSize):
      resize(to: newSize)
      return .none
    case .mouse(let mouse):
      return handleMouse(mouse, time: time)
    case .key(let key):
      if key == .control("l") { return .repaint }
      if key == .control("c") { return .quit(130) }
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
    switch key {
    case .up, .character("k"): view.moveSelection(.up)
    case .down, .character("j"): view.moveSelection(.down)
    case .left, .character("h"): view.moveSelection(.left)
    case .right, .character("l"): view.moveSelection(.right)
    case .pageUp, .control("b"): view.moveSelection(byPages: -1)
    case .pageDown, .control("f"), .character(" "): view.moveSelection(byPages: 1)
    case .home, .character("g"): view.selectFirstItem()
    case .end, .character("G"): view.selectLastItem()
    case .enter:
      guard let item = selectedItem else { return .none }
      if options.printMode { return .print(Array(store.json(at: item))) }
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
      options.layout = options.layout.next
      dataSource.kind = options.layout
      view.setLayout(makeLayout())
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
    view.setLayout(makeLayout())
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
        if options.printMode, let item = selectedItem { return .print(Array(store.json(at: item))) }
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
    } else if dataSource.visible.isEmpty {
      let lines = store.count == 0
        ? (loadingStatus == nil ? ["No items to show", "the data has no items"] : ["Loading…"])
        : ["Nothing matches “\(filter)”", "Esc clears the filter"]
      drawCentered(lines, in: canvas, rect: detailsRect)
    } else {
      view.draw(in: canvas)
    }
    drawStatusBar(in: canvas, row: size.height - 1)
    if mode == .help { drawHelp(in: canvas) }
  }

  var positionText: String {
    let index = view.selectedIndexPath.map { $0.item + 1 } ?? 0
    return "\(index)/\(dataSource.visible.count)"
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
      let count = " \(dataSource.visible.count)/\(store.count) "
      let cursor = options.theme.border == .ascii ? "_" : "▏"
      canvas.put(" /" + filter + cursor, at: Point(x: 0, y: row), style: style, clip: Rect(x: 0, y: row, width: size.width - DisplayText.width(of: count), height: 1))
      canvas.put(count, at: Point(x: size.width - DisplayText.width(of: count), y: row), style: style, clip: bar)
      return
    }
    var parts = [" " + positionText + (filter.isEmpty ? "" : " of \(store.count)")]
    parts.append(options.layout == .list ? "list" : (options.layout == .waterfall ? "\(columns) cols · waterfall" : options.layout.label))
    if !filter.isEmpty { parts.append("/" + filter) }
    if skippedCount > 0 { parts.append("\(skippedCount) skipped") }
    if let loading = loadingStatus { parts.append(loading) }
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
