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

  /// Not yet: a stream that starts with a bare object is read as a value stream
  /// of objects, and its later array is dropped with nothing said (exit 0). A
  /// known issue, so the day it is fixed this test says so.
  @Test func objectsAndArraysMixed() throws {
    let text = #"{"n":1}"# + "\n" + #"[{"n":2},{"n":3}]"# + #"{"n":4}"#
    let run = try Tmux.waterfall(["--filter", ""], input: Data(text.utf8))
    withKnownIssue("an array after a bare object is dropped") {
      #expect(Self.numbers(run.out) == [1, 2, 3, 4])
    }
  }
}
