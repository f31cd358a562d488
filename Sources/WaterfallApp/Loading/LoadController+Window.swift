/// A source paged by keys read as a window on its rows (``RowWindow``): `G`
/// far from the end, a step up past the window's first row and `g` re-open
/// the source elsewhere (``moveWindow(_:)``), and a window grown past
/// ``windowRows`` lets the rows above go.
///
/// ```swift
/// browser.apply(controller.moveWindow(.last))   // the last page, read backward
/// controller.window?.text                       // "rows ~9,999,501–~10,000,000 of ~10,000,000"
/// ```
extension LoadController {
  /// Takes in the end of a page of a source paged by keys: the window of the
  /// store being filled opens with its first page and grows with each.
  func tookWindowPage(_ end: PageEnd, into update: inout LoadUpdate) {
    if var growing = readingWindow {
      if let estimate = end.estimatedItems { growing.estimate = estimate }
      growing.took(end.keyset, rows: store.count, hasMore: end.hasMore)
      readingWindow = growing
    } else {
      firstPageRows = store.count
      readingWindow = RowWindow.opened(
        by: windowStart, previous: previousWindow, dropped: droppedRows, firstPage: end.keyset, rows: store.count,
        hasMore: end.hasMore, estimate: end.estimatedItems)
    }
    if !isReloading {
      window = readingWindow
      update.window = window
    }
  }

  /// Where the selection goes in a moved window's store.
  func landing() -> WindowLanding {
    switch windowStart {
    case .first: return .item(0)
    case .last: return .item(max(0, store.count - 1))
    case .before: return .item(max(0, firstPageRows - 1))
    case .after: return .shifted(by: droppedRows)
    }
  }

  /// Opens the window on the source's rows `start` says (a source paged by
  /// keys, ``pagesByKeys``): `G` far from the end reads the last page
  /// (``WindowStart/last``), a step up past the window's first row the page
  /// before it and the page from it (``WindowStart/before(_:)``), `g` the
  /// first. The reading under way is cancelled; the new store is handed over
  /// once read, with where the selection goes (``LoadUpdate/landing``), the
  /// old shown until then. Nothing happens for another source.
  public func moveWindow(_ start: WindowStart) -> LoadUpdate {
    // Keys pressed again while the same move reads (Page Up held at the window's top): one reading.
    guard pagesByKeys, !(isMovingWindow && windowStart == start), let moved = source.starting(at: start) else { return LoadUpdate() }
    source = moved
    let previous = window
    var update = restart(pages: { if case .before = start { 2 } else { 1 } }(), with: moved)
    windowStart = start
    previousWindow = previous
    droppedRows = 0
    isMovingWindow = true
    update.loading = loadingState()
    return update
  }

  /// Lets go of the rows above the last pages of a window grown past
  /// ``windowRows``: the window is read again after the page end before them.
  func trimWindow() -> LoadUpdate? {
    guard let window, window.count > windowRows, let trim = window.trimmed(keepingPages: Self.keptPages),
      let moved = source.starting(at: trim.start)
    else { return nil }
    source = moved
    var update = restart(pages: Self.keptPages, with: moved)
    windowStart = trim.start
    previousWindow = window
    droppedRows = trim.dropped
    isMovingWindow = true
    update.loading = loadingState()
    return update
  }
}
