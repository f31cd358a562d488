import Foundation
import Testing
import WaterfallWorkers
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// The key tables, and the README's key table made from them.
@Suite struct KeyBindingsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// The rows of README.md's `## Keys` table, as (keys, action) cells.
  static func readmeKeyRows() throws -> [[String]] {
    let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "## Keys"), "README.md has no ## Keys section")
    let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
    let table = section.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
    return table.dropFirst(2).map { row in
      row.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  @Test func readmeKeyTableIsTheBrowsersTable() throws {
    let readme = try Self.readmeKeyRows()
    let table = KeyBindings.markdown.split(separator: "\n").dropFirst(2).map { row in
      row.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(readme.count == KeyBindings.overview.count)
    #expect(readme == table, "README.md's ## Keys table differs from KeyBindings; paste `waterfall keys`:\n\(KeyBindings.markdown)")
  }

  @Test func readmeHasTheDetailsKeyTable() throws {
    let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
    #expect(readme.contains(KeyBindings.detailsMarkdown), "README.md lacks the details' key table; paste `waterfall keys`:\n\(KeyBindings.detailsMarkdown)")
  }

  @Test func readmeHasTheFieldPickersKeyTables() throws {
    let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
    #expect(readme.contains(KeyBindings.fieldsMarkdown), "README.md lacks the field picker's key tables; paste `waterfall keys`:\n\(KeyBindings.fieldsMarkdown)")
  }

  @Test func readmeTableParsingSeesEveryRow() throws {
    // The parse is not vacuous: it finds the rows by their first cells.
    let readme = try Self.readmeKeyRows()
    #expect(readme.first?.first == "↑ ↓ ← →, k j h l")
    #expect(readme.contains { $0 == ["Esc, q", "back, or quit"] })
  }

  @Test func everyKeyHasOneCommandPerMode() {
    for table in [
      KeyBindings.global, KeyBindings.browsing, KeyBindings.filtering, KeyBindings.details, KeyBindings.help,
      KeyBindings.picking, KeyBindings.counting,
    ] {
      let keys = table.bindings.flatMap { $0.keys.map(\.key) }
      #expect(Set(keys).count == keys.count, "a key bound twice in one mode")
    }
  }

  @Test func tablesSayWhatKeysDo() {
    #expect(KeyBindings.browsing.command(for: .character("j")) == .down)
    #expect(KeyBindings.browsing.command(for: .character(" ")) == .pageDown)
    #expect(KeyBindings.browsing.command(for: .character("=")) == .moreColumns)
    #expect(KeyBindings.browsing.command(for: .character("Q")) == nil)
    #expect(KeyBindings.filtering.command(for: .character("j")) == .type)
    #expect(KeyBindings.filtering.command(for: .down) == .browse)
    #expect(KeyBindings.filtering.command(for: .tab) == nil)
    #expect(KeyBindings.details.command(for: .character("q")) == .close)
    #expect(KeyBindings.help.command(for: .character("q")) == .close)
    #expect(KeyBindings.help.command(for: .down) == .down)
    #expect(KeyBindings.help.command(for: .character("x")) == nil)
    #expect(KeyBindings.details.command(for: .character("n")) == .nextItem)
    #expect(KeyBindings.details.command(for: .enter) == .toggleFold)
    #expect(KeyBindings.browsing.command(for: .control("d")) == .halfPageDown)
    #expect(KeyBindings.browsing.command(for: .character("b")) == .pageUp)
    #expect(KeyBindings.browsing.command(for: .alt("q")) == nil)
    #expect(KeyBindings.global.command(for: .control("c")) == .interrupt)
    #expect(KeyBindings.table(for: .details).command(for: .character("G")) == .last)
    #expect(KeyBindings.browsing.command(for: .character("s")) == .pickSort)
    #expect(KeyBindings.browsing.command(for: .character("F")) == .countValues)
    #expect(KeyBindings.picking.command(for: .character("j")) == .type, "letters narrow the fields")
    #expect(KeyBindings.picking.command(for: .character("S")) == .reverseSort)
    #expect(KeyBindings.counting.command(for: .character("S")) == .type)
    #expect(KeyBindings.table(for: .counting).command(for: .escape) == .close)
  }

  @Test func helpLinesFitTheHelpBoxAt100Columns() {
    let all = KeyBindings.helpSections.flatMap(\.bindings)
    let keys = all.map { DisplayText.width(of: $0.label) }.max() ?? 0
    let text = all.map { DisplayText.width(of: $0.help) }.max() ?? 0
    #expect(keys + text + 6 <= 100)
  }

  @Test func everyBoundKeyWorksInTheBrowser() {
    // Each browsing key does what its command says: the selection moves, or the mode changes.
    let b = Browser(store: BrowserTests.store(), options: Browser.Options(), size: Size(width: 80, height: 24))
    _ = b.handle(.key(.character("j")))
    #expect(b.selectedItem != 0)
    _ = b.handle(.key(.character("g")))
    #expect(b.selectedItem == 0)
    _ = b.handle(.key(.character("?")))
    #expect(b.mode == .help)
    _ = b.handle(.key(.character("x")))
    #expect(b.mode == .help, "only ? Esc q close the help")
    _ = b.handle(.key(.character("?")))
    #expect(b.mode == .browsing)
    #expect(b.handle(.key(.control("c"))) == .quit(130))
  }
}

@Suite struct ShownItemsTests {
  @Test func searchMatchesAndHidesChooseTheItemsInOrder() {
    let store = BrowserTests.store(10)  // titles cycle Mug, Lamp, Teapot, Chair, Vase
    var shown = ShownItems()
    #expect(shown.showsEverything)
    #expect(shown.items(of: store) == Array(0..<10))
    shown.filter = "mug"
    let matches = [0, 5]  // what the search found
    #expect(!shown.showsEverything)
    #expect(shown.items(among: matches) == [0, 5])
    shown.hide(5)
    #expect(shown.items(among: matches) == [0])
    #expect(shown.items(of: store, in: 3..<10) == [3, 4, 6, 7, 8, 9])
    #expect(shown.undoHide() == 5)
    #expect(shown.items(among: matches) == [0, 5])
    #expect(shown.undoHide() == nil)
  }

  @Test func hidesComeBackLastFirstAndAReloadForgetsThem() {
    let store = BrowserTests.store(6)
    var shown = ShownItems()
    shown.hide(1)
    shown.hide(4)
    #expect(shown.items(of: store) == [0, 2, 3, 5])
    #expect(shown.undoHide() == 4)
    shown.hide(2)
    shown.showHidden()
    #expect(shown.hidden.isEmpty)
    #expect(shown.items(of: store) == Array(0..<6))
  }
}

@Suite struct LayoutPolicyTests {
  func policy(width: Int, _ configure: (inout Browser.Options) -> Void = { _ in }) -> LayoutPolicy {
    var options = Browser.Options()
    configure(&options)
    return LayoutPolicy(options: options, size: Size(width: width, height: 24))
  }

  @Test func columnsFollowTheWidthWithinTheirRange() {
    #expect(policy(width: 80).columns == 3)
    #expect(policy(width: 120).columns == 4)
    #expect(policy(width: 10).columns == 1)
    #expect(policy(width: 1000).columns == 12)
    #expect(policy(width: 80) { $0.largeCards = true }.columns == 2)
    #expect(policy(width: 80) { $0.columns = 7 }.columns == 7)
  }

  @Test func layoutKindsGiveTheirLayouts() {
    let waterfall = policy(width: 80).makeLayout(sectionCount: 1, hasFooter: false)
    #expect((waterfall as? WaterfallLayout)?.columnCount == 3)
    #expect(policy(width: 80) { $0.layout = .grid }.makeLayout(sectionCount: 1, hasFooter: false) is GridLayout)
    #expect(policy(width: 80) { $0.layout = .list }.makeLayout(sectionCount: 1, hasFooter: false) is ListLayout)
    #expect(policy(width: 80) { $0.layout = .gridLarge }.followsWidth)
    #expect(!policy(width: 80).followsWidth)
  }

  @Test func footerGoesUnderTheLastSectionAndGroupsPinTheirHeaders() {
    let layout = policy(width: 80) { $0.groups = true }.makeLayout(sectionCount: 3, hasFooter: true) as! WaterfallLayout
    #expect(layout.headerHeight == 1)
    #expect(layout.pinsHeaders)
    #expect(layout.sectionStyles[2]?.footerHeight == 1)
    #expect(layout.sectionStyles[0] == nil)
    let none = policy(width: 80).makeLayout(sectionCount: 0, hasFooter: true) as! WaterfallLayout
    #expect(none.sectionStyles.isEmpty)
  }
}

@Suite struct RelayoutThrottleTests {
  @Test func aStreamRelaysOutAtMostEveryInterval() {
    var throttle = RelayoutThrottle()
    throttle.isPending = true
    #expect(throttle.tickInterval == Int(RelayoutThrottle.interval))
    let first = throttle.allows(now: 1000, loaderIdle: false)
    #expect(first)
    let tooSoon = throttle.allows(now: 1000 + RelayoutThrottle.interval - 1, loaderIdle: false)
    #expect(!tooSoon)
    let idle = throttle.allows(now: 1000 + RelayoutThrottle.interval - 1, loaderIdle: true)
    #expect(idle, "an idle loader may always")
    let later = throttle.allows(now: 1000 + 2 * RelayoutThrottle.interval, loaderIdle: false)
    #expect(later)
    throttle.isPending = false
    #expect(throttle.tickInterval == nil)
  }
}

/// The loader hands the browser update values; it never touches the browser.
@Suite struct LoadUpdateTests {
  /// Drains `controller` (whose workers run each job at once) until its pages
  /// are read, gathering the updates.
  func drainAll(_ controller: LoadController) -> [LoadUpdate] {
    var updates: [LoadUpdate] = []
    repeat {
      let update = controller.drain()
      if update.changed { updates.append(update) }
    } while !(controller.isIdle && !controller.hasPendingEvents)
    return updates
  }

  func scratchFile(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "waterfall-layers-\(UUID().uuidString).jsonl"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aFileArrivesAsAppendedItemsThenDone() throws {
    let path = try scratchFile((0..<30).map { #"{"id":\#($0),"title":"item \#($0)"}"# }.joined(separator: "\n") + "\nnot json\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: FileSource(path: path), store: store, workers: .synchronous)
    let start = controller.start()
    #expect(start.loading != nil && start.loading != .done, "the first page is being read")
    let updates = drainAll(controller)
    #expect(store.count == 30)
    #expect(updates.contains { $0.appended })
    #expect(updates.last?.loading == .done)
    #expect(updates.last?.skippedCount == 1)
    #expect(updates.allSatisfy { $0.replacement == nil })

    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    for update in updates { browser.apply(update) }
    #expect(browser.loading == .done)
    #expect(browser.skippedCount == 1)
  }

  @Test func aReloadHandsOverANewStoreAndClearsTheNotice() throws {
    let path = try scratchFile((0..<5).map { #"{"id":\#($0)}"# }.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: FileSource(path: path), store: store, workers: .synchronous)
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    browser.apply(controller.start())
    for update in drainAll(controller) { browser.apply(update) }
    #expect(browser.counts.total == 5)

    try (0..<8).map { #"{"id":\#($0)}"# }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    browser.notice = "old"
    let reload = controller.reload()
    #expect(reload.notice == .some(nil))
    browser.apply(reload)
    #expect(browser.notice == nil)
    let updates = drainAll(controller)
    let replacement = try #require(updates.compactMap(\.replacement).first)
    #expect(replacement !== store)
    #expect(replacement.count == 8)
    for update in updates { browser.apply(update) }
    #expect(browser.counts.total == 8)
  }

  @Test func standardInputCannotBeReadAgain() {
    let controller = LoadController(source: StandardInputSource(), store: ItemStore(roles: FieldRoles()), workers: .stepped)
    let update = controller.reload()
    #expect(update.notice == .some("standard input cannot be read again"))
    #expect(update.replacement == nil)
  }

  @Test func nextPageOnlyWhenToldTheCardsAreNearTheEnd() throws {
    let folder = NSTemporaryDirectory() + "waterfall-layers-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for page in 1...3 { try #"[{"id":\#(page)}]"#.write(toFile: folder + "/\(page).json", atomically: true, encoding: .utf8) }
    let source = try SourceResolver.resolve(folder)
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: source, store: store, workers: .synchronous)
    _ = controller.start()
    _ = drainAll(controller)
    #expect(store.count == 1)
    _ = controller.tick(now: 0, nearEnd: false)
    _ = drainAll(controller)
    #expect(store.count == 1, "not near the end: no page asked for")
    let asked = controller.tick(now: 0, nearEnd: true)
    #expect(asked.loading != nil)
    _ = drainAll(controller)
    #expect(store.count == 2)
  }
}

/// The layers as the folders show them: only `Terminal/` touches the terminal.
@Suite struct LayerImportsTests {
  @Test func onlyTheTerminalFolderImportsWaterfallTerminal() throws {
    let app = KeyBindingsTests.root + "/Sources/WaterfallApp"
    let files = try #require(FileManager.default.enumerator(atPath: app)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 50, "the app's sources were found")
    let importers = try files.filter { file in
      let text = try String(contentsOfFile: app + "/" + file, encoding: .utf8)
      return text.split(separator: "\n").contains { $0.hasPrefix("import WaterfallTerminal") }
    }
    #expect(!importers.isEmpty && importers.allSatisfy { $0.hasPrefix("Terminal/") }, "\(importers.sorted())")
  }
}
