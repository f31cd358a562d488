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
      details.draw(in: canvas, rect: detailsRect, position: cards.positionText, theme: options.theme)
    } else if cards.dataSource.shownCount == 0 {
      EmptyScreen.draw(EmptyScreen.lines(storeCount: store.count, loading: loading, filter: filter, searching: isSearching), in: canvas, rect: detailsRect)
    } else {
      cards.view.draw(in: canvas)
      drawPullHeader(in: canvas)
    }
    drawPreview(in: canvas)
    drawHeader(in: canvas)
    statusBar.draw(in: canvas, row: size.height - 1, width: size.width)
    if mode == .help { helpOverlay.draw(in: canvas, size: size) }
    drawFieldBoxes(in: canvas)
  }

  var helpOverlay: HelpOverlay {
    HelpOverlay(sections: options.keyMap.helpSections, theme: options.theme, scroll: helpScroll)
  }

  /// `--header`'s lines above the cards, one a row.
  func drawHeader(in canvas: any Canvas) {
    let rows = options.headerRows(height: size.height)
    guard rows > 0, let header = options.header else { return }
    let rect = Rect(x: 0, y: 0, width: size.width, height: rows)
    canvas.fill(rect, with: " ")
    for (row, line) in header.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).enumerated() {
      canvas.put(String(line), at: Point(x: 1, y: row), style: options.theme.headerStyle, clip: rect)
    }
  }

  /// The pull-to-refresh header above the cards: what it says, on its last row.
  func drawPullHeader(in canvas: any Canvas) {
    let frame = cards.screenFrame
    let top = frame.minY
    let rows = cards.view.frame.minY - top
    guard rows > 0 else { return }
    let header = Rect(x: frame.minX, y: top, width: frame.width, height: rows)
    canvas.fill(header, with: " ")
    let title = pull.title
    let x = frame.minX + max(0, (frame.width - DisplayText.width(of: title)) / 2)
    canvas.put(title, at: Point(x: x, y: top + rows - 1), style: options.theme.barStyle, clip: header)
  }

  var statusBar: StatusBar {
    // A window on a paged source's rows away from their start: places among all.
    let moved = window.flatMap { $0.isMoved ? $0 : nil }
    let position = moved.map { $0.positionText(ofIndex: cards.view.selectedIndexPath.map(cards.dataSource.position(of:))) }
    var bar = StatusBar(
      position: position ?? cards.positionText, layout: cards.layoutLabel, theme: options.theme)
    bar.filtering = mode == .filtering
    bar.filter = filter
    bar.hiddenCount = shown.hidden.count
    bar.markedCount = marks.count
    bar.shownCount = cards.dataSource.shownCount
    bar.totalCount = store.count
    // Every group found, laid out or not; with a filter or hides, those shown.
    let unfiltered = filter.isEmpty && shown.hidden.isEmpty
    bar.groups = options.groups ? max(cards.dataSource.sections.sectionCount, unfiltered ? groupsFound : 0) : nil
    bar.skippedCount = skippedCount
    if case .loading(let progress?) = loading { bar.progress = progress }
    if case .stopped(let reason) = loading { bar.progress = reason }
    if loading == .done, let moved { bar.progress = moved.text }
    bar.searchProgress = pipeline.searchProgress
    bar.layoutProgress = cards.progress ?? fieldPasses.progress
    bar.sort = pipeline.sortLabel
    bar.notice = notice
    bar.fieldNotice = missingFieldsNotice
    bar.warning = options.warning
    return bar
  }
}
