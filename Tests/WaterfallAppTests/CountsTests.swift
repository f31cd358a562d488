import Foundation
import TestSupport
import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// `F`: a field picked, its values counted on a worker (VisiData's frequency
/// table), Enter on a value filtering the cards to it; the counts are `sort |
/// uniq -c`'s on the machine's own package list and processes.
@Suite struct CountsTests {
  /// Presses `keys` in `b`, each a key name as `render --keys` takes them.
  static func press(_ keys: String, in b: Browser) {
    for key in try! KeyNames.parse(keys) { _ = b.handle(.key(key)) }
  }

  /// Types `text` in `b`, a character a key.
  static func type(_ text: String, in b: Browser) {
    for c in text { _ = b.handle(.key(.character(c))) }
  }

  @Test func theSheetNarrowsTheValuesAndSaysWhatEnterSearches() {
    var sheet = FrequencySheet(field: "section", kind: .text)
    #expect(sheet.isCounting && sheet.selectedRow == nil)
    sheet.receive(FrequencyTable(field: "section", values: ["libs", "utils", "libs", nil, "GNU make", "", "libs"]))
    #expect(sheet.rows.map(\.value) == ["libs", "utils", nil, "GNU make", ""])
    #expect(sheet.search(for: sheet.selectedRow!) == .success("section:^libs$"))
    sheet.type("u")
    #expect(sheet.rows.map(\.value) == ["utils", "GNU make"])
    sheet.move(by: 1)
    #expect(sheet.search(for: sheet.selectedRow!) == .success(#"section:^GNU\ make$"#))
    sheet.clearQuery()
    sheet.moveToEnd(true)
    #expect(sheet.search(for: sheet.selectedRow!) == .success("section:^$"), "the empty value")
    sheet.move(by: -2)
    #expect(sheet.selectedRow?.value == nil)
    #expect(sheet.search(for: sheet.selectedRow!) == .failure(.init("the items without section cannot be searched for")))
    var flags = FrequencySheet(field: "ok", kind: .bool)
    flags.receive(FrequencyTable(field: "ok", values: ["true"]))
    #expect(flags.search(for: flags.selectedRow!) == .failure(.init("a search looks at texts and numbers: ok holds yes/no values")))
  }

  /// Values the search language must quote, and field names no bare name can be.
  @Test(arguments: [
    ("section", "libs"), ("name", "GNU make"), ("name", " padded "), ("t", "^caret"), ("t", "dollar$"), ("t", "$"),
    ("t", "'quote"), ("t", "!bang"), ("t", "|"), ("t", "a:b"), ("%MEM", "0.1"), ("start-time", "12:00"), ("t", ""),
    ("t", "Ünïcödé"), ("t", "back\\slash"),
  ])
  func theTermFindsTheValueAndNoOther(field: String, value: String) throws {
    let written = try #require(SearchTerm.equality(field: field, value: value))
    let query = SearchQuery(written)
    func item(_ text: String) -> SearchFields { SearchFields([(field, text), ("other", value)]) }
    #expect(query.matches(item(value)), "\(written)")
    #expect(query.matches(item(value.uppercased())), "\(written): case is ignored, as everywhere")
    for other in [value + "x", "x" + value, String(value.dropFirst()), value == "" ? " " : ""] where other.lowercased() != value.lowercased() {
      #expect(!query.matches(item(other)), "\(written) matched \(other)")
    }
    #expect(!query.matches(SearchFields([("another", value)])), "\(written): that field only")
  }

  @Test func whatTheSearchCannotSayIsNotWritten() {
    #expect(SearchTerm.equality(field: "a b", value: "x") == nil)
    #expect(SearchTerm.equality(field: #"a"b"#, value: "x") == nil)
    #expect(SearchTerm.equality(field: "a", value: "ends\\") == nil)
    #expect(SearchTerm.equality(field: "a", value: "two\nlines") == nil)
  }

  @Test func fOpensThePickerThenTheCountsOnAWorkerAndEscGoesBack() {
    let store = SearchEngineTests.store(3_000)
    let b = Fixture.browser(store, size: Size(width: 90, height: 24))
    _ = b.handle(.key(.character("F")))
    #expect(b.mode == .picking && b.picker?.purpose == .counts)
    Self.type("shop", in: b)
    b.runPendingWork()
    _ = b.handle(.key(.enter))
    #expect(b.mode == .counting && b.sheet?.isCounting == true)
    #expect(Fixture.screen(b).lines.contains { $0.contains("counting the values… 0%") })
    #expect(Fixture.status(b).contains("counting 0%"))
    b.runPendingWork()
    let table = try! #require(b.sheet?.table)
    let expected = FrequencyTable(field: "shop", texts: store.itemTexts, items: 0..<store.count)!
    #expect(table == expected)
    #expect(table.rows.map(\.count).reduce(0, +) == 3_000)
    let screen = Fixture.screen(b)
    #expect(screen.lines.contains { $0.contains(" shop · 3 values · 3,000 items ") })
    let top = table.rows[0]
    #expect(screen.lines.contains { $0.contains("▸ \(top.value!)") && $0.contains(top.count.grouped) && $0.contains(FrequencySheet.percent(top.share)) })
    // Esc: back to the fields, the one counted still chosen; Esc again: the cards.
    _ = b.handle(.key(.escape))
    #expect(b.mode == .picking && b.picker?.choice == .field("shop") && b.sheet == nil)
    _ = b.handle(.key(.escape))
    #expect(b.mode == .browsing && b.picker == nil)
  }

  @Test func enterOnAValueFiltersTheCardsToItAfterTheSearchThereIs() {
    let store = SearchEngineTests.store(3_000)
    let b = Fixture.browser(store, size: Size(width: 90, height: 24))
    Self.press("/", in: b)
    Self.type("'mug", in: b)
    _ = b.handle(.key(.enter))
    b.runPendingWork()
    let mugs = b.counts.shown
    #expect(mugs > 0 && mugs < 3_000)
    _ = b.handle(.key(.character("F")))
    Self.type("shop", in: b)
    b.runPendingWork()
    _ = b.handle(.key(.enter))
    b.runPendingWork()
    // The values of the cards shown: the mugs' shops.
    let table = try! #require(b.sheet?.table)
    #expect(table.total == mugs)
    Self.press("Down", in: b)
    let value = try! #require(b.sheet?.selectedRow)
    _ = b.handle(.key(.enter))
    b.runPendingWork()
    #expect(b.mode == .browsing && b.picker == nil && b.sheet == nil)
    #expect(b.filter == "'mug shop:^\(value.value!.replacingOccurrences(of: " ", with: "\\ "))$")
    #expect(b.counts.shown == value.count)
  }

  /// The machine's packages as JSON Lines (written by JSONSerialization) and
  /// their sections as `sort | uniq -c` counts them.
  static func packages() throws -> (lines: String, sections: [String: Int]) {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tsv = folder.appendingPathComponent("packages.tsv")
    _ = try FieldBlocksTests.shell("dpkg-query -W -f '${Package}\\t${Version}\\t${Section}\\n' > '\(tsv.path)'")
    var lines = Data()
    for line in try String(contentsOf: tsv, encoding: .utf8).split(separator: "\n") {
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 3 else { continue }
      lines += try JSONSerialization.data(withJSONObject: ["package": parts[0], "version": parts[1], "section": parts[2]])
      lines += Data("\n".utf8)
    }
    let sections = FieldBlocksTests.uniqCounts(try FieldBlocksTests.shell("cut -f3 '\(tsv.path)' | sort | uniq -c"))
    return (String(decoding: lines, as: UTF8.self), sections)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query"), "no dpkg-query"))
  func fCountsTheSectionsOfTheMachinesPackagesAsSortUniqDoes() throws {
    let (lines, sections) = try Self.packages()
    let (store, _) = try InferredFieldsTests.load(lines, name: "packages.jsonl")
    let b = Fixture.browser(store, size: Size(width: 100, height: 30))
    _ = b.handle(.key(.character("F")))
    Self.type("section", in: b)
    b.runPendingWork()
    _ = b.handle(.key(.enter))
    b.runPendingWork()
    let table = try #require(b.sheet?.table)
    #expect(FieldBlocksTests.counts(table) == sections)
    #expect(table.rows.map(\.count) == table.rows.map(\.count).sorted(by: >), "the most common first")
    // Every value the screen shows, with its count as uniq -c says it.
    let row = try NSRegularExpression(pattern: "┃ [▸ ] (\\S+) +([0-9,]+) +[0-9.]+% ")
    var shown = 0
    for line in Fixture.screen(b).lines {
      guard let found = row.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
      let value = String(line[Range(found.range(at: 1), in: line)!])
      let count = String(line[Range(found.range(at: 2), in: line)!])
      #expect(sections[value]?.grouped == count, "\(line)")
      shown += 1
    }
    #expect(shown >= min(sections.count, 20), "the values on the screen")
    // Enter on the second: the cards of that section, as many as uniq -c counted.
    Self.press("Down Enter", in: b)
    b.runPendingWork()
    let second = table.rows[1]
    #expect(b.filter == "section:^\(second.value!)$")
    #expect(b.counts.shown == sections[second.value!])
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/ps"), "no ps"))
  func aFieldNoBareNameCanBeIsQuotedInTheSearch() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let csv = folder.appendingPathComponent("ps.csv")
    _ = try FieldBlocksTests.shell("ps aux | awk 'BEGIN { OFS = \",\" } { print $1, $2, $4 }' > '\(csv.path)'")
    let expected = FieldBlocksTests.uniqCounts(try FieldBlocksTests.shell("tail -n +2 '\(csv.path)' | cut -d, -f3 | sort | uniq -c"))
    let (store, _) = try InferredFieldsTests.load(try String(contentsOf: csv, encoding: .utf8), name: "ps.csv")
    let b = Fixture.browser(store, size: Size(width: 100, height: 30))
    _ = b.handle(.key(.character("F")))
    Self.type("%mem", in: b)
    b.runPendingWork()
    _ = b.handle(.key(.enter))
    b.runPendingWork()
    let table = try #require(b.sheet?.table)
    #expect(FieldBlocksTests.counts(table) == expected)
    let top = table.rows[0]
    _ = b.handle(.key(.enter))
    b.runPendingWork()
    #expect(b.filter == #""%MEM":^"# + top.value! + "$")
    #expect(b.counts.shown == top.count)
  }
}
