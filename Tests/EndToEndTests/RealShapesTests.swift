import Foundation
import TestSupport
import Testing

/// Real-shaped files nobody here wrote, as a new user would open them: what each
/// shows (through `waterfall render`) and its exit status.
struct RealShape: Sendable, CustomTestStringConvertible {
  var name: String
  /// Makes the file inside a scratch folder and returns the path to open.
  var make: @Sendable (URL) throws -> String
  var arguments: [String] = []
  /// Text the screen must show (each).
  var shows: [String]
  /// The items the status bar counts.
  var items: Int
  /// Text standard error must hold (each), `$P` for the path.
  var messages: [String] = []
  var status: Int32 = 0

  var testDescription: String { name }

  static func text(_ text: String, named name: String) -> @Sendable (URL) throws -> String {
    bytes(Array(text.utf8), named: name)
  }

  static func bytes(_ bytes: [UInt8], named name: String) -> @Sendable (URL) throws -> String {
    { folder in
      let url = folder.appendingPathComponent(name)
      try Data(bytes).write(to: url)
      return url.path
    }
  }

  /// A small PNG: 2x1 pixels, red and blue.
  static let png: [UInt8] = {
    let path = Repository.path("Tests/WaterfallImagesTests/Fixtures")
    let name = (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted().first { $0.hasSuffix(".png") }
    return name.flatMap { FileManager.default.contents(atPath: path + "/" + $0) }.map { Array($0) } ?? []
  }()
}

@Suite struct RealShapesTests {
  static let table: [RealShape] = [
    RealShape(
      name: "an object wrapping an array (iso-codes' shape)",
      make: RealShape.text("{\n  \"3166-1\": [\n    {\"alpha_2\": \"AW\", \"name\": \"Aruba\"},\n    {\"alpha_2\": \"AF\", \"name\": \"Afghanistan\"}\n  ]\n}\n", named: "iso.json"),
      shows: ["Aruba", "Afghanistan"], items: 2, messages: ["$P: items from /3166-1 (the largest array of objects"]),
    RealShape(
      name: "GeoJSON with --path .features",
      make: RealShape.text(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "name": "Oslo"}], "crs": [{"name": "not this"}, {"name": "nor this"}]}"#, named: "map.geojson"),
      arguments: ["--path", ".features"], shows: ["Oslo"], items: 1),
    RealShape(
      name: "a map of objects: a card per key",
      make: RealShape.text(#"{"lodash": {"version": "4.17.21"}, "react": {"version": "18.2.0"}, "vue": {"version": "3.4.0"}}"#, named: "deps.json"),
      shows: ["lodash", "react", "vue"], items: 3),
    RealShape(
      name: "pretty-printed values one after another (jq's output)",
      make: RealShape.text("{\n  \"name\": \"first\"\n}\n{\n  \"name\": \"second\"\n}\n", named: "jq.json"),
      shows: ["first", "second"], items: 2),
    RealShape(
      name: "CSV with quoted newlines, a BOM and CRLF",
      make: RealShape.text("\u{FEFF}name,price,description\r\n\"Mug, blue\",12.5,\"two\nlines\"\r\nLamp,7,plain\r\n", named: "shop.csv"),
      shows: ["Mug, blue", "12.5", "Lamp"], items: 2),
    RealShape(
      name: "Excel's CSV (Macintosh): a CR alone ends each line",
      make: RealShape.text("name,price\rMug,12.5\rLamp,7\rRug,30\r", named: "mac.csv"),
      shows: ["Mug", "Lamp", "Rug"], items: 3),
    RealShape(
      name: "gh api --paginate: arrays back to back",
      make: RealShape.text(RealShapesTests.paginatedArrays, named: "issues.json"),
      shows: ["first page", "second page", "third page"], items: 5),
    RealShape(
      name: "gh api --paginate: search pages back to back",
      make: RealShape.text(RealShapesTests.paginatedObjects, named: "search.json"),
      shows: ["first page", "second page"], items: 3,
      messages: ["$P: items from /items of each document (the largest array of objects"]),
    RealShape(
      name: "TSV",
      make: RealShape.text("name\tcity\nAda\tLondon\nGrace\tNew York\n", named: "people.tsv"),
      shows: ["Ada", "Grace"], items: 2),
    RealShape(
      name: "semicolons, told by the content",
      make: RealShape.text("name;n\nA;1\nB;2\nC;3\n", named: "export.txt"),
      shows: ["A", "B", "C"], items: 3),
    RealShape(
      name: "a SQLite table with a picture BLOB",
      make: { folder in
        let path = folder.appendingPathComponent("shop.db").path
        try TestDatabase.make(
          at: path, sql: "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT, photo BLOB); INSERT INTO items(name) VALUES ('Lamp');",
          blobRows: [RealShape.png], blobSQL: "INSERT INTO items(name, photo) VALUES ('Mug', ?)")
        return path
      },
      shows: ["Lamp"], items: 2),
    RealShape(
      name: "a SQLite database with several tables lists them",
      make: { folder in
        let path = folder.appendingPathComponent("two.db").path
        try TestDatabase.make(at: path, sql: "CREATE TABLE a(x); CREATE TABLE b(y);")
        return path
      },
      shows: [], items: 0,
      messages: ["$P: a SQLite database with 2 tables: a, b; choose one with --table NAME"], status: 2),
    RealShape(
      name: "a SQLite query",
      make: { folder in
        let path = folder.appendingPathComponent("q.db").path
        try TestDatabase.make(at: path, sql: "CREATE TABLE a(name, n); INSERT INTO a VALUES ('one', 1), ('two', 2), ('three', 3);")
        return path
      },
      arguments: ["--sql", "SELECT name FROM a WHERE n > 1"], shows: ["two", "three"], items: 2),
    RealShape(
      name: "a binary file", make: RealShape.bytes([0x01, 0x02, 0x00, 0x7F, 0x00] + Array(repeating: 0xEE, count: 600), named: "blob.bin"),
      shows: [], items: 0, messages: ["$P: looks like a binary file, not data"], status: 2),
    RealShape(
      name: "a PNG", make: RealShape.bytes(RealShape.png, named: "photo.json"), shows: [], items: 0,
      messages: ["$P: looks like a PNG picture, not data; to browse pictures, open their folder"], status: 2),
    RealShape(
      name: "an SVG given as the file",
      make: RealShape.text("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><rect width=\"8\" height=\"8\"/></svg>\n", named: "logo.svg"),
      shows: [], items: 0, messages: ["$P: looks like an SVG picture, not data; to browse pictures, open their folder"], status: 2),
    RealShape(
      name: "an SVG with a byte-order mark, an XML declaration and a comment",
      make: RealShape.text("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- drawn by hand -->\n<svg\n  viewBox=\"0 0 8 8\"></svg>\n", named: "icon.json"),
      shows: [], items: 0, messages: ["$P: looks like an SVG picture, not data"], status: 2),
    RealShape(
      name: "a tar",
      make: { folder in
        let inner = folder.appendingPathComponent("a.json")
        try Data("[]".utf8).write(to: inner)
        let tar = folder.appendingPathComponent("data.tar").path
        _ = try Tmux.runTool("/usr/bin/tar", ["-cf", tar, "-C", folder.path, "a.json"])
        return tar
      },
      shows: [], items: 0, messages: ["$P: looks like a tar archive, not data; unpack it first"], status: 2),
    RealShape(
      name: "unknown text: one line, not a flood",
      make: RealShape.text(String(repeating: "Lorem ipsum dolor sit amet\n", count: 500), named: "notes.txt"),
      shows: [], items: 0, messages: ["$P: looks like text, not data (not one of its 500 lines is JSON"], status: 2),
  ]

  /// Pages as GitHub's API writes them (indented by two), back to back, as
  /// `gh api --paginate` prints them.
  static let paginatedArrays = """
    [
      {"title": "first page", "number": 1},
      {"title": "first page, again", "number": 2}
    ][
      {"title": "second page", "number": 3},
      {"title": "second page, again", "number": 4}
    ]
    [
      {"title": "third page", "number": 5}
    ]

    """
  static let paginatedObjects = """
    {
      "total_count": 3,
      "incomplete_results": false,
      "items": [
        {"title": "first page", "number": 1},
        {"title": "first page, again", "number": 2}
      ]
    }{
      "total_count": 3,
      "incomplete_results": false,
      "items": [
        {"title": "second page", "number": 3}
      ]
    }

    """

  /// The same pages from a pipe: every page's items, one stream (issue 27).
  @Test(arguments: [(paginatedArrays, 5), (paginatedObjects, 3)])
  func pagesBackToBackFromAPipeAreOneStream(_ text: String, _ items: Int) throws {
    let run = try Tmux.waterfall(["render", "-", "--width", "80", "--height", "20"], input: Data(text.utf8))
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("first page") && run.out.contains("second page"), "\(run.out)")
    let bar = run.out.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    #expect(bar.contains("/\(items) "), "items: \(bar)")
  }

  @Test(arguments: table)
  func eachShapeShowsWhatItHolds(_ shape: RealShape) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try shape.make(folder)
    let run = try Tmux.waterfall(["render", path, "--width", "80", "--height", "20"] + shape.arguments)
    #expect(run.status == shape.status, "\(run.err)")
    for text in shape.shows { #expect(run.out.contains(text), "\(run.out)") }
    for message in shape.messages {
      #expect(run.err.contains(message.replacingOccurrences(of: "$P", with: path)), "\(run.err)")
    }
    #expect(run.err.split(separator: "\n").count <= max(1, shape.messages.count), "one clear line: \(run.err)")
    let bar = run.out.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    let count = bar.split(separator: " ").first { $0.contains("/") }.flatMap { Int($0.split(separator: "/").last ?? "") }
    #expect((count ?? 0) == shape.items, "items: \(bar)")
  }

  @Test func aBadLineFloodListsTwentyThenACount() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("mixed.jsonl").path
    var text = "{\"title\": \"good\"}\n"
    for _ in 0..<1_234 { text += "{bad\n" }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let run = try Tmux.waterfall(["render", path, "--width", "60", "--height", "10"])
    let lines = run.err.split(separator: "\n")
    #expect(lines.count == 21)
    #expect(lines.last == "waterfall: … and 1,214 more lines skipped")
    #expect(run.out.contains("good"))
  }

  @Test func aPictureInABlobIsDrawnOnItsCard() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("photos.db").path
    try TestDatabase.make(
      at: path, sql: "CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT, photo BLOB);",
      blobRows: [RealShape.png], blobSQL: "INSERT INTO photos(name, photo) VALUES ('Mug', ?)")
    let drawn = try Tmux.waterfall(["render", path, "--pictures", "--symbols", "half", "--width", "40", "--height", "20"])
    #expect(drawn.status == 0)
    #expect(drawn.out.contains("▀"), "the picture, in half blocks: \(drawn.out)")
    let details = try Tmux.waterfall(["render", path, "--width", "60", "--height", "12", "--details"])
    #expect(details.out.contains("<PNG picture, "), "\(details.out)")
  }

  @Test func aDatabaseIsOnlyRead() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("shop.db").path
    try TestDatabase.make(at: path, sql: "CREATE TABLE items(name); INSERT INTO items VALUES ('Mug'), ('Lamp');")
    func snapshot() throws -> [String: (Data, Date)] {
      var files: [String: (Data, Date)] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        let file = folder.appendingPathComponent(name).path
        let date = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date ?? .distantPast
        files[name] = (FileManager.default.contents(atPath: file) ?? Data(), date)
      }
      return files
    }
    // A modification time in the past: a write now would move it.
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: folder.appendingPathComponent(name).path)
    }
    let before = try snapshot()
    for arguments in [["--table", "items", "--select", "1", "--details"], ["--sql", "SELECT * FROM items"]] {
      let run = try Tmux.waterfall(["render", path, "--width", "60", "--height", "10"] + arguments)
      #expect(run.status == 0)
      #expect(run.out.contains("Lamp"))
    }
    let refused = try Tmux.waterfall(["render", path, "--sql", "DELETE FROM items", "--width", "60", "--height", "10"])
    #expect(refused.status == 2)
    #expect(refused.err.contains("only a query that reads"))
    let after = try snapshot()
    #expect(Set(after.keys) == Set(before.keys), "no journal or WAL made")
    for (name, (data, date)) in before {
      #expect(after[name]?.0 == data, "\(name): the same bytes")
      #expect(after[name]?.1 == date, "\(name): the same modification time")
    }
  }
}
