import WaterfallLayout
import WaterfallView

/// The browser's answers to events: a key is looked up in the mode's
/// ``KeyTable`` (``KeyBindings``) and its ``KeyCommand`` carried out here.
extension Browser {
  /// Handles one event; `time` (milliseconds, any origin) tells a double click.
  public func handle(_ event: InputEvent, time: UInt64 = 0) -> BrowserAction {
    lastTime = time
    inputActivity.noteInput()
    // Any key but a pull lets go of a pull: past the threshold, that refreshes.
    var refresh = false
    if case .pulling = pull.state {
      var pulls = false
      switch event {
      case .key(let key): pulls = mode == .browsing && KeyBindings.browsing.command(for: key) == .up
      case .mouse(let mouse): pulls = mouse.action == .wheelUp
      case .resize: pulls = true
      }
      if !pulls {
        refresh = pull.release(now: time)
        updateCardsFrame()
      }
    }
    let action = dispatch(event, time: time)
    followSelectionWithWindow()
    if refresh, case .none = action { return .reload }
    return action
  }

  /// Whether scrolling up now pulls the refresh header: the cards are at their
  /// top and scroll down (the circle never scrolls, sideways flows have no top).
  var canPull: Bool {
    !view.isHorizontal && options.layout != .circle && view.contentOffset == 0 && mode == .browsing
  }

  private func dispatch(_ event: InputEvent, time: UInt64) -> BrowserAction {
    switch event {
    case .resize(let newSize):
      resize(to: newSize)
      return .none
    case .mouse(let mouse):
      finishAnimation()
      return handleMouse(mouse, time: time)
    case .key(let key):
      switch KeyBindings.global.command(for: key) {
      case .repaint: return .repaint
      case .interrupt: return .quit(130)
      default: break
      }
      finishAnimation()
      let command = KeyBindings.table(for: mode).command(for: key)
      switch mode {
      case .browsing: return browse(command)
      case .filtering: return filtering(command, key: key)
      case .details: return details(command)
      case .help:
        help(command)
        return .none
      }
    }
  }

  /// `--print`'s Enter: the item's bytes, once they are checked to be the ones
  /// read; otherwise the program ends with status 2 and ``printRefusal`` says why.
  func printItem(_ item: Int) -> BrowserAction {
    let bytes = store.printed(at: item)
    if store.changedSinceRead(item) {
      printRefusal = "\(store.path(at: item)): the file changed since it was read, so the item cannot be printed as it was; run again to read it anew"
      return .quit(2)
    }
    return .print(bytes)
  }

  private func browse(_ command: KeyCommand?) -> BrowserAction {
    notice = nil
    let quitStatus: Int32 = options.printMode ? 1 : 0
    if goingToEnd, command != .last {
      // Any other key stops the run to the end (Esc does nothing else).
      stopGoingToEnd()
      if command == .back { return .none }
    }
    switch command {
    case .up:
      if !move(.up), canPull {
        pull.pull(now: lastTime)
        updateCardsFrame()
      }
    case .down: move(.down)
    case .left where options.layout == .table: moveTableColumn(by: -1)
    case .right where options.layout == .table: moveTableColumn(by: 1)
    case .left: move(.left)
    case .right: move(.right)
    case .pageUp: view.moveSelection(byPages: -1)
    case .pageDown: view.moveSelection(byPages: 1)
    case .halfPageUp: view.moveSelection(byRows: -max(1, view.pageLength / 2))
    case .halfPageDown: view.moveSelection(byRows: max(1, view.pageLength / 2))
    case .first: view.selectFirstItem()
    case .last: goToEnd()
    case .scrollDown: scrollAlong(by: 1)
    case .scrollUp: scrollAlong(by: -1)
    case .open:
      guard let item = selectedItem else { return .none }
      if options.printMode { return printItem(item) }
      openDetails()
    case .back:
      if filter.isEmpty { return .quit(quitStatus) }
      applyFilter("")
    case .quit: return .quit(quitStatus)
    case .filter: mode = .filtering
    case .moreColumns where options.layout == .table: resizeTableColumn(by: 2)
    case .fewerColumns where options.layout == .table: resizeTableColumn(by: -2)
    case .moreColumns: setColumns(columns + 1)
    case .fewerColumns: setColumns(columns - 1)
    case .nextLayout: switchLayout(to: options.layout.next, large: options.largeCards)
    case .cardSize:
      // The grids have a size each; the waterfall's card size is its own, so
      // cycling through the grids never changes it.
      switch options.layout {
      case .grid: switchLayout(to: .gridLarge, large: options.largeCards)
      case .gridLarge: switchLayout(to: .grid, large: options.largeCards)
      case .waterfall, .list, .table, .line, .circle, .mosaic: switchLayout(to: options.layout, large: !options.largeCards)
      }
    case .nextSort: sortByNextField()
    case .reverseSort: reverseSort()
    case .hide: hideSelected()
    case .unhide: undoHide()
    case .reload: return .reload
    case .help:
      mode = .help
      helpScroll = 0
    default: break
    }
    return .none
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

  /// `G`: the last card, of every page: when pages remain to load, the browser
  /// asks for them (``isGoingToEnd``) and follows the end as they come, until
  /// the last one is in or a key stops it.
  func goToEnd() {
    view.selectLastItem()
    if case .loading = loading {
      goingToEnd = true
      notice = "going to the end · Esc stops"
    }
  }

  /// Stops going to the end; the selection stays where it is.
  func stopGoingToEnd() {
    goingToEnd = false
    notice = "stopped at \(store.count) items"
  }
  private func filtering(_ command: KeyCommand?, key: Key) -> BrowserAction {
    switch command {
    case .keepFilter:
      // A picker picks the selected match at once, as fzf does.
      if options.printMode, let item = selectedItem { return .print(store.printed(at: item)) }
      mode = .browsing
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
      return browse(KeyBindings.browsing.command(for: key))
    default: break
    }
    return .none
  }

  private func details(_ command: KeyCommand?) -> BrowserAction {
    guard var details else {
      mode = .browsing
      return .none
    }
    notice = nil
    let rect = detailsRect
    let page = max(1, DetailsView.inside(rect).height - 1)
    switch command {
    case .close:
      self.details = nil
      mode = .browsing
      return .none
    case .up: details.moveCursor(by: -1, in: rect)
    case .down: details.moveCursor(by: 1, in: rect)
    case .pageUp: details.scroll(by: -page, in: rect)
    case .pageDown: details.scroll(by: page, in: rect)
    case .halfPageUp: details.scroll(by: -max(1, page / 2), in: rect)
    case .halfPageDown: details.scroll(by: max(1, page / 2), in: rect)
    case .first:
      details.moveCursor(to: 0, in: rect)
      details.scroll(by: Int.min / 2, in: rect)
    case .last:
      details.scroll(by: Int.max / 2, in: rect)
      details.moveCursor(to: details.rows.count - 1, in: rect)
      details.scroll(by: Int.max / 2, in: rect)
    case .toggleFold, .fold, .unfold:
      if let command { details.fold(command, in: rect) }
    case .togglePicture:
      if details.hasPicture {
        details.pictureFull.toggle()
        details.scroll(by: 0, in: rect)
      } else {
        notice = "no picture"
      }
    case .nextItem, .previousItem, .left, .right:
      let moved: Bool
      switch command {
      case .left: moved = view.moveSelection(.left)
      case .right: moved = view.moveSelection(.right)
      default: moved = view.moveSelection(toNeighborInOrder: command == .nextItem ? 1 : -1)
      }
      guard moved, let item = selectedItem, item != details.item else {
        notice = command == .previousItem || command == .left ? "the first item" : "the last item"
        break
      }
      openDetails(keepingPictureFull: details.pictureFull)
      return .none
    case .copy:
      return .copy(store.json(at: details.item))
    default: break
    }
    self.details = details
    return .none
  }

  private func handleMouse(_ mouse: MouseEvent, time: UInt64) -> BrowserAction {
    switch (mode, mouse.action) {
    case (.details, .wheelUp), (.details, .wheelDown):
      details?.scroll(by: mouse.action == .wheelUp ? -3 : 3, in: detailsRect)
    case (.details, .press):
      details?.moveCursor(toScreenRow: mouse.position.y, in: detailsRect)
    case (.help, .wheelUp), (.help, .wheelDown):
      help(mouse.action == .wheelUp ? .up : .down)
    case (.browsing, .wheelUp), (.filtering, .wheelUp):
      if canPull {
        pull.pull(now: time)
        updateCardsFrame()
      } else {
        scrollAlong(by: -3)
      }
    case (.browsing, .wheelDown), (.filtering, .wheelDown):
      scrollAlong(by: 3)
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
        if options.printMode, let item = selectedItem { return printItem(item) }
        openDetails()
      }
    default:
      break
    }
    return .none
  }

  // MARK: What keys change

  /// Moves the selection one card; the carousel slides the card to the middle and
  /// the circle turns, animated. Returns whether the selection moved.
  @discardableResult
  private func move(_ direction: NavigationDirection) -> Bool {
    let before = view.scrollOffset
    let circle = view.layout as? CircleLayout
    let turnedFrom = circle?.snapshot()
    let moved = view.moveSelection(direction)
    guard options.animates, moved else { return moved }
    if let circle, let turnedFrom {
      let transition = TransitionLayout(from: turnedFrom, to: circle, fromOrigin: .zero, toOrigin: .zero)
      animator.begin(transition, target: circle)
      view.setLayout(transition, scrollOffset: .zero)
    } else if options.layout == .line, view.scrollOffset != before {
      animator.beginScroll(of: view.layout, from: before, to: view.scrollOffset)
      view.setScrollOffset(before)
    }
    return moved
  }

  /// Scrolls the cards by `steps` rows (columns, when they flow sideways) without
  /// moving the selection; the carousel then comes to rest on a card.
  private func scrollAlong(by steps: Int) {
    view.scroll(alongBy: steps)
    if options.layout == .line { snapDeadline = lastTime + Self.restMilliseconds }
  }

  /// How long after the last scroll the carousel comes to rest.
  static let restMilliseconds: UInt64 = 150

  /// Brings a scrolled carousel to rest with the card nearest the middle in the
  /// middle, selected (animated). Nothing for other layouts.
  public func comeToRest() {
    snapDeadline = nil
    guard let line = view.layout as? LineLayout else { return }
    let from = view.scrollOffset
    let target = view.restingOffset(forProposed: from)
    if let item = line.item(restingAt: target) { view.selectItem(at: item, scroll: false) }
    guard target != from else { return }
    if options.animates {
      animator.beginScroll(of: line, from: from, to: target)
    } else {
      view.setScrollOffset(target)
    }
  }

  /// Moves the pull-to-refresh header and the carousel's rest on to time `now`
  /// (milliseconds); returns ``BrowserAction/reload`` when a pull was let go past
  /// its threshold.
  public func tick(now: UInt64) -> BrowserAction {
    lastTime = now
    let refresh = pull.tick(now: now)
    updateCardsFrame()
    if let deadline = snapDeadline, now >= deadline { comeToRest() }
    return refresh ? .reload : .none
  }

  /// How soon ``tick(now:)`` has something to do, in milliseconds; nil: nothing.
  public var tickInterval: Int? {
    [pull.tickInterval, snapDeadline.map { _ in 30 }].compactMap { $0 }.min()
  }

  private func setColumns(_ count: Int) {
    let clamped = min(max(count, LayoutPolicy.columnRange.lowerBound), LayoutPolicy.columnRange.upperBound)
    guard clamped != columns || options.columns == nil else { return }
    policy.options.columns = clamped
    finishAnimation()
    relayoutCards()
    prefetchHeights()
  }
}
