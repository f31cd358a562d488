import Foundation
import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
import WaterfallWorkers

@testable import WaterfallApp

/// The preview panel: drawn as text, following the selection with quoted
/// command lines, scrolled and toggled by keys, `--bind` actions and the
/// wheel, the cards laid out beside it at any scale, and the running command
/// interrupted when the selection moves on (issue 27).
@Suite struct PreviewPanelTests {
  // MARK: Drawing

  /// A panel whose command wrote `text` (and exited with `status`), stepped to the end.
  static func panel(
    _ text: String, window: PreviewWindow = PreviewWindow(), status: Int32 = 0, lineLimit: Int = 10_000
  ) throws -> PreviewPanel {
    let panel = PreviewPanel(options: PreviewOptions(command: try CommandTemplate(parsing: "cat"), window: window), workers: .stepped)
    panel.lineLimit = lineLimit
    let launcher = ScriptedLauncher { _ in [.bytes(Array(text.utf8)), .end] }
    panel.attach(launcher: StatusLauncher(base: launcher, status: status), baseDirectory: ".")
    panel.show("cat")
    panel.worker.runPending()
    panel.take()
    return panel
  }

  /// `panel` drawn into a `size` screen filling it, as lines without trailing spaces.
  static func drawn(_ panel: PreviewPanel, _ size: Size) -> [String] {
    let screen = CellBuffer(width: size.width, height: size.height)
    panel.draw(in: screen, rect: Rect(origin: .zero, size: size), theme: .unicode)
    return screen.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  @Test func drawsTheLinesBesideASeparatorWithWhereTheyStand() throws {
    let panel = try Self.panel((1...8).map { "line \($0)\n" }.joined())
    #expect(Self.drawn(panel, Size(width: 20, height: 5)) == [
      "│ line 1        1/8",
      "│ line 2",
      "│ line 3",
      "│ line 4",
      "│ line 5",
    ])
    panel.scroll(by: 10, in: Rect(x: 0, y: 0, width: 20, height: 5))
    #expect(panel.scroll == 3, "no further than the last line at the bottom")
    #expect(Self.drawn(panel, Size(width: 20, height: 5)) == [
      "│ line 4        4/8",
      "│ line 5",
      "│ line 6",
      "│ line 7",
      "│ line 8",
    ])
  }

  @Test func longLinesAreClippedOrWrapped() throws {
    let text = "abcdefghijklmnopq\nxyz\n"
    let clipped = try Self.panel(text, window: PreviewWindow(side: .down))
    #expect(Self.drawn(clipped, Size(width: 12, height: 4)) == ["────────────", " abcdefghijk", " xyz", ""])
    let wrapped = try Self.panel(text, window: PreviewWindow(side: .down, wrap: true))
    #expect(Self.drawn(wrapped, Size(width: 12, height: 4)) == ["────────────", " abcdefghijk", " lmnopq", " xyz"])
    let left = try Self.panel("价格价格价格\n", window: PreviewWindow(side: .left, wrap: true))
    #expect(Self.drawn(left, Size(width: 9, height: 3)) == ["价格价  │", "格价格  │", "        │"], "a wide glyph never split")
    let up = try Self.panel("top\n", window: PreviewWindow(side: .up))
    #expect(Self.drawn(up, Size(width: 6, height: 3)) == [" top", "", "──────"])
  }

  @Test func wrappedTextScrollsByLinesAndPages() throws {
    let text = (1...6).map { "line \($0) is long\n" }.joined()
    let panel = try Self.panel(text, window: PreviewWindow(side: .down, wrap: true))
    let rect = Rect(x: 0, y: 0, width: 10, height: 5)  // 4 rows of 9 columns: each line takes 2
    #expect(panel.maximumScroll(in: panel.textRect(in: rect)) == 4)
    panel.scroll(pages: 1, in: rect)
    #expect(panel.scroll == 2)
    panel.scroll(pages: 1, in: rect)
    #expect(panel.scroll == 4)
    panel.scroll(pages: -1, in: rect)
    #expect(panel.scroll == 2)
  }

  @Test func aCutOutputAndAFailedCommandSaySo() throws {
    let cut = try Self.panel((1...5).map { "\($0)\n" }.joined(), lineLimit: 3)
    #expect(Self.drawn(cut, Size(width: 24, height: 5)) == ["│ 1", "│ 2", "│ 3", "│ [cut at 3 lines]", "│"])
    let failed = try Self.panel("no such file\n", status: 2)
    #expect(Self.drawn(failed, Size(width: 30, height: 2)) == ["│ no such file         exit 2", "│"])
    let panel = PreviewPanel(options: PreviewOptions(command: try CommandTemplate(parsing: "x")), workers: .stepped)
    panel.attach(launcher: NoShell(), baseDirectory: ".")
    panel.show("x")
    panel.worker.runPending()
    panel.take()
    #expect(Self.drawn(panel, Size(width: 36, height: 2)) == ["│ [/bin/sh could not be started]", "│"])
  }

  @Test func theLastItemsLinesStayDimUntilTheNextCommandSaysSomething() throws {
    let panel = try Self.panel("old\n")
    panel.show("cat again")
    let screen = CellBuffer(width: 10, height: 2)
    panel.draw(in: screen, rect: Rect(x: 0, y: 0, width: 10, height: 2), theme: .unicode)
    #expect(screen.line(0).hasPrefix("│ old"))
    #expect(screen.style(x: 2, y: 0).attributes.contains(.dim))
    panel.worker.runPending()
    panel.take()
    panel.draw(in: screen, rect: Rect(x: 0, y: 0, width: 10, height: 2), theme: .unicode)
    #expect(!screen.style(x: 2, y: 0).attributes.contains(.dim))
  }

  @Test func coloursAreDrawnAsStyles() throws {
    let panel = try Self.panel("\u{1B}[31mred\u{1B}[0m \u{1B}[1mbold\u{1B}[0m\n")
    let screen = CellBuffer(width: 14, height: 1)
    panel.draw(in: screen, rect: Rect(x: 0, y: 0, width: 14, height: 1), theme: .unicode)
    #expect(screen.line(0) == "│ red bold    ")
    #expect(screen.style(x: 2, y: 0).foreground == .red)
    #expect(screen.style(x: 6, y: 0).attributes.contains(.bold))
    #expect(screen.style(x: 5, y: 0).foreground != .red)
  }

  // MARK: In the browser

  static func store(titles: [String]) -> ItemStore {
    let store = ItemStore(roles: FieldRoles())
    let items = titles.enumerated().map { index, title in
      let data = try! JSONSerialization.data(withJSONObject: ["id": index, "title": title, "description": "Item \(index)"])
      return String(decoding: data, as: UTF8.self)
    }
    let page = PageParser.parse(Array(("[" + items.joined(separator: ",") + "]").utf8), path: "t.json")
    store.append(page.items, toPage: store.addMemoryPage(path: "t.json"))
    return store
  }

  /// A stepped browser of `store` with `--preview command`, its commands run by `launcher`.
  static func browser(
    _ store: ItemStore = BrowserTests.store(), command: String = "echo {title}", window: PreviewWindow = PreviewWindow(),
    launcher: ScriptedLauncher = .writing { "ran \($0)\n" }, size: Size = Size(width: 80, height: 24)
  ) throws -> Browser {
    var options = Browser.Options()
    options.preview = PreviewOptions(command: try CommandTemplate(parsing: command), window: window)
    let browser = Fixture.browser(store, options: options, size: size)
    browser.attachPreview(launcher: launcher, baseDirectory: ".")
    browser.runPendingWork()
    return browser
  }

  static func title(_ b: Browser) -> String { b.store.value(at: b.selectedItem!)["title"]?.text ?? "" }

  @Test func thePanelShowsTheSelectedItemsOutputBesideTheCards() throws {
    let launcher = ScriptedLauncher.writing { "ran \($0)\n" }
    let b = try Self.browser(launcher: launcher)
    #expect(b.collectionView.frame == Rect(x: 0, y: 0, width: 40, height: 23))
    #expect(launcher.lines == ["echo 'Mug 0'"])
    let buffer = CellBuffer(width: 80, height: 24)
    b.draw(in: buffer)
    #expect(buffer.line(0).dropFirst(40).hasPrefix("│ ran echo 'Mug 0'"))
    #expect(buffer.line(22).dropFirst(40).hasPrefix("│"))
    _ = b.handle(.key(.down))
    b.runPendingWork()
    #expect(launcher.lines.last == "echo \(ShellQuoting.quoted(Self.title(b)))")
    #expect(Self.title(b) != "Mug 0")
    b.draw(in: buffer)
    #expect(buffer.line(0).dropFirst(40).hasPrefix("│ ran echo '\(Self.title(b))'"))
  }

  @Test func aHostileTitleReachesTheCommandAsOneLiteralWord() throws {
    let title = "it's $(touch x) `id` \"q\"\nnext"
    let launcher = ScriptedLauncher.writing { _ in "" }
    _ = try Self.browser(Self.store(titles: [title]), command: "printf %s {title} \"{title}\"", launcher: launcher)
    let word = "'it'\\''s $(touch x) `id` \"q\"\nnext'"
    #expect(launcher.lines == ["printf %s \(word) \"\"\(word)\"\""])
  }

  @Test func keysHeldDownStartOneCommandForWhereTheyStop() throws {
    let launcher = ScriptedLauncher.writing { "ran \($0)\n" }
    let b = try Self.browser(launcher: launcher)
    for _ in 0..<5 {
      _ = b.handle(.key(.down))
      b.updatePreview()  // a frame after each key
    }
    b.runPendingWork()
    #expect(launcher.lines == ["echo 'Mug 0'", "echo \(ShellQuoting.quoted(Self.title(b)))"])
  }

  @Test func theSearchAndTheMarksRunTheCommandAgainWhenItNamesThem() throws {
    let launcher = ScriptedLauncher.writing { "ran \($0)\n" }
    let b = try Self.browser(command: "echo {q}", launcher: launcher)
    #expect(launcher.lines == ["echo ''"])
    b.typeQuery("mug")
    b.runPendingWork()
    #expect(launcher.lines.last == "echo 'mug'")
    let titles = try Self.browser(launcher: launcher)
    let before = launcher.lines.count
    titles.typeQuery("lamp")
    titles.runPendingWork()
    #expect(launcher.lines.count == before + 1, "only because the selection moved to the first lamp")
  }

  @Test func keysAndTheWheelScrollThePanel() throws {
    let lines = ScriptedLauncher.writing { _ in (1...100).map { "\($0)\n" }.joined() }
    let b = try Self.browser(launcher: lines)
    let preview = try #require(b.preview)
    _ = b.handle(.mouse(MouseEvent(action: .wheelDown, position: Point(x: 60, y: 5))))
    #expect(preview.scroll == 3)
    _ = b.handle(.mouse(MouseEvent(action: .wheelDown, position: Point(x: 10, y: 5))))
    #expect(preview.scroll == 3, "the wheel over the cards scrolls the cards")
    _ = b.handle(.key(.shiftDown))
    #expect(preview.scroll == 4)
    _ = b.handle(.key(.shiftUp))
    _ = b.handle(.key(.shiftUp))
    #expect(preview.scroll == 2)
    _ = b.perform(.previewPageDown)
    #expect(preview.scroll == 24)
    _ = b.perform(.previewBottom)
    #expect(preview.scroll == 100 - 23)
    _ = b.perform(.previewHalfPageUp)
    #expect(preview.scroll == 100 - 23 - 11)
    _ = b.perform(.previewTop)
    #expect(preview.scroll == 0)
    _ = b.handle(.mouse(MouseEvent(action: .press, position: Point(x: 60, y: 5))))
    #expect(b.selectedItem == 0, "a click on the panel selects no card")
    _ = b.handle(.key(.character("/")))
    _ = b.handle(.key(.shiftDown))
    #expect(preview.scroll == 1, "also while searching")
    #expect(b.mode == .filtering)
  }

  @Test func toggleGivesTheCardsTheWholeWidthAndBack() throws {
    let launcher = ScriptedLauncher.writing { "ran \($0)\n" }
    let b = try Self.browser(launcher: launcher)
    let preview = try #require(b.preview)
    _ = b.handle(.key(.control("\u{7F}")))  // Ctrl-/
    b.runPendingWork()
    #expect(!preview.isOpen)
    #expect(b.collectionView.frame.width == 80)
    #expect(launcher.lines.count == 1)
    _ = b.perform(.togglePreview)
    b.runPendingWork()
    #expect(b.collectionView.frame.width == 40)
    #expect(launcher.lines.count == 2, "run again for the selection")
    _ = b.perform(.hidePreview)
    _ = b.perform(.hidePreview)
    #expect(!preview.isOpen)
    _ = b.perform(.showPreview)
    #expect(preview.isOpen)
    b.runPendingWork()
    #expect(launcher.lines.count == 3)
    _ = b.perform(.refreshPreview)
    b.runPendingWork()
    #expect(launcher.lines.count == 4, "refresh-preview runs it again")
    #expect(Set(launcher.lines) == ["echo 'Mug 0'"])
  }

  @Test func hiddenStartsClosedAndTheDetailsGoBesideThePanel() throws {
    let launcher = ScriptedLauncher.writing { "ran \($0)\n" }
    let b = try Self.browser(window: PreviewWindow(side: .left, hidden: true), launcher: launcher)
    #expect(launcher.lines.isEmpty)
    #expect(b.collectionView.frame.width == 80)
    _ = b.perform(.togglePreview)
    b.runPendingWork()
    #expect(b.collectionView.frame == Rect(x: 40, y: 0, width: 40, height: 23))
    _ = b.handle(.key(.enter))
    #expect(b.mode == .details)
    #expect(b.detailsRect == Rect(x: 40, y: 0, width: 40, height: 23))
    let buffer = CellBuffer(width: 80, height: 24)
    b.draw(in: buffer)
    #expect(buffer.line(0).hasPrefix("ran echo 'Mug 0'"))
    #expect(Array(buffer.line(0))[39] == "│")
  }

  @Test func withoutAPreviewItsKeysSaySo() {
    let b = Browser(store: BrowserTests.store(), options: Browser.Options(), size: Size(width: 80, height: 24))
    _ = b.perform(.togglePreview)
    #expect(b.notice?.hasPrefix("--preview CMD") == true)
    #expect(b.collectionView.frame.width == 80)
  }

  @Test func aBrowserWithSynchronousWorkersRunsNoCommand() throws {
    var options = Browser.Options()
    options.preview = PreviewOptions(command: try CommandTemplate(parsing: "echo {title}"))
    let b = Browser(store: BrowserTests.store(), options: options, size: Size(width: 80, height: 24))
    b.attachPreview(launcher: ScriptedLauncher.writing { _ in "never\n" }, baseDirectory: ".")
    b.updatePreview()
    let buffer = CellBuffer(width: 80, height: 24)
    b.draw(in: buffer)
    #expect(!buffer.lines.joined().contains("never"), "synchronous workers: no command holds the thread that draws")
    #expect(b.collectionView.frame.width == 40, "the room is kept")
  }

  static let kinds: [LayoutKind] = [.waterfall, .grid, .list, .mosaic, .table]

  @Test(arguments: kinds) func cardsLaidOutAtScaleStayBesideThePanel(_ kind: LayoutKind) throws {
    var options = Browser.Options()
    options.layout = kind
    options.preview = PreviewOptions(command: try CommandTemplate(parsing: "echo {}"), window: PreviewWindow(extent: .cells(30)))
    let b = Fixture.browser(Fixture.store(3_000), options: options, size: Fixture.size, threshold: 1_000)
    b.attachPreview(launcher: ScriptedLauncher.writing { _ in "x\n" }, baseDirectory: ".")
    b.runPendingWork()
    #expect(b.collectionView.frame.width == 90)
    let widest = { Fixture.frames(b).compactMap { $0?.maxX }.max() ?? 0 }
    if kind != .table { #expect(widest() <= 90) }
    _ = b.perform(.togglePreview)
    b.runPendingWork()
    #expect(b.collectionView.frame.width == 120)
    if kind != .table { #expect(widest() > 90, "the cards take the room back") }
    b.resize(to: Size(width: 100, height: 30))
    _ = b.perform(.togglePreview)
    b.runPendingWork()
    #expect(b.collectionView.frame.width == 70)
    if kind != .table { #expect(widest() <= 70) }
  }

  // MARK: Interrupted when the selection moves on

  /// A panel whose jobs run on a thread of their own, starting at once.
  static func livePanel(_ launcher: ScriptedLauncher) throws -> PreviewPanel {
    let panel = PreviewPanel(options: PreviewOptions(command: try CommandTemplate(parsing: "cat {}")), workers: .background(wake: {}))
    panel.debounce = .zero
    panel.attach(launcher: launcher, baseDirectory: ".")
    return panel
  }

  @Test func movingOnInterruptsTheRunningCommandAndDropsWhatItStillWrites() throws {
    let launcher = ScriptedLauncher()  // each command writes what the test feeds it
    let panel = try Self.livePanel(launcher)
    panel.show("first")
    eventually("the first command to start") { launcher.started.count == 1 }
    let first = launcher.started[0]
    first.lastWords = Array("dying words\n".utf8)
    first.feed(.bytes(Array("one\n".utf8)))
    eventually("its first line") {
      panel.take()
      return panel.content.allLines.map(\.text) == ["one"]
    }
    panel.show("second")
    // Stopped at once: interrupted by the thread that moved the selection, or,
    // when its job saw the move first, already finished by that job unawaited.
    #expect(first.interrupted || first.finished == false, "stopped at once")
    eventually("the first finished and the second started") { first.finished != nil && launcher.started.count == 2 }
    #expect(first.finished == false, "stopped, not ended")
    let second = launcher.started[1]
    #expect(!second.interrupted)
    second.feed(.bytes(Array("two\n".utf8)), .end)
    eventually("the second to end") {
      panel.take()
      return panel.content.state == .ended(0)
    }
    #expect(panel.content.allLines.map(\.text) == ["two"], "nothing the first wrote once interrupted")
    #expect(second.finished == true)
  }

  @Test func stopKillsTheRunningCommandAndStartsNoOther() throws {
    let launcher = ScriptedLauncher()
    let panel = try Self.livePanel(launcher)
    panel.show("endless")
    eventually("the command to start") { launcher.started.count == 1 }
    panel.stop()
    #expect(launcher.started[0].killed)
    panel.show("another")
    eventually("the first job to end") { launcher.started[0].finished != nil }
    #expect(launcher.started.count == 1)
  }
}

/// A launcher whose commands end with `status`.
struct StatusLauncher: PreviewLauncher {
  let base: ScriptedLauncher
  let status: Int32

  func start(_ line: String) -> (any PreviewCommand)? {
    let command = base.start(line) as? ScriptedPreview
    command?.status = status
    return command
  }
}

/// A launcher that can start nothing (no `/bin/sh`).
struct NoShell: PreviewLauncher {
  func start(_ line: String) -> (any PreviewCommand)? { nil }
}
