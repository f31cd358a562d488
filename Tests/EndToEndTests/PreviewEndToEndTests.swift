import Foundation
import TestSupport
import Testing

/// `--preview` in the real binary inside tmux: the selected item's output
/// beside the cards; a hostile title reaching the command literally; an
/// endless command that never holds a key and leaves nothing running;
/// colours kept and other sequences shown as marks; scrolling and toggling;
/// usage errors (issue 27).
@Suite struct PreviewEndToEndTests {
  /// The titles of Data/notes.jsonl, in order.
  static func titles() throws -> [String] {
    let text = try String(contentsOf: Tmux.root.appendingPathComponent("Data/notes.jsonl"), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["title"] as? String
    }
  }

  /// The preview panel's part of `screen` (the right half of 100 columns, above the status bar's row 29).
  static func panel(_ screen: [String]) -> [String] {
    screen.prefix(29).map { String(HostileDataEndToEndTests.cells($0).dropFirst(50).compactMap { $0 }) }
  }

  /// The character at column 50 of each row above the status bar: where the panel's line is.
  static func column50(_ screen: [String]) -> [Character?] {
    screen.prefix(29).map { line in
      let cells = HostileDataEndToEndTests.cells(line)
      return cells.count > 50 ? cells[50] : nil
    }
  }

  /// The processes whose command line holds `marker`.
  static func processes(_ marker: String) -> [String] {
    let out = (try? Tmux.runTool("/usr/bin/pgrep", ["-f", marker])) ?? ""
    return out.split(separator: "\n").map(String.init)
  }

  @Test func thePreviewShowsTheSelectedTitle() throws {
    let titles = try Self.titles()
    let tmux = try Tmux("waterfall --preview 'echo TITLE: {title}' Data/notes.jsonl")
    try tmux.waitFor("the first title in the panel") { Self.panel($0).first == "│ TITLE: \(titles[0])" }
    try tmux.send("Down")
    let screen = try tmux.waitFor("the second title") { Self.panel($0).first == "│ TITLE: \(titles[1])" }
    #expect(Tmux.status(screen).contains("2/60"))
    #expect(Self.column50(screen).allSatisfy { $0 == "│" }, "the cards stop where the panel starts:\n\(screen.joined(separator: "\n"))")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func aHostileTitleReachesThePreviewCommandLiterally() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let title = BindEndToEndTests.hostileTitle.replacingOccurrences(of: "MARK", with: folder.path + "/MARK")
    let data = folder.appendingPathComponent("hostile.jsonl")
    try JSONSerialization.data(withJSONObject: ["title": title, "id": 1]).write(to: data)
    let out = folder.path + "/out"
    let preview = "printf %s {title} > \(out); printf '%s' \"{title}\" > \(out)2; touch \(folder.path)/done; printf %s {title}"
    let tmux = try Tmux("waterfall --preview \(Tmux.shellQuote(preview)) \(Tmux.shellQuote(data.path))")
    eventually("the preview command to run", timeout: .seconds(20)) {
      FileManager.default.fileExists(atPath: folder.path + "/done")
    }
    let literal = title.replacingOccurrences(of: "\u{0}", with: "")
    #expect((try? String(contentsOfFile: out, encoding: .utf8)) == literal)
    #expect((try? String(contentsOfFile: out + "2", encoding: .utf8)) == literal)
    try tmux.waitFor("the title in the panel") { Self.panel($0).first?.hasPrefix("│ a $(touch ") == true }
    for mark in 1...4 {
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/MARK\(mark)"), "MARK\(mark): the title ran a command")
    }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func anEndlessPreviewNeverHoldsAKeyAndLeavesNothingBehind() throws {
    let titles = try Self.titles()
    // A command that ignores SIGTERM (so it must be killed) and never ends;
    // its sleep is named by a number no other process has.
    let marker = "sleep 9\(Int.random(in: 100...999)).5"
    let preview = "trap '' TERM; echo T: {title}; \(marker)"
    // The sleeps themselves (the shells' command lines hold the marker too, and so does tmux's).
    let sleeps = "^" + marker
    let tmux = try Tmux("waterfall --preview \(Tmux.shellQuote(preview)) Data/notes.jsonl")
    try tmux.waitFor("the first preview") { Self.panel($0).first == "│ T: \(titles[0])" }
    eventually("the first preview's sleep") { Self.processes(sleeps).count == 1 }
    // Down held: a key every few milliseconds, each sent as its own event.
    let start = ContinuousClock.now
    for _ in 0..<40 { try tmux.send("Down") }
    let sent = start.duration(to: .now)
    let moved = try tmux.waitFor("the selection to follow every key", timeout: 5) { Tmux.status($0).contains("41/60") }
    let followed = start.duration(to: .now)
    #expect(followed - sent < .seconds(2), "keys waited \(followed - sent) after the last was sent")
    #expect(Tmux.status(moved).contains("41/60"))
    try tmux.waitFor("the 41st title in the panel") { Self.panel($0).first == "│ T: \(titles[40])" }
    eventually("only the last preview running") { Self.processes(sleeps).count == 1 }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
    eventually("no preview left after quitting", timeout: .seconds(10)) { Self.processes(sleeps).isEmpty }
  }

  @Test func coloursShowAndOtherSequencesAreMarks() throws {
    let preview = #"printf '\033[31mRED\033[0m plain\033]52;c;cHduZWQ=\007 \033[2Jgone? \033[1mBOLD\n'"#
    let tmux = try Tmux("env -u NO_COLOR waterfall --preview \(Tmux.shellQuote(preview)) Data/notes.jsonl")
    let screen = try tmux.waitFor("the preview") { Self.panel($0).first?.contains("RED") == true }
    #expect(Self.panel(screen).first == "│ RED plain␛ ␛gone? BOLD")
    let styled = try Tmux.run(["capture-pane", "-p", "-e", "-t", "0"], socket: tmux.socket)
    #expect(styled.contains("\u{1B}[31mRED"), "red as the command asked")
    #expect(styled.contains("\u{1B}[1mBOLD"), "bold as the command asked")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
    let plain = try Tmux("NO_COLOR=1 waterfall --preview \(Tmux.shellQuote(preview)) Data/notes.jsonl")
    try plain.waitFor("the preview") { Self.panel($0).first?.contains("RED") == true }
    let uncoloured = try Tmux.run(["capture-pane", "-p", "-e", "-t", "0"], socket: plain.socket)
    #expect(!uncoloured.contains("\u{1B}[31m"), "NO_COLOR: no colour, the command's neither")
  }

  @Test func shiftArrowsScrollAndCtrlSlashToggles() throws {
    let tmux = try Tmux("waterfall --preview 'seq 100' --bind 'f2:toggle-preview,f3:preview-page-down' Data/notes.jsonl")
    try tmux.waitFor("the preview") { Self.panel($0).first?.hasPrefix("│ 1 ") == true }
    try tmux.send("S-Down")
    try tmux.send("S-Down")
    let scrolled = try tmux.waitFor("two lines down") { Self.panel($0).first?.hasPrefix("│ 3 ") == true }
    #expect(Self.panel(scrolled).first?.hasSuffix("3/100") == true)
    try tmux.send("F3")
    try tmux.waitFor("a page down") { Self.panel($0).first?.hasPrefix("│ 31 ") == true }
    try tmux.send("-H", "1f")  // Ctrl-/
    let closed = try tmux.waitFor("the panel closed") { !$0.joined().contains("/100") }
    #expect(Self.column50(closed).contains { $0 != "│" }, "the cards take the width")
    try tmux.send("F2")
    try tmux.waitFor("the panel again, run anew") { Self.panel($0).first?.hasPrefix("│ 1 ") == true }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func previewWindowPlacesAndHidesThePanel() throws {
    let tmux = try Tmux("waterfall --preview 'echo BELOW' --preview-window 'down:5,hidden' --bind 'f2:toggle-preview' Data/notes.jsonl")
    try tmux.waitFor("the cards") { Tmux.status($0).contains("1/60") }
    #expect(try !tmux.capture().joined().contains("BELOW"), "hidden at the start")
    try tmux.send("F2")
    let screen = try tmux.waitFor(text: "BELOW")
    let row = try #require(screen.firstIndex { $0.contains("BELOW") })
    #expect(row == 25, "in the last 4 rows above the status bar, under a line")
    #expect(screen[24].hasPrefix("────"))
  }

  @Test func badPreviewOptionsAreUsageErrorsNamingTheOption() throws {
    for (arguments, message) in [
      (["--preview", "cat", "--preview-window", "sideways"], "waterfall: --preview-window unknown 'sideways'"),
      (["--preview", "cat", "--preview-window", "right:150%"], "waterfall: --preview-window '150%': a share is 0% to 100%"),
      (["--preview", "cat", "--preview-window", "follow"], "waterfall: --preview-window fzf's 'follow' is not supported"),
      (["--preview", "echo \"{title}"], "waterfall: --preview an unclosed \""),
      (["--preview", " "], "waterfall: --preview needs a command"),
    ] {
      let run = try Tmux.waterfall(arguments + ["Data/notes.jsonl"])
      #expect(run.status == 2)
      #expect(run.err.hasPrefix(message), "\(arguments): \(run.err)")
      #expect(run.out.isEmpty)
    }
  }
}
