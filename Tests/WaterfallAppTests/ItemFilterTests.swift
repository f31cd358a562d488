import Foundation
import TestSupport
import Testing
@testable import WaterfallApp

/// `--filter` in process: the matches of every format the browser reads, in the
/// data's order or the sort's, each on one line, the chunks of a large file
/// handed over as they are read, a stop asked for honoured (issue 27).
@Suite struct ItemFilterTests {
  func write(_ text: String, named name: String = "items.jsonl") throws -> String {
    let folder = try Scratch.folder()
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func run(_ query: String, _ source: any ItemSource, sort: WaterfallApp.SortOrder? = nil, stopAfter: Int = .max) -> (lines: [String], outcome: ItemFilter.Outcome, flushes: Int) {
    var filter = ItemFilter(query: SearchQuery(query), roles: FieldRoles())
    filter.sort = sort
    var lines: [String] = []
    var flushes = 0
    let outcome = filter.run(source) { bytes in
      lines.append(String(decoding: bytes, as: UTF8.self))
      return lines.count < stopAfter
    } flushed: {
      flushes += 1
    }
    return (lines, outcome, flushes)
  }

  @Test func matchesInTheDataOrderAcrossChunks() throws {
    // 40,000 items: some 4 MiB, read in a 64 KiB chunk and then 1 MiB ones.
    var lines: [String] = []
    for i in 0..<40_000 {
      let word = ["wool scarf", "linen shirt", "woollen hat", "clay mug"][i % 4]
      lines.append(#"{"id":\#(i),"title":"\#(word) \#(i)","shop":"S\#(i % 7)","pad":"\#(String(repeating: "x", count: 60))"}"#)
    }
    let path = try write(lines.joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let query = SearchQuery("wool shop:s3")
    let expected = lines.filter { line in (try? JSONParser.parse(Array(line.utf8))).map { query.matches(SearchFields($0)) } ?? false }
    let result = run("wool shop:s3", FileSource(path: path))
    #expect(result.lines == expected)
    #expect(result.outcome.matches == expected.count)
    #expect(result.outcome.items == 40_000)
    #expect(result.flushes > 3, "matches are handed over chunk by chunk, as they are read")
  }

  @Test func aPrettyArrayGivesOneLineAnItem() throws {
    let path = try write("[\n  {\n    \"id\": 1,\n    \"tags\": [\n      \"a b\"\n    ]\n  },\n  {\"id\": 2, \"t\": \"x\\ny\"}\n]\n", named: "a.json")
    let result = run("", FileSource(path: path))
    #expect(result.lines == [#"{"id": 1,"tags": ["a b"]}"#, #"{"id": 2, "t": "x\ny"}"#])
  }

  @Test func aSortOrdersTheMatches() throws {
    let items = [(1, 30), (2, 10), (3, 20), (4, 5)].map { #"{"id":\#($0.0),"price":\#($0.1),"t":"\#($0.0 == 2 ? "no" : "yes")"}"# }
    let path = try write(items.joined(separator: "\n"))
    let result = run("yes", FileSource(path: path), sort: WaterfallApp.SortOrder(field: "price"))
    #expect(result.lines == [items[3], items[2], items[0]])
    let down = run("yes", FileSource(path: path), sort: WaterfallApp.SortOrder(field: "price", descending: true))
    #expect(down.lines == [items[0], items[2], items[3]])
  }

  @Test func csvRowsAndSkippedLinesAndErrors() throws {
    let csv = try write("title,price\nMug,3\nLamp,40\n", named: "t.csv")
    #expect(run("lamp", FileSource(path: csv)).lines == [#"{"title":"Lamp","price":40}"#])
    let lines = try write("{\"t\":\"a\"}\nnot json\n{\"t\":\"ab\"}\n")
    let skipped = run("a", FileSource(path: lines))
    #expect(skipped.lines == [#"{"t":"a"}"#, #"{"t":"ab"}"#])
    #expect(skipped.outcome.skipped.count == 1)
    let broken = try write("[{\"t\":\"a\"},{\"t\":\"ab\",]", named: "b.json")
    let stopped = run("a", FileSource(path: broken))
    #expect(stopped.lines == [#"{"t":"a"}"#], "the items before the error are kept")
    #expect(stopped.outcome.errors.count == 1)
    #expect(stopped.outcome.errors.first?.description.hasPrefix("\(broken):1:") == true, "\(stopped.outcome.errors.report)")
  }

  @Test func aFolderOfPicturesPrintsPaths() throws {
    let folder = Repository.path("Data/pictures")
    let source = try SourceResolver.resolve(folder)
    let result = run("'01-sky", source)
    #expect(result.lines.count == 1)
    #expect(result.lines.first?.hasPrefix("/") == true)
    #expect(result.lines.first?.hasSuffix("/Data/pictures/01-sky.jpg") == true)
    let sorted = run("'01-sky", source, sort: WaterfallApp.SortOrder(field: "path"))
    #expect(sorted.lines == result.lines, "sorted, a picture still prints as its path")
  }

  @Test func aStopAskedForEndsTheReading() throws {
    let lines = (0..<50_000).map { #"{"id":\#($0),"t":"item \#($0)"}"# }
    let path = try write(lines.joined(separator: "\n"))
    let result = run("item", FileSource(path: path), stopAfter: 10)
    #expect(result.lines.count == 10)
    #expect(result.outcome.stopped)
  }
}
