import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Load more, streams, refresh, sections and layouts, in the real binary.
@Suite(.serialized) struct LoadMoreEndToEndTests {
  static func selected(_ screen: [String]) -> Int? { BrowserEndToEndTests.selected(screen) }

  /// A new empty directory, removed by the caller.
  static func scratch(_ name: String = #function) throws -> URL {
    try Scratch.folder(name)
  }

  static func data(_ path: String) throws -> Data {
    try Data(contentsOf: Tmux.root.appendingPathComponent(path))
  }

  /// A screen row as terminal cells: a wide character (CJK, emoji) takes two,
  /// the second `nil`. Enough of East Asian width for the sample data.
  static func cells(_ row: String) -> [Character?] {
    var cells: [Character?] = []
    for character in row {
      cells.append(character)
      let v = character.unicodeScalars.first!.value
      let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
        || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
        || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
      if wide { cells.append(nil) }
    }
    return cells
  }

  @Test func reachingTheBottomLoadsTheNextPageAndMovesNoCard() throws {
    // The first page alone, scrolled to its last card, as `render` draws it.
    let before = try Tmux.waterfall(["render", "Data/shops", "--width", "100", "--height", "30", "--keys", "G"]).out
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Without colours, so no picture replaces a placeholder while the screens are compared.
    let tmux = try Tmux("NO_COLOR=1 waterfall Data/shops", width: 100, height: 30)
    try tmux.waitFor("the first page") { Tmux.status($0).hasPrefix(" 1/40 ") }
    // G goes to the real end; Esc, read in the same burst, stops it at once, so
    // this is page 1's last card, as `render` drew it, and being there loads page 2.
    try tmux.send("G", "Escape")
    let after = try tmux.waitFor("page 2 after page 1") { Tmux.status($0).hasPrefix(" 40/80 ") }
    // Every cell page 1's cards drew is as it was; page 2's cards take the
    // footer's row and fill blank cells.
    let footer = try #require(before.firstIndex { $0.contains("Loading more…") }, "page 1 ends in the footer")
    #expect(!after[footer].contains("Loading more…"))
    var filled = 0
    for row in 0..<29 where row != footer {
      let old = Self.cells(before[row])
      let new = Self.cells(after[row])
      for (x, cell) in old.enumerated() where cell != " " {
        #expect(x < new.count && new[x] == cell, "row \(row + 1), column \(x + 1) changed: \(String(describing: cell)) → \(x < new.count ? String(describing: new[x]) : "end")")
      }
      filled += zip(old + Array(repeating: " ", count: max(0, new.count - old.count)), new).filter { $0 == " " && $1 != " " }.count
    }
    #expect(filled > 0, "page 2's cards appear under page 1's")
    // G now goes to the last card of the last page in one press.
    try tmux.send("G")
    try tmux.waitFor("the last of page 3") { Tmux.status($0).hasPrefix(" 120/120 ") }
    try tmux.waitFor(text: "End · 120 items")
  }

  /// A page that is a FIFO is refused, never waited on (issue 15; it used to
  /// stand for a page on its way): the first page's cards stay and end, keys
  /// work, and the program ends naming the page, with status 2.
  @Test func aFIFOPageIsRefusedNotWaitedOn() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.data("Data/shops/1.json").write(to: directory.appendingPathComponent("1.json"))
    let fifo = directory.appendingPathComponent("2.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(directory.path))", width: 100, height: 30)
    try tmux.waitFor("the first page") { Tmux.status($0).hasPrefix(" 1/40 ") }
    try tmux.send("G")
    // Not "Loading more…": the page is refused at once, and the cards end.
    try tmux.waitFor(text: "End · 40 items")
    try tmux.send("Up")
    try tmux.waitFor("keys still work") { Self.selected($0) != 39 }
    try tmux.send("q")
    let exit = try tmux.waitForExit()
    #expect(exit.status == 2)
    // The line wraps (the scratch folder's path is long); where it wraps at a
    // space, the capture drops that space: compare without spaces.
    let screen = try tmux.capture().joined().filter { $0 != " " }
    #expect(screen.contains("2.json") && screen.contains("notaregularfile") && screen.contains("aFIFO"), "\(screen)")
  }

  /// While a page is on its way the last card has the "Loading more…" footer under
  /// it; when it has come and the input ends, the footer counts the items. The page
  /// on its way is standard input held open by a writer (a FIFO page is refused,
  /// see above), and the writer waits for the test's go-ahead file, not a sleep
  /// (it gives up after 60 s, so nothing outlives a failed test for long).
  @Test func theFooterSaysLoadingWhileAPageIsOnItsWay() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let go = Tmux.shellQuote(directory.appendingPathComponent("go").path)
    let writer = "(head -n 5 Data/notes.jsonl; i=0; while [ ! -e \(go) ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; "
      + "tail -n 55 Data/notes.jsonl)"
    let tmux = try Tmux("\(writer) | waterfall -", width: 100, height: 30)
    let early = try tmux.waitFor("the first five cards with the footer") { screen in
      Tmux.status(screen).hasPrefix(" 1/5 ") && screen.contains { $0.contains("Loading more…") }
    }
    #expect(!early.joined().contains("End ·"))
    // Keys work under the footer: G goes to the last card so far.
    try tmux.send("G")
    try tmux.waitFor("the fifth card with the footer") { screen in
      Self.selected(screen) == 4 && screen.contains { $0.contains("Loading more…") }
    }
    #expect(FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: nil))
    try tmux.waitFor("the rest", timeout: 15) { Tmux.status($0).contains("/60 ") }
    try tmux.send("G")
    let end = try tmux.waitFor(text: "End · 60 items")
    #expect(!end.joined().contains("Loading more…"))
  }

  @Test func standardInputStreamsAndKeysWorkWhileItIsOpen() throws {
    // The writer holds the rest back until the test has seen the first cards and moved.
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let go = Tmux.shellQuote(folder.appendingPathComponent("go").path)
    let writer = "(head -n 5 Data/notes.jsonl; i=0; while [ ! -e \(go) ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; tail -n 55 Data/notes.jsonl)"
    let tmux = try Tmux("\(writer) | waterfall -", width: 100, height: 30)
    let early = try tmux.waitFor("the first five cards") { Tmux.status($0).hasPrefix(" 1/5 ") }
    #expect(Tmux.status(early).contains("loading 5 items…"), "the status bar says input is open")
    try tmux.send("Down")
    try tmux.waitFor("Down to move while input is open") { Self.selected($0).map { $0 > 0 } ?? false && Tmux.status($0).contains("/5 ") }
    FileManager.default.createFile(atPath: folder.appendingPathComponent("go").path, contents: nil)
    try tmux.waitFor("the rest", timeout: 15) { Tmux.status($0).contains("/60 ") }
  }

  @Test func rKeepsTheSelectionOnTheSameItem() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("notes.jsonl")
    let original = try Self.data("Data/notes.jsonl")
    try original.write(to: file)
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(file.path))", width: 100, height: 30)
    try tmux.waitFor("the notes") { Tmux.status($0).hasPrefix(" 1/60 ") }
    try tmux.send("Down", "Down", "Right")
    try tmux.waitFor("the selection to move") { (Self.selected($0) ?? 0) > 0 }
    let screen = try tmux.settle()
    let item = try #require(Self.selected(screen))
    // Two new notes at the top: the selected note is now two places later.
    let inserted = #"{"id":"new-1","title":"Inserted first"}"# + "\n" + #"{"id":"new-2","title":"Inserted second"}"# + "\n"
    try (Data(inserted.utf8) + original).write(to: file)
    try tmux.send("r")
    let reloaded = try tmux.waitFor("the reload") { Tmux.status($0).contains("/62 ") }
    #expect(Self.selected(reloaded) == item + 2, "the same note, found by its id")
  }

  @Test func watchReloadsWhenTheFileChanges() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("notes.jsonl")
    try Self.data("Data/notes.jsonl").write(to: file)
    let tmux = try Tmux("waterfall --watch \(Tmux.shellQuote(file.path))", width: 100, height: 30)
    try tmux.waitFor("the notes") { Tmux.status($0).hasPrefix(" 1/60 ") }
    let handle = try FileHandle(forWritingTo: file)
    try handle.seekToEnd()
    handle.write(Data((#"{"id":"late","title":"Arrived later"}"# + "\n").utf8))
    try handle.close()
    try tmux.waitFor("the new note without a key") { Tmux.status($0).hasPrefix(" 1/61 ") }
  }

  @Test func groupByShowsHeadersThatStickWhileScrolling() throws {
    let tmux = try Tmux("waterfall --group-by shop Data/shops", width: 100, height: 30)
    let first = try tmux.waitFor("the groups") { Tmux.status($0).contains("groups") }
    #expect(first[0].hasPrefix("─ "), "the first section's header: \(first[0])")
    for _ in 0..<3 {
      try tmux.send("PageDown")
      let screen = try tmux.waitFor("the screen to settle") { Self.selected($0) != nil }
      #expect(screen[0].hasPrefix("─ ") && screen[0].contains(" · "), "a header sticks to the top: \(screen[0])")
    }
  }

  @Test func lAndZKeepTheSelectionVisible() throws {
    let tmux = try Tmux("waterfall Data/shops", width: 100, height: 30)
    try tmux.waitFor("the first page") { Tmux.status($0).hasPrefix(" 1/40 ") }
    for _ in 0..<6 { try tmux.send("Down") }
    try tmux.waitFor("the selection to move") { (Self.selected($0) ?? 0) > 3 }
    let start = try tmux.settle()
    let item = Self.selected(start)
    for (key, label) in [
      ("L", "grid"), ("z", "grid (large)"), ("L", "list"), ("L", "table"), ("L", "line"), ("L", "circle"), ("L", "mosaic"),
      ("L", "waterfall"),
    ] {
      try tmux.send(key)
      let screen = try tmux.waitFor("\(key) to show \(label) with the selected card on screen") { screen in
        Tmux.status(screen).contains(label)
          && (label == "list" || label == "table" || screen.dropLast().contains { $0.contains("┏") || $0.contains("┃") || $0.contains("┗") })
      }
      #expect(Self.selected(screen) == item)
    }
  }

  @Test func xHidesACardAndUBringsItBack() throws {
    let tmux = try Tmux("waterfall Data/shops", width: 100, height: 30)
    try tmux.waitFor("the first page") { Tmux.status($0).hasPrefix(" 1/40 ") }
    try tmux.send("Down", "Right")
    try tmux.waitFor("the selection to move") { (Self.selected($0) ?? 0) > 0 }
    let start = try tmux.settle()
    let item = try #require(Self.selected(start))
    try tmux.send("x")
    try tmux.waitFor("one hidden") { Tmux.status($0).contains("1 hidden") && Tmux.status($0).contains("/39 of 40") }
    try tmux.send("u")
    let back = try tmux.waitFor("it back") { Tmux.status($0).contains("/40 ") && !Tmux.status($0).contains("hidden") }
    #expect(Self.selected(back) == item)
  }
}
