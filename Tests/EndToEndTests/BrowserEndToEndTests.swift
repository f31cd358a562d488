import Foundation
import Testing

/// The real binary in tmux: what a user sees and does.
@Suite(.serialized) struct BrowserEndToEndTests {
  /// The layout's cell frames for `path` at `width`, from `waterfall layout`.
  struct Frame: Decodable {
    var kind: String
    var item: Int
    var x: Int
    var y: Int
    var w: Int
    var h: Int
  }

  static func frames(_ arguments: [String]) throws -> [Frame] {
    let out = try Tmux.waterfall(["layout"] + arguments).out
    return out.split(separator: "\n").dropFirst().compactMap {
      try? JSONDecoder().decode(Frame.self, from: Data($0.utf8))
    }.filter { $0.kind == "cell" }
  }

  /// The item the status bar says is selected (`n/N`, 0-based).
  static func selected(_ screen: [String]) -> Int? {
    guard let bar = screen.last(where: { !$0.isEmpty }) else { return nil }
    let position = bar.split(separator: " ").first { $0.contains("/") }
    return position.flatMap { Int($0.split(separator: "/")[0]) }.map { $0 - 1 }
  }


  @Test func firstScreenShowsCards() throws {
    let tmux = try Tmux("waterfall Data/shops")
    let screen = try tmux.waitFor("cards and the status bar") { s in
      s.joined().contains("┏") && s.joined().contains("┌") && Tmux.status(s).hasPrefix(" 1/")
    }
    #expect(Tmux.status(screen).contains("columns · waterfall"))
    #expect(try tmux.display("#{alternate_on}") == "1")
  }

  @Test func arrowsMoveAsTheNavigationRulesSay() throws {
    let frames = try Self.frames(["Data/shops", "--width", "100"])
    // Without colours the pictures stay placeholders, as `render` draws them.
    let tmux = try Tmux("NO_COLOR=1 waterfall Data/shops")
    try tmux.waitFor("the first card selected") { Self.selected($0) == 0 }
    var current = 0
    for key in ["Down", "Down", "Right", "Up", "Right", "Left", "Down"] {
      let expected = Self.neighbor(of: current, key: key, in: frames)
      try tmux.send(key)
      try tmux.waitFor("\(key) to select \(expected)") { Self.selected($0) == expected }
      current = expected
    }
    // The same keys through `render --keys` give the very same screen.
    let rendered = try Tmux.waterfall(["render", "Data/shops", "--width", "100", "--height", "30", "--keys", "Down Down Right Up Right Left Down"]).out
    let expectedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try tmux.waitFor("the rendered screen") { Array($0.prefix(29)) == Array(expectedLines.prefix(29)) }
  }

  /// Scrolling writes only the rows that change (the window is shifted first);
  /// after a long mix of scrolls and moves the screen is still exactly what
  /// `render` draws for the same keys.
  @Test func scrollingLeavesExactlyTheRenderedScreen() throws {
    let keys = ["C-e", "C-e", "C-e", "Down", "Down", "PageDown", "C-y", "Right", "Down", "C-e", "PageUp", "Down", "End", "C-y", "C-y", "Home"]
    let tmux = try Tmux("NO_COLOR=1 waterfall Data/notes.jsonl", width: 100, height: 30)
    try tmux.waitFor("the first card") { Self.selected($0) == 0 }
    var pressed: [String] = []
    for key in keys {
      try tmux.send(key)
      pressed.append(key)
      let rendered = try Tmux.waterfall(["render", "Data/notes.jsonl", "--width", "100", "--height", "30", "--keys", pressed.joined(separator: " ")]).out
      let expected = rendered.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
      try tmux.waitFor("the screen after \(pressed.joined(separator: " "))") { Array($0.prefix(30)) == Array(expected.prefix(30)) }
    }
  }

  /// The navigation rules, restated over the frames `waterfall layout` prints.
  static func neighbor(of item: Int, key: String, in frames: [Frame]) -> Int {
    guard let current = frames.first(where: { $0.item == item }) else {
      Issue.record("item \(item) has no frame in `waterfall layout`'s output (\(frames.count) frames)")
      return item
    }
    let middle = current.y + current.h / 2
    switch key {
    case "Down":
      return frames.filter { $0.x == current.x && $0.y > current.y }.min { $0.y < $1.y }?.item ?? item
    case "Up":
      return frames.filter { $0.x == current.x && $0.y < current.y }.max { $0.y < $1.y }?.item ?? item
    default:
      let xs = Set(frames.map(\.x)).sorted()
      let column = xs.firstIndex(of: current.x)! + (key == "Right" ? 1 : -1)
      guard xs.indices.contains(column) else { return item }
      let candidates = frames.filter { $0.x == xs[column] }
      if let covering = candidates.first(where: { $0.y <= middle && middle < $0.y + $0.h }) { return covering.item }
      func overlap(_ f: Frame) -> Int { min(f.y + f.h, current.y + current.h) - max(f.y, current.y) }
      return candidates.max { overlap($0) < overlap($1) }!.item
    }
  }

  @Test func enterShowsEveryFieldAndEscapeReturnsToTheSamePlace() throws {
    let tmux = try Tmux("waterfall Data/shops")
    try tmux.waitFor("the first card") { Self.selected($0) == 0 }
    try tmux.send("Down", "Right")
    try tmux.waitFor("the selection to move") { Self.selected($0) != 0 && Self.selected($0) != nil }
    let before = try tmux.settle()
    try tmux.send("Enter")
    let details = try tmux.waitFor(text: "Details")
    for field in ["id", "title", "price", "img", "w", "h", "tags", "description"] {
      #expect(details.contains { $0.hasPrefix("┃ \(field) ") }, "field \(field)")
    }
    try tmux.send("Escape")
    try tmux.waitFor("the same screen as before") { $0 == before }
  }

  @Test func slashFiltersAsYouType() throws {
    let tmux = try Tmux("waterfall Data/notes.jsonl")
    try tmux.waitFor("the first card") { Self.selected($0) == 0 }
    try tmux.send("/")
    try tmux.type("the")
    let filtering = try tmux.waitFor("the filter prompt") { Tmux.status($0).hasPrefix(" /the") }
    #expect(!Tmux.status(filtering).contains(" 60/60"))
    try tmux.send("Enter")
    // The prompt's own line says "/the" and "50 of 60" too: the kept filter's
    // status starts with the position instead.
    let kept = try tmux.waitFor("the filter kept") {
      let status = Tmux.status($0)
      return !status.hasPrefix(" /") && status.contains("/the") && status.contains(" of 60")
    }
    #expect(Self.selected(kept) == 0)
    try tmux.send("Escape")
    try tmux.waitFor("the filter cleared") { Tmux.status($0).hasPrefix(" 1/60 ") }
  }

  @Test func qExitsZeroWithTheTerminalRestored() throws {
    let tmux = try Tmux("waterfall Data/shops")
    try tmux.waitFor("the first card") { Self.selected($0) == 0 }
    try tmux.send("q")
    let exit = try tmux.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.stty == "icanon echo")
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  @Test func printWritesExactlyTheChosenItem() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("wf-print-\(getpid()).json")
    defer { try? FileManager.default.removeItem(at: output) }
    let tmux = try Tmux("waterfall --print Data/notes.jsonl > \(Tmux.shellQuote(output.path))")
    try tmux.waitFor("the first card") { Self.selected($0) == 0 }
    try tmux.send("Down")
    try tmux.waitFor("the selection to move") { Self.selected($0).map { $0 > 0 } ?? false }
    let screen = try tmux.settle()
    let item = Self.selected(screen)!
    try tmux.send("Enter")
    #expect(try tmux.waitForExit().status == 0)
    let lines = try String(contentsOf: Tmux.root.appendingPathComponent("Data/notes.jsonl"), encoding: .utf8).split(separator: "\n")
    #expect(try String(contentsOf: output, encoding: .utf8) == lines[item] + "\n")
  }

  @Test func printWithoutAChoiceExitsOne() throws {
    let tmux = try Tmux("waterfall --print Data/notes.jsonl > /dev/null")
    try tmux.waitFor("the first card") { Self.selected($0) == 0 }
    try tmux.send("Escape")
    #expect(try tmux.waitForExit().status == 1)
  }

  @Test func resizingReflowsToFewerColumnsWithTheSelectionVisible() throws {
    let tmux = try Tmux("waterfall Data/shops", width: 120, height: 40)
    try tmux.waitFor("4 columns") { Tmux.status($0).contains("4 columns") }
    // Wait for the item the keys lead to, not for the first move: on a slow
    // machine (the sanitizer runs) the later keys would land after the resize.
    let frames = try Self.frames(["Data/shops", "--all-pages", "--width", "120"])
    var item = 0
    for key in Array(repeating: "Down", count: 6) + ["Right"] { item = Self.neighbor(of: item, key: key, in: frames) }
    for _ in 0..<6 { try tmux.send("Down") }
    try tmux.send("Right")
    try tmux.waitFor("the selection to reach item \(item)") { Self.selected($0) == item }
    try tmux.resize(width: 60, height: 20)
    let after = try tmux.waitFor("2 columns") { Tmux.status($0).contains("2 columns") }
    #expect(Self.selected(after) == item)
    #expect(after.contains { $0.contains("┏") || $0.contains("┃") || $0.contains("┗") }, "the selected card is on screen")
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let tmux = try Tmux("waterfall Data/shops")
    try tmux.waitFor("the first card") { Self.selected($0) == 0 }
    Foundation.kill(try tmux.programPID(), SIGTERM)
    let exit = try tmux.waitForExit()
    #expect(exit.status == 128 + Int(SIGTERM))
    #expect(exit.stty == "icanon echo")
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  @Test func standardInputFromAPipe() throws {
    let tmux = try Tmux("cat Data/notes.jsonl | waterfall -")
    let screen = try tmux.waitFor("cards from the notes") { Tmux.status($0).contains("1/60") }
    #expect(screen.joined().contains("┏"))
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
