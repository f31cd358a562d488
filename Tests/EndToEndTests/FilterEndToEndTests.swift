import Foundation
import TestSupport
import Testing
import WaterfallApp

/// `waterfall --filter` as a script uses it: the real binary, no terminal, its
/// output compared with a brute-force filter (the browser's search applied to
/// each item in the test) on random queries over a generated file, its exit
/// statuses, and a reader that goes away (issue 27).
@Suite struct FilterEndToEndTests {
  static let words = ["wool", "linen", "clay", "mug", "lamp", "Teapot", "oak", "茶具", "黄铜", "Ünïcode", "scarf", "42", "blue"]
  static let shops = ["Clay Co", "Oak Street Goods", "一盏灯", "Wool & Co"]

  /// A JSON Lines file of `count` random items (nested fields, tags, escapes,
  /// numbers, Chinese), some 2 MiB for 8,000: more than one chunk.
  static func items(_ count: Int, seed: UInt64) -> [String] {
    var rng = SeededGenerator(seed: seed)
    func pick(_ list: [String]) -> String { list.randomElement(using: &rng)! }
    return (0..<count).map { i in
      let title = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pick(words) }.joined(separator: " ")
      let tags = (0..<Int.random(in: 0...3, using: &rng)).map { _ in "\"\(pick(words).lowercased())\"" }.joined(separator: ",")
      let price = Int.random(in: 1...500, using: &rng)
      let escaped = Bool.random(using: &rng) ? #"\u0041\"quoted\"\n"# : "plain"
      let text = String(repeating: pick(words) + " ", count: Int.random(in: 5...30, using: &rng))
      return #"{"id":\#(i),"title":"\#(title)","shop":"\#(pick(shops))","price":\#(price).50,"size":{"w":\#(Int.random(in: 1...9, using: &rng)),"unit":"\#(escaped)"},"tags":[\#(tags)],"description":"\#(text)"}"#
    }
  }

  /// A random query in the search's language: fuzzy, exact, prefix, suffix,
  /// equal and negated terms, fields, alternatives.
  static func query(_ rng: inout SeededGenerator) -> String {
    var groups: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      var terms: [String] = []
      for _ in 0..<Int.random(in: 1...2, using: &rng) {
        var word = words.randomElement(using: &rng)!.lowercased()
        if Bool.random(using: &rng) { word = String(word.prefix(Int.random(in: 1...max(1, word.count), using: &rng))) }
        let form = ["", "'", "^", "$", "!", "!'"].randomElement(using: &rng)!
        var term: String
        switch form {
        case "$": term = word + "$"
        default: term = form + word
        }
        if Int.random(in: 0..<3, using: &rng) == 0 { term = ["title:", "shop:", "tags:", "size.unit:", "size:"].randomElement(using: &rng)! + term }
        terms.append(term)
      }
      groups.append(terms.joined(separator: " | "))
    }
    return groups.joined(separator: " ")
  }

  @Test func equalsABruteForceFilterOnRandomQueries() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = Self.items(8_000, seed: 27)
    let path = folder.appendingPathComponent("items.jsonl").path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    var rng = SeededGenerator(seed: 2027)
    var withMatches = 0
    for round in 0..<30 {
      let text = Self.query(&rng)
      let exact = round % 5 == 4
      let query = SearchQuery(text, exactByDefault: exact)
      // The brute force: each item parsed whole and the query asked of its values.
      let expected = lines.filter { line in (try? JSONParser.parse(Array(line.utf8))).map { query.matches(SearchFields($0)) } ?? false }
      let run = try Tmux.waterfall(["--filter", text, path] + (exact ? ["--exact"] : []))
      let got = run.out.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
      let same = got == expected
      let difference = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, expected.count)
      #expect(
        same,
        "query \(text.debugDescription)\(exact ? " --exact" : ""): \(got.count) lines, \(expected.count) expected; first difference at \(difference): \(got.dropFirst(difference).first?.prefix(60) ?? "none") / \(expected.dropFirst(difference).first?.prefix(60) ?? "none")")
      #expect(run.status == (expected.isEmpty ? 1 : 0), "query \(text.debugDescription)")
      #expect(run.err.isEmpty, "\(run.err)")
      if !expected.isEmpty { withMatches += 1 }
    }
    #expect(withMatches >= 10 && withMatches <= 28, "the queries match some and not others (\(withMatches) of 30)")
  }

  @Test func everyFormatAndStandardInputGiveTheSameLines() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = Self.items(300, seed: 5)
    let jsonl = folder.appendingPathComponent("a.jsonl").path
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: jsonl))
    // The same items as an indented array, as `jq .` writes one: each printed on one line.
    let pretty = folder.appendingPathComponent("a.json").path
    let indented = "[\n" + lines.map { "  " + $0.replacingOccurrences(of: #","#, with: ",\n    ") }.joined(separator: ",\n") + "\n]\n"
    try Data(indented.utf8).write(to: URL(fileURLWithPath: pretty))
    let fromLines = try Tmux.waterfall(["-f", "wool", jsonl])
    #expect(fromLines.status == 0)
    let fromStdin = try Tmux.waterfall(["-f", "wool"], input: Data(lines.joined(separator: "\n").utf8))
    #expect(fromStdin.out == fromLines.out)
    let fromArray = try Tmux.waterfall(["-f", "wool", pretty])
    #expect(fromArray.out == fromLines.out, "an indented item is printed on one line, as it was written otherwise")
    let got = fromLines.out.split(separator: "\n")
    let sorted = try Tmux.waterfall(["-f", "wool", "--sort", "price:desc", jsonl])
    let prices = sorted.out.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["price"] as? Double
    }
    #expect(prices.count == got.count)
    #expect(prices == prices.sorted(by: >), "--sort orders the matches")
  }

  @Test func exitStatusesAndErrors() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let broken = folder.appendingPathComponent("b.json").path
    try Data(#"[{"t":"mug"},{"t":"mug 2",]"#.utf8).write(to: URL(fileURLWithPath: broken))
    let run = try Tmux.waterfall(["--filter", "mug", broken])
    #expect(run.out == #"{"t":"mug"}"# + "\n", "the items before the error are printed")
    #expect(run.status == 2)
    #expect(run.err == "waterfall: \(broken):1:25: expected a value, found ']'\n" || run.err.hasPrefix("waterfall: \(broken):1:"), "\(run.err)")
    #expect(run.err.split(separator: "\n").count == 1)
    let none = try Tmux.waterfall(["-f", "nothing-like-this", "Data/notes.jsonl"])
    #expect(none.status == 1)
    #expect(none.out.isEmpty && none.err.isEmpty)
    let missing = try Tmux.waterfall(["-f", "x", "no-such.jsonl"])
    #expect(missing.status == 2)
    #expect(missing.err == "waterfall: no-such.jsonl: No such file or directory\n")
  }

  @Test func aReaderThatGoesAwayEndsItQuietly() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("many.jsonl").path
    let line = #"{"title":"wool \#(String(repeating: "x", count: 200))"}"#
    try Data(String(repeating: line + "\n", count: 50_000).utf8).write(to: URL(fileURLWithPath: path))
    // bash's PIPESTATUS: waterfall's own status, and nothing on standard error.
    let script = "\(Tmux.shellQuote(Tmux.waterfall)) --filter wool \(Tmux.shellQuote(path)) 2>\(Tmux.shellQuote(folder.path))/err | head -1; echo \"status ${PIPESTATUS[0]}\""
    let run = try Tmux.launch("/bin/bash", ["-c", script], input: nil, environment: [:])
    #expect(run.out.hasSuffix("status 141\n"), "killed by SIGPIPE, as yes | head is: \(run.out.suffix(40))")
    #expect(run.out.hasPrefix(line + "\n"))
    #expect((try? String(contentsOfFile: folder.path + "/err", encoding: .utf8)) == "")
  }
}
