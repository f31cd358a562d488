import Foundation
import Testing

/// Signals, suspend and resume, and resize storms, on the real binary in tmux: the
/// terminal always comes back (main screen, echo, canonical mode) and the screen is
/// always the one `waterfall render` draws for the size.
@Suite(.serialized) struct SignalsAndSizesEndToEndTests {
  /// A signal sent with `kill`, and the status the shell must see.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var signal: Int32
    var testDescription: String { "\(name) ends with status \(128 + signal) and gives the terminal back" }
  }

  static let signals: [Case] = [
    Case(name: "SIGINT", signal: SIGINT), Case(name: "SIGTERM", signal: SIGTERM), Case(name: "SIGHUP", signal: SIGHUP),
    Case(name: "SIGQUIT", signal: SIGQUIT), Case(name: "SIGSEGV", signal: SIGSEGV),
  ]


  /// One file, so that the browser and `render` hold the same items whenever and
  /// however pages are loaded.
  /// The notes, their subtitle named: the data would choose the same one and say
  /// so in the status bar (a notice, which `render` writes to stderr instead).
  static let data = "--subtitle-field date Data/notes.jsonl"

  /// The screen `waterfall render` draws for ``data`` at a size, trailing spaces
  /// removed as tmux removes them.
  static func rendered(width: Int, height: Int) throws -> [String] {
    let run = try Tmux.waterfall(["render"] + data.split(separator: " ").map(String.init) + ["--width", String(width), "--height", String(height)])
    #expect(run.status == 0, "\(run.err)")
    let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false).prefix(height)
    return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// Whether `screen` shows `expected`. The bottom-right cell is left out: curses
  /// cannot write it without scrolling a terminal that wraps at the margin.
  static func matches(_ screen: [String], _ expected: [String], width: Int) -> Bool {
    guard screen.count >= expected.count else { return false }
    for (y, line) in expected.enumerated() {
      var want = line
      var got = screen[y]
      if y == expected.count - 1 {
        want = String(want.prefix(width - 1)).trailingSpacesRemoved
        got = String(got.prefix(width - 1)).trailingSpacesRemoved
      }
      if want != got { return false }
    }
    return true
  }

  @Test(arguments: signals)
  func aSignalRestoresTheTerminal(_ test: Case) throws {
    // No core file from SIGQUIT or SIGSEGV lands in the repository.
    let tmux = try Tmux("ulimit -c 0; waterfall \(Self.data)", name: "signal\(test.name)")
    try tmux.waitFor("the cards") { Tmux.status($0).hasPrefix(" 1/") }
    #expect(try tmux.display("#{alternate_on}") == "1")
    Foundation.kill(try tmux.programPID(), test.signal)
    let exit = try tmux.waitForExit()
    #expect(exit.status == 128 + Int(test.signal))
    #expect(exit.stty == "icanon echo")
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  @Test func ctrlZThenFgRedrawsTheSameScreen() throws {
    let tmux = try Tmux("PS1='prompt$ ' bash --norc --noprofile -i")
    try tmux.waitFor(text: "prompt$")
    try tmux.type("waterfall \(Self.data)")
    try tmux.send("Enter")
    try tmux.waitFor("the cards") { Tmux.status($0).hasPrefix(" 1/") }
    try tmux.send("Down", "Right")
    let before = try tmux.waitFor("the selection to move") { !Tmux.status($0).hasPrefix(" 1/") && Tmux.status($0).contains("/60") }

    try tmux.send("C-z")
    try tmux.waitFor("the job to stop") { $0.joined(separator: "\n").contains("Stopped") }
    #expect(try tmux.display("#{alternate_on}") == "0")
    try tmux.type("stty -a | tr -s ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo)' | tr '\\n' ' '; echo :modes")
    try tmux.send("Enter")
    try tmux.waitFor(text: "icanon echo :modes")

    try tmux.type("fg")
    try tmux.send("Enter")
    let after = try tmux.waitFor("the same screen again") { $0 == before }
    #expect(after == before)
    #expect(try tmux.display("#{alternate_on}") == "1")
    try tmux.send("q")
    try tmux.waitFor("the shell") { Tmux.status($0).hasPrefix("prompt$") }
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  @Test func fiftyResizesInTenBurstsThenTheLayoutFitsTheFinalSize() throws {
    let tmux = try Tmux("waterfall \(Self.data)", width: 100, height: 30)
    try tmux.waitFor("the cards") { Tmux.status($0).hasPrefix(" 1/60") }
    let widths = [1, 150, 7, 33, 2, 81, 120, 19, 60, 200]
    let heights = [1, 40, 3, 24, 2, 12, 5, 50]
    var sizes: [(Int, Int)] = []
    for i in 0..<50 { sizes.append((widths[(i * 7) % widths.count], heights[(i * 5) % heights.count])) }
    // Ten bursts of five, back to back: fifty size changes faster than it can draw.
    for burst in 0..<10 {
      var arguments: [String] = []
      for (width, height) in sizes[(burst * 5)..<(burst * 5 + 5)] {
        arguments += (arguments.isEmpty ? [] : [";"]) + ["resize-window", "-t", "0", "-x", String(width), "-y", String(height)]
      }
      try Tmux.run(arguments, socket: tmux.socket)
    }
    try tmux.resize(width: 90, height: 27)
    let expected = try Self.rendered(width: 90, height: 27)
    try tmux.waitFor("the layout for 90x27") { Self.matches($0, expected, width: 90) }
    #expect(!(try tmux.capture().contains { $0.hasPrefix("EXIT=") }), "the program is still running")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func sizesDownToOneByOneAndBackUp() throws {
    let tmux = try Tmux("waterfall \(Self.data)", width: 100, height: 30)
    try tmux.waitFor("the cards") { Tmux.status($0).hasPrefix(" 1/60") }
    let sizes = [(40, 12), (20, 5), (19, 5), (20, 4), (5, 3), (2, 2), (1, 1), (2, 1), (1, 2), (3, 3), (20, 5), (61, 17), (100, 30)]
    for (width, height) in sizes {
      try tmux.resize(width: width, height: height)
      let expected = try Self.rendered(width: width, height: height)
      try tmux.waitFor("the screen at \(width)x\(height)") { Self.matches($0, expected, width: width) }
    }
    try tmux.send("q")
    let exit = try tmux.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.stty == "icanon echo")
  }
}

extension String {
  fileprivate var trailingSpacesRemoved: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
