import WaterfallLayout
import WaterfallView

/// The browser's answers to events: a key is looked up in the mode's
/// ``KeyTable`` (``KeyBindings``) and its ``KeyCommand`` carried out here. This
/// is the one place that decides what a key does; the parts it calls
/// (``LayoutCoordinator``, ``ShownPipeline``, ``DetailsView``) decide how.
extension Browser {
  /// Handles one event; `time` (milliseconds, any origin) tells a double click.
  public func handle(_ event: InputEvent, time: UInt64 = 0) -> BrowserAction {
    // The terminal's answers are the terminal app's (``PixelLayers``), not the user's.
    if case .answer = event { return .none }
    lastTime = time
    let query = filter
    // Any key but a pull lets go of a pull: past the threshold, that refreshes.
    var refresh = false
    if case .pulling = pull.state {
      var pulls = false
      switch event {
      case .key(let key): pulls = mode == .browsing && KeyBindings.browsing.command(for: key) == .up
      case .mouse(let mouse): pulls = mouse.action == .wheelUp
      case .resize, .answer: pulls = true
      case .paste: pulls = false
      }
      if !pulls {
        refresh = pull.release(now: time)
        updateCardsFrame()
      }
    }
    let action = dispatch(event, time: time)
    noteActivity(queryBefore: query)
    cards.followSelectionWithWindow()
    if refresh, case .none = action { return .reload }
    return action
  }

  /// Whether scrolling up now pulls the refresh header: the cards are at their
  /// top and scroll down (the circle never scrolls, sideways flows have no top).
  var canPull: Bool {
    !cards.view.isHorizontal && options.layout != .circle && cards.view.contentOffset == 0 && mode == .browsing
  }

  private func dispatch(_ event: InputEvent, time: UInt64) -> BrowserAction {
    switch event {
    case .resize(let newSize):
      resize(to: newSize)
      return .none
    case .answer:
      return .none
    case .mouse(let mouse):
      cards.finishAnimation()
      return handleMouse(mouse, time: time)
    case .paste(let text):
      paste(text)
      return .none
    case .key(let key):
      let global = KeyBindings.global.command(for: key)
      switch global {
      case .repaint: return .repaint
      case .interrupt: return .quit(130)
      default: break
      }
      cards.finishAnimation()
      return carryOut(global ?? KeyBindings.table(for: mode).command(for: key), key: key)
    }
  }

  /// Pasted text goes to the search whole, one search for all of it, its line
  /// ends and other controls as spaces: on the cards it opens the search with
  /// it; elsewhere (details, help, the picker) it is dropped. Never keys.
  func paste(_ text: String) {
    guard mode == .browsing || mode == .filtering else { return }
    let line = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? " " : $0 }))
    mode = .filtering
    applyFilter(filter + line)
  }

  /// Starts with `text` typed as the search (`--query`): the search runs and
  /// the search line stays open for more.
  public func typeQuery(_ text: String) {
    mode = .filtering
    applyFilter(text)
  }

  /// Carries out `command` as the mode does for a key bound to it: what a key
  /// bound with `--bind` does (``KeyMap``).
  public func perform(_ command: KeyCommand, time: UInt64 = 0) -> BrowserAction {
    lastTime = time
    let query = filter
    var refresh = false
    if case .pulling = pull.state, !(mode == .browsing && command == .up) {
      refresh = pull.release(now: time)
      updateCardsFrame()
    }
    cards.finishAnimation()
    let action = carryOut(command, key: nil)
    noteActivity(queryBefore: query)
    cards.followSelectionWithWindow()
    if refresh, case .none = action { return .reload }
    return action
  }

  /// Notes the user at the keys (``InputActivity``), for a key or a bound
  /// command just carried out: one that changed the query starts the search
  /// the user now waits for, and pauses all lanes but one only while its own
  /// frame is written; any other pauses them while keys come.
  private func noteActivity(queryBefore query: String) {
    if filter == query { configuration.inputActivity.noteInput() } else { configuration.inputActivity.noteEdit() }
  }

  /// `command` in the current mode; `key` is the key pressed, if one was.
  private func carryOut(_ command: KeyCommand?, key: Key?) -> BrowserAction {
    switch command {
    case .repaint: return .repaint
    case .interrupt: return .quit(130)
    case .accept:
      guard !showsOverlay, let item = mode == .details ? details?.item : selectedItem else { return .none }
      return printItem(item)
    default: break
    }
    if let command, mode != .help, handlePreview(command) { return .none }
    switch mode {
    case .browsing: return browse(command)
    case .filtering: return filtering(command, key: key)
    case .details: return details(command)
    case .help:
      help(command)
      return .none
    case .picking:
      picking(command, key: key)
      return .none
    case .counting:
      counting(command, key: key)
      return .none
    }
  }

  /// `--print`'s Enter: the marked items, in the order marked, or else `item`,
  /// each ended by ``Options/printTerminator`` but the last (the caller ends
  /// it), once their bytes are checked to be the ones read; otherwise the
  /// program ends with status 2 and ``printRefusal`` says why.
  func printItem(_ item: Int) -> BrowserAction {
    var bytes: [UInt8] = []
    for (n, chosen) in (marks.isEmpty ? [item] : marks.items).enumerated() {
      if store.changedSinceRead(chosen) {
        printRefusal = "\(store.path(at: chosen)): the file changed since it was read, so the item cannot be printed as it was; run again to read it anew"
        return .quit(2)
      }
      if n > 0 { bytes.append(options.printTerminator) }
      bytes += store.printed(at: chosen)
    }
    return .print(bytes)
  }

  /// Marks the selected card or unmarks it (`-m`), then moves `step` cards on
  /// in order (Tab 1, Shift-Tab -1, fzf's `toggle` 0).
  func toggleMark(moving step: Int) {
    guard let limit = options.multi else {
      notice = "-m marks items (multi-select)"
      return
    }
    guard let item = selectedItem else { return }
    if marks.toggle(item) {
      cards.view.reconfigureCells()
    } else {
      notice = "at most \(limit) marked (--multi=\(limit))"
    }
    if step != 0 { cards.view.moveSelection(toNeighborInOrder: step) }
  }

  /// Marks every card shown (fzf's `select-all`), as far as the limit allows;
  /// `false`: unmarks every item (`deselect-all`).
  func markAll(_ marking: Bool) {
    guard options.multi != nil else {
      notice = "-m marks items (multi-select)"
      return
    }
    if marking { marks.mark(cards.dataSource.shownItems) } else { marks.removeAll() }
    cards.view.reconfigureCells()
  }

  private func browse(_ command: KeyCommand?) -> BrowserAction {
    notice = nil
    let quitStatus: Int32 = options.printMode ? 1 : 0
    if goingToEnd, command != .last {
      // Any other key stops the run to the end (Esc does nothing else).
      stopGoingToEnd()
      if command == .back { return .none }
    }
    let view = cards.view
    switch command {
    case .up:
      let moved = cards.move(.up)
      if !moved, let before = window?.before {
        // Past the window's first row: the page before it.
        wantedWindowMove = before
      } else if !moved, canPull {
        pull.pull(now: lastTime)
        updateCardsFrame()
      }
    case .down: cards.move(.down)
    case .left where options.layout == .table: cards.moveTableColumn(by: -1)
    case .right where options.layout == .table: cards.moveTableColumn(by: 1)
    case .left: cards.move(.left)
    case .right: cards.move(.right)
    case .pageUp where atWindowTop: wantedWindowMove = window?.before
    case .halfPageUp where atWindowTop: wantedWindowMove = window?.before
    case .pageUp: view.moveSelection(byPages: -1)
    case .pageDown: view.moveSelection(byPages: 1)
    case .halfPageUp: view.moveSelection(byRows: -max(1, view.pageLength / 2))
    case .halfPageDown: view.moveSelection(byRows: max(1, view.pageLength / 2))
    case .first:
      view.selectFirstItem()
      // A window away from the start: the rows from the first again.
      if window?.atStart == false { wantedWindowMove = .first }
    case .last: goToEnd()
    case .scrollDown: cards.scrollAlong(by: 1, now: lastTime)
    case .scrollUp: cards.scrollAlong(by: -1, now: lastTime)
    case .open:
      guard let item = selectedItem else { return .none }
      if options.printMode { return printItem(item) }
      openDetails()
    case .back:
      if readingStops { return .stopReading }
      if filter.isEmpty { return options.escapeGoesBack ? .back : .quit(quitStatus) }
      applyFilter("")
    case .quit: return .quit(quitStatus)
    case .filter:
      mode = .filtering
      pipeline.prepareSearchTexts()
    case .moreColumns where options.layout == .table: cards.resizeTableColumn(by: 2)
    case .fewerColumns where options.layout == .table: cards.resizeTableColumn(by: -2)
    case .moreColumns: cards.setColumns(columns + 1)
    case .fewerColumns: cards.setColumns(columns - 1)
    case .nextLayout: cards.switchLayout(to: options.layout.next, large: options.largeCards)
    case .cardSize:
      // The grids have a size each; the waterfall's card size is its own, so
      // cycling through the grids never changes it.
      switch options.layout {
      case .grid: cards.switchLayout(to: .gridLarge, large: options.largeCards)
      case .gridLarge: cards.switchLayout(to: .grid, large: options.largeCards)
      case .waterfall, .list, .table, .line, .circle, .mosaic: cards.switchLayout(to: options.layout, large: !options.largeCards)
      }
    case .pickSort: openFieldPicker(for: .sort)
    case .reverseSort: pipeline.requestSort(pipeline.reversedSort)
    case .countValues: openFieldPicker(for: .counts)
    case .hide: hideSelected()
    case .unhide:
      if let item = pipeline.undoHide() { cards.reshowGrowing(pipeline.input, back: item) }
    case .reload: return .reload
    case .help:
      mode = .help
      helpScroll = 0
    case .toggleDetails:
      if selectedItem != nil { openDetails() }
    case .toggleMark: toggleMark(moving: 0)
    case .markAndNext: toggleMark(moving: 1)
    case .markAndPrevious: toggleMark(moving: -1)
    case .markAll: markAll(true)
    case .unmarkAll: markAll(false)
    default: break
    }
    return .none
  }

  /// Hides the selected card (`x`): from the view, never from the data. The card
  /// shrinks away while the cards after it slide to their new places; those
  /// before it keep theirs.
  private func hideSelected() {
    guard let item = selectedItem else { return }
    // The card after it takes the selection; after the last, the one before.
    let next = cards.shownItem(besideSelection: 1) ?? cards.shownItem(besideSelection: -1)
    if cards.animateHide(of: item, selecting: next) { return }
    pipeline.hide(item)
    cards.reshow(pipeline.input, selecting: next)
  }

  /// Searches for `text` (the filter): the cards keep showing what they
  /// showed until the first matches come.
  func applyFilter(_ text: String) {
    pipeline.search(text)
    cards.dataSource.highlight = pipeline.highlight
  }

  /// The `?` screen's keys: scrolling, and closing on `?`, Esc or q only.
  private func help(_ command: KeyCommand?) {
    let overlay = helpOverlay
    let page = max(1, overlay.inside(overlay.rect(for: size), size: size).height - 1)
    let maximum = overlay.maximumScroll(for: size)
    switch command {
    case .close: mode = .browsing
    case .up: helpScroll -= 1
    case .down: helpScroll += 1
    case .pageUp: helpScroll -= page
    case .pageDown: helpScroll += page
    case .first: helpScroll = 0
    case .last: helpScroll = maximum
    default: break
    }
    helpScroll = min(max(0, helpScroll), maximum)
  }

  /// The field picker's keys: typing narrows the fields, ↑ ↓ choose, Enter
  /// sorts by the field (or counts its values), `S` sorts the other way round.
  private func picking(_ command: KeyCommand?, key: Key?) {
    guard var open = picker else {
      mode = .browsing
      return
    }
    notice = nil
    switch command {
    case .pick where open.isSurveying:
      open.pickWhenSurveyed = false
    case .reverseSort where open.purpose == .sort && open.isSurveying:
      open.pickWhenSurveyed = true
    case .pick:
      pickField()
      return
    case .reverseSort where open.purpose == .sort:
      pickField(descending: true)
      return
    case .close:
      closeFieldPicker()
      return
    case .reverseSort:
      // `S` in the counts picker is a letter of a field's name.
      _ = open.answer(.type, key: key, in: size)
    default:
      _ = open.answer(command, key: key, in: size)
    }
    picker = open
  }

  /// The frequency sheet's keys: typing narrows the values, ↑ ↓ choose, Enter
  /// filters the cards to the value, Esc goes back to the fields.
  private func counting(_ command: KeyCommand?, key: Key?) {
    guard var open = sheet else {
      mode = picker == nil ? .browsing : .picking
      return
    }
    notice = nil
    switch command {
    case .pick:
      filterToSelectedValue()
      return
    case .close:
      closeSheet()
      return
    default:
      _ = open.answer(command, key: key, in: size)
    }
    sheet = open
  }

  /// `G`: the last card, of every page: when pages remain to load, the browser
  /// asks for them (``isGoingToEnd``) and follows the end as they come, until
  /// the last one is in or a key stops it.
  func goToEnd() {
    cards.view.selectLastItem()
    // A paged source's rows far from their end: the last page, read backward.
    if let window, window.isFarFromEnd(Self.windowJumpRows), searchesOrSortsNothingHere {
      wantedWindowMove = .last
      notice = "reading the last rows · Esc stops"
      return
    }
    if case .loading = loading {
      goingToEnd = true
      notice = "going to the end · Esc stops"
    }
  }

  /// Whether the first card of a window with rows above it is selected: a
  /// key up reads the page above (``RowWindow/before``).
  var atWindowTop: Bool {
    window?.before != nil && cards.view.selectedIndexPath.map(cards.dataSource.position(of:)) == 0
  }

  /// How many rows past the window's end `G` reads on to rather than read
  /// the last page: a few pages.
  static let windowJumpRows = 2_000

  /// Whether the cards are the source's rows as it gives them (it searches
  /// and sorts, or nothing is searched or sorted here): a window of them then
  /// stands for all.
  var searchesOrSortsNothingHere: Bool {
    searchesAtSource || (filter.isEmpty && sortOrder == nil && shown.hidden.isEmpty)
  }

  /// Stops going to the end; the selection stays where it is.
  func stopGoingToEnd() {
    goingToEnd = false
    notice = "stopped at \(store.count) items"
  }
  private func filtering(_ command: KeyCommand?, key: Key?) -> BrowserAction {
    switch command {
    case .keepFilter:
      // A picker picks the selected match at once, as fzf does (and, shown
      // again, as the table picker is, has its search kept and closed).
      mode = .browsing
      if options.printMode, let item = selectedItem { return printItem(item) }
    case .clearFilter:
      mode = .browsing
      applyFilter("")
    case .deleteBackward:
      if !filter.isEmpty { applyFilter(String(filter.dropLast())) }
    case .emptyFilter: applyFilter("")
    case .type:
      if case .character(let c) = key { applyFilter(filter + String(c)) }
    case .browse:
      mode = .browsing
      return browse(key.flatMap(KeyBindings.browsing.command(for:)))
    case .some(let other):
      // A command bound with --bind: back to the cards, doing it there.
      mode = .browsing
      return browse(other)
    case nil: break
    }
    return .none
  }

  private func details(_ command: KeyCommand?) -> BrowserAction {
    guard var details else {
      mode = .browsing
      return .none
    }
    notice = nil
    switch details.handle(command, in: detailsRect) {
    case .stay:
      self.details = details
    case .close:
      self.details = nil
      mode = .browsing
    case .notice(let text):
      self.details = details
      notice = text
    case .copy:
      return .copy(store.json(at: details.item))
    case .step(let step):
      let view = cards.view
      let moved: Bool
      switch step {
      case .left: moved = view.moveSelection(.left)
      case .right: moved = view.moveSelection(.right)
      default: moved = view.moveSelection(toNeighborInOrder: step == .nextItem ? 1 : -1)
      }
      guard moved, let item = selectedItem, item != details.item else {
        notice = step == .previousItem || step == .left ? "the first item" : "the last item"
        return .none
      }
      openDetails(keepingPictureFull: details.pictureFull)
    }
    return .none
  }

  private func handleMouse(_ mouse: MouseEvent, time: UInt64) -> BrowserAction {
    if previewMouse(mouse) { return .none }
    switch (mode, mouse.action) {
    case (.details, .wheelUp), (.details, .wheelDown):
      details?.scroll(by: mouse.action == .wheelUp ? -3 : 3, in: detailsRect)
    case (.details, .press):
      details?.moveCursor(toScreenRow: mouse.position.y, in: detailsRect)
    case (.help, .wheelUp), (.help, .wheelDown):
      help(mouse.action == .wheelUp ? .up : .down)
    case (.picking, .wheelUp), (.picking, .wheelDown):
      picking(mouse.action == .wheelUp ? .up : .down, key: nil)
    case (.counting, .wheelUp), (.counting, .wheelDown):
      counting(mouse.action == .wheelUp ? .up : .down, key: nil)
    case (.browsing, .wheelUp), (.filtering, .wheelUp):
      if cards.view.contentOffset == 0, let before = window?.before {
        // At a moved window's top: the page above it, as `k` there reads it.
        wantedWindowMove = before
      } else if canPull {
        pull.pull(now: time)
        updateCardsFrame()
      } else {
        cards.scrollAlong(by: -3, now: time)
      }
    case (.browsing, .wheelDown), (.filtering, .wheelDown):
      cards.scrollAlong(by: 3, now: time)
    case (.browsing, .press), (.filtering, .press):
      mode = .browsing
      let view = cards.view
      guard let point = view.contentPoint(fromScreen: mouse.position), let indexPath = view.indexPathForItem(at: point) else {
        return .none
      }
      let isDouble = lastPress.map { $0.item == indexPath && time &- $0.time <= Self.doubleClickMilliseconds } ?? false
      view.selectItem(at: indexPath)
      lastPress = (indexPath, time)
      if isDouble {
        lastPress = nil
        if options.printMode, let item = selectedItem { return printItem(item) }
        openDetails()
      }
    default:
      break
    }
    return .none
  }

  /// Brings a scrolled carousel to rest with the card nearest the middle in the
  /// middle, selected (animated). Nothing for other layouts.
  public func comeToRest() { cards.comeToRest() }

  /// Gives the cards room for the pull-to-refresh header as it grows and shrinks.
  func updateCardsFrame() {
    cards.headerRows = pull.rows
    cards.updateCardsFrame()
  }

  /// Moves the pull-to-refresh header and the carousel's rest on to time `now`
  /// (milliseconds); returns ``BrowserAction/reload`` when a pull was let go past
  /// its threshold.
  public func tick(now: UInt64) -> BrowserAction {
    lastTime = now
    let refresh = pull.tick(now: now)
    updateCardsFrame()
    if let deadline = cards.snapDeadline, now >= deadline { cards.comeToRest() }
    return refresh ? .reload : .none
  }

  /// How soon ``tick(now:)`` has something to do, in milliseconds; nil: nothing.
  public var tickInterval: Int? {
    [pull.tickInterval, cards.snapDeadline.map { _ in 30 }].compactMap { $0 }.min()
  }
}
