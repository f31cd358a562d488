import Foundation
import TestSupport
import Testing

/// JSON documents one after another (`gh api --paginate`, `jq`) as one stream
/// of items, from a file and from a pipe (issue 27): after a top-level array
/// closes, whitespace and then another `[` (or `{`) starts the next page of the
/// same stream, each array's elements items, a bare object an item.
@Suite struct PagesBackToBackTests {
  static let pages = [
    #"[{"n":1,"title":"one"},{"n":2,"title":"two"}]"#, #"[{"n":3,"title":"three"}]"#, #"[]"#, #"[{"n":4,"title":"four"}]"#,
  ]

  static func numbers(_ out: String) -> [Int] {
    out.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["n"] as? Int
    }
  }

  @Test(arguments: ["", "\n", "\n\n  "])
  func arraysBackToBackFromAFileAndAPipe(separator: String) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = Self.pages.joined(separator: separator) + "\n"
    let path = folder.appendingPathComponent("paginated.json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let file = try Tmux.waterfall(["--filter", "", path])
    #expect(file.status == 0, "\(file.err)")
    #expect(file.err.isEmpty)
    #expect(Self.numbers(file.out) == [1, 2, 3, 4])
    let pipe = try Tmux.waterfall(["--filter", ""], input: Data(text.utf8))
    #expect(Self.numbers(pipe.out) == [1, 2, 3, 4])
    let render = try Tmux.waterfall(["render", path, "--width", "80", "--height", "20"])
    #expect(render.out.contains(" 1/4 │"), "the browser counts every page's items")
  }

  /// An array after a bare object, on its line and with another object after
  /// it on the same line, or on the next: each of its elements is an item, and
  /// each prints exactly its own bytes (issue 27).
  @Test(arguments: ["", "\n"])
  func objectsAndArraysMixed(separator: String) throws {
    let text = #"{"n":1}"# + "\n" + #"[{"n":2},{"n":3}]"# + separator + #"{"n":4}"#
    let run = try Tmux.waterfall(["--filter", ""], input: Data(text.utf8))
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.isEmpty, "nothing skipped: \(run.err)")
    #expect(run.out == (1...4).map { #"{"n":\#($0)}"# + "\n" }.joined())
  }

  /// Items from inside an array on line 2, spaced, chosen in the browser and
  /// printed: `--print` reads each again from the page at its offset, from a
  /// file and from a pipe (spooled).
  @Test(arguments: [false, true])
  func itemsFromAnArrayOnLineTwoPrintTheirOwnBytes(piped: Bool) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = [#"{"n": 1, "title": "one"}"#, #"{ "n": 2, "title": "two" }"#, #"{"n":3,"title":"three"}"#, #"{"n": 4 ,"title":"four"}"#]
    let text = items[0] + "\r\n  [ " + items[1] + " ,\t" + items[2] + " ]  " + items[3] + "\n"
    let input = folder.appendingPathComponent("mixed.json")
    try Data(text.utf8).write(to: input)
    let output = folder.appendingPathComponent("out")
    let source = piped ? "cat \(Tmux.shellQuote(input.path)) | waterfall" : "waterfall \(Tmux.shellQuote(input.path))"
    let tmux = try Tmux("\(source) -m --print > \(Tmux.shellQuote(output.path))")
    try tmux.waitFor("the four cards") { Tmux.status($0).hasPrefix(" 1/4") }
    for marked in 1...4 {
      try tmux.send("Tab")
      try tmux.waitFor("\(marked) marked") { Tmux.status($0).contains("\(marked) marked") }
    }
    try tmux.send("Enter")
    #expect(try tmux.waitForExit().status == 0)
    #expect(try String(contentsOf: output, encoding: .utf8) == items.map { $0 + "\n" }.joined())
  }
}
