import Foundation
import Testing
import TestSupport
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// Faults the browser must survive honestly (issue 15), one table each: a page
/// rewritten under a running browser, a reload with the details open, card sizes
/// from options at any `Int`, pages that are not regular files.
@Suite struct ReliabilityTests {
  static let original = #"{"id":"a","title":"alpha","text":"one"}"# + "\n" + #"{"id":"b","title":"beta","text":"two"}"# + "\n"

  /// A way the file under a loaded store can change, and whether item 0's bytes
  /// are then still the ones read.
  struct Rewrite: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var unchanged: Bool
    var testDescription: String { name }
  }

  static let rewrites: [Rewrite] = [
    Rewrite(name: "untouched", text: original, unchanged: true),
    Rewrite(name: "a line added at the end", text: original + #"{"title":"gamma"}"# + "\n", unchanged: true),
    Rewrite(name: "same length, one letter changed", text: original.replacingOccurrences(of: "alpha", with: "ALPHA"), unchanged: false),
    Rewrite(name: "same length, bytes swapped", text: original.replacingOccurrences(of: "one", with: "eno"), unchanged: false),
    Rewrite(name: "cut in the first item", text: String(original.prefix(10)), unchanged: false),
    Rewrite(name: "emptied", text: "", unchanged: false),
    Rewrite(name: "a line put before it", text: "{}\n" + original, unchanged: false),
  ]

  /// Loads ``original`` from a file, then rewrites the file as `rewrite` says.
  static func loadThenRewrite(_ rewrite: Rewrite, roles: FieldRoles = FieldRoles()) throws -> (ItemStore, URL) {
    let folder = try Scratch.folder()
    let url = folder.appendingPathComponent("items.jsonl")
    try Data(original.utf8).write(to: url)
    let store = ItemStore(roles: roles)
    let loader = Loader(source: FileSource(path: url.path), store: store)
    try loader.loadAll()
    #expect(store.count == 2)
    try Data(rewrite.text.utf8).write(to: url)
    return (store, folder)
  }

  @Test(arguments: rewrites)
  func printWritesOnlyBytesThatAreStillTheOnesRead(_ rewrite: Rewrite) throws {
    let (store, folder) = try Self.loadThenRewrite(rewrite)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(store.changedSinceRead(0) == !rewrite.unchanged)
    var options = Browser.Options()
    options.printMode = true
    let browser = Browser(store: store, options: options, size: Size(width: 80, height: 24))
    let action = browser.handle(.key(.enter))
    if rewrite.unchanged {
      #expect(action == .print(Array(#"{"id":"a","title":"alpha","text":"one"}"#.utf8)))
      #expect(browser.printRefusal == nil)
    } else {
      #expect(action == .quit(2))
      #expect(browser.printRefusal?.contains("the file changed since it was read") == true)
    }
  }

  @Test(arguments: rewrites)
  func detailsSayTheFileChangedInsteadOfGuessing(_ rewrite: Rewrite) throws {
    let (store, folder) = try Self.loadThenRewrite(rewrite)
    defer { try? FileManager.default.removeItem(at: folder) }
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    browser.openDetails()
    let lines = try #require(browser.details).lines(width: 60).map(\.value)
    let says = lines.contains { $0.contains("the file changed since it was read — press r") }
    #expect(says == !rewrite.unchanged)
    if rewrite.unchanged { #expect(lines.contains { $0.contains("alpha") }) }
    // Nothing of the changed bytes is shown as the item.
    if !rewrite.unchanged { #expect(!lines.contains { $0.contains("null") || $0.contains("ALPHA") }) }
  }

  /// A reload with the details open: they show the same item anew when it is
  /// still there, and close when it is gone.
  struct Reload: Sendable, CustomTestStringConvertible {
    var name: String
    var items: [String]
    var detailsStayOpen: Bool
    var shows: String?
    var testDescription: String { name }
  }

  static let reloads: [Reload] = [
    Reload(name: "the item changed", items: [#"{"id":"a","title":"alpha two"}"#, #"{"id":"b","title":"beta"}"#], detailsStayOpen: true, shows: "alpha two"),
    Reload(name: "the item moved", items: [#"{"id":"b","title":"beta"}"#, #"{"id":"a","title":"alpha moved"}"#], detailsStayOpen: true, shows: "alpha moved"),
    Reload(name: "the item is gone", items: [#"{"id":"c","title":"gamma"}"#], detailsStayOpen: false, shows: nil),
    Reload(name: "every item is gone", items: [], detailsStayOpen: false, shows: nil),
  ]

  @Test(arguments: reloads)
  func aReloadRefreshesOrClosesOpenDetails(_ reload: Reload) throws {
    var roles = FieldRoles()
    roles.id = ["id"]
    let store = ItemStore(roles: roles)
    for line in Self.original.split(separator: "\n") { try store.append(json: Array(line.utf8)) }
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    browser.openDetails()
    #expect(browser.mode == .details)
    let newStore = ItemStore(roles: roles)
    for item in reload.items { try newStore.append(json: Array(item.utf8)) }
    browser.replaceStore(newStore)
    #expect((browser.mode == .details) == reload.detailsStayOpen)
    if let shows = reload.shows {
      let details = try #require(browser.details)
      #expect(details.lines(width: 60).contains { $0.value.contains(shows) })
      #expect(newStore.id(at: details.item) == "a")
    } else {
      #expect(browser.details == nil)
    }
  }

  /// A reload finds the selected item by its id from where it was: the nearest
  /// one (the later of two as near), none when no item has it.
  @Test func anItemIsFoundByItsIDNearestWhereItWas() throws {
    var roles = FieldRoles()
    roles.id = ["id"]
    let store = ItemStore(roles: roles)
    for id in ["a", "b", "x", "c", "x", "d", "e", "x"] { try store.append(json: Array(#"{"id":"\#(id)"}"#.utf8)) }
    #expect(store.item(withID: "x", near: 3) == 4, "two as near: the later")
    #expect(store.item(withID: "x", near: 0) == 2)
    #expect(store.item(withID: "x", near: 6) == 7)
    #expect(store.item(withID: "a", near: 7) == 0)
    #expect(store.item(withID: "e", near: 100) == 6, "a start past the end is the last item")
    #expect(store.item(withID: "zz", near: 3) == nil)
    #expect(ItemStore(roles: roles).item(withID: "a", near: 0) == nil)
  }

  /// Card widths from `--min-card-width` at the edges of `Int`: the library
  /// clamps them, so `z` pressed again and again never traps.
  @Test(arguments: [Int.max, Int.min, -1, 0, 4, 26, 500, 501, 3_000_000_000_000_000_000, Int.max / 2 + 1])
  func anyMinimumCardWidthSurvivesZPressedManyTimes(_ width: Int) {
    for layout in LayoutKind.allCases {
      var options = Browser.Options()
      options.minimumCardWidth = width
      options.layout = layout
      options.animates = false
      let browser = Browser(store: BrowserTests.store(12), options: options, size: Size(width: 120, height: 30))
      for _ in 0..<64 { _ = browser.handle(.key(.character("z"))) }
      #expect((1...12).contains(browser.columns))
      #expect(Browser.Options.minimumCardWidths.contains(options.narrowestCard))
      let screen = CellBuffer(width: 120, height: 30)
      browser.draw(in: screen)
    }
  }

  /// Pages that are not regular files are refused at once, never waited on, with
  /// what they are.
  @Test(arguments: [("fifo", "a FIFO"), ("/dev/null", "a device"), ("/dev/zero", "a device"), ("dir", "Is a directory")])
  func pagesThatAreNotRegularFilesAreRefused(_ kind: (String, String)) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var path = kind.0
    if path == "fifo" {
      path = folder.appendingPathComponent("1.json").path
      #expect(mkfifo(path, 0o600) == 0)
    } else if path == "dir" {
      path = folder.path
    }
    #expect(throws: FileSystem.Failure.self) { try PageFile(path: path) }
    do {
      _ = try PageFile(path: path)
    } catch {
      #expect(error.reason.contains(kind.1), "\(error.reason)")
    }
  }
}
