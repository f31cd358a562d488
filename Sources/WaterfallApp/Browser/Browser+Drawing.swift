import WaterfallLayout
import WaterfallView

/// The browser's screen: the cards (or the details, or why there is no card),
/// the status bar, and the `?` box over them.
extension Browser {
  /// Draws the whole screen.
  public func draw(in canvas: any Canvas) {
    let screen = Rect(origin: .zero, size: size)
    canvas.fill(screen, with: " ")
    guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
      EmptyScreen.draw(EmptyScreen.tooSmall(size, minimum: Self.minimumSize), in: canvas, rect: screen)
      return
    }
    if mode == .details, let details {
      details.draw(in: canvas, rect: detailsRect, position: positionText, theme: options.theme)
    } else if dataSource.shownCount == 0 {
      EmptyScreen.draw(EmptyScreen.lines(storeCount: store.count, loading: loading, filter: filter, searching: isSearching), in: canvas, rect: detailsRect)
    } else {
      view.draw(in: canvas)
      drawPullHeader(in: canvas)
    }
    statusBar.draw(in: canvas, row: size.height - 1, width: size.width)
    if mode == .help { helpOverlay.draw(in: canvas, size: size) }
  }

  var helpOverlay: HelpOverlay {
    HelpOverlay(sections: KeyBindings.helpSections, theme: options.theme, scroll: helpScroll)
  }

  /// The pull-to-refresh header above the cards: what it says, on its last row.
  func drawPullHeader(in canvas: any Canvas) {
    let rows = view.frame.minY
    guard rows > 0 else { return }
    let header = Rect(x: 0, y: 0, width: size.width, height: rows)
    canvas.fill(header, with: " ")
    let title = pull.title
    let x = max(0, (size.width - DisplayText.width(of: title)) / 2)
    canvas.put(title, at: Point(x: x, y: rows - 1), style: options.theme.barStyle, clip: header)
  }

  /// The layout's name for the status bar: columns (rows, when sideways) of the
  /// waterfall, and how much of the circle shows.
  var layoutLabel: String {
    let sideways = policy.isHorizontal && options.layout != .line ? " ↔" : ""
    switch options.layout {
    case .waterfall:
      return policy.isHorizontal ? "\(Self.count(columns, "row")) · waterfall ↔" : "\(Self.count(columns, "column")) · waterfall"
    case .circle:
      guard let circle = view.layout as? CircleLayout, circle.capacity < dataSource.shownCount else { return "circle" }
      return "circle · \(circle.capacity) of \(dataSource.shownCount) round"
    case .table: return dataSource.table?.label ?? "table"
    default: return options.layout.label + sideways
    }
  }

  /// `1 column`, `3 columns`: a count and its noun, singular or plural.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  var positionText: String {
    let index = view.selectedIndexPath.map { dataSource.position(of: $0) + 1 } ?? 0
    return "\(index)/\(dataSource.shownCount)"
  }

  var statusBar: StatusBar {
    var bar = StatusBar(
      position: positionText, layout: layoutLabel, theme: options.theme)
    bar.filtering = mode == .filtering
    bar.filter = filter
    bar.hiddenCount = shown.hidden.count
    bar.shownCount = dataSource.shownCount
    bar.totalCount = store.count
    // Every group found, laid out or not; with a filter or hides, those shown.
    let unfiltered = filter.isEmpty && shown.hidden.isEmpty
    bar.groups = options.groups ? max(dataSource.sections.sectionCount, unfiltered ? groupsFound : 0) : nil
    bar.skippedCount = skippedCount
    if case .loading(let progress?) = loading { bar.progress = progress }
    bar.searchProgress = searchProgress
    bar.layoutProgress = layoutProgress
    bar.sort = sortLabel
    bar.notice = notice
    bar.fieldNotice = missingFieldsNotice
    return bar
  }
}
