import Foundation
import TestSupport
import Testing

/// `--bind` in the real binary inside tmux: a hostile title reaches a command
/// as one literal argument and runs nothing; `execute` hands the terminal over
/// and takes it back; `become`, `accept` and `print`; usage errors; the keys as
/// help shows them after `--bind` (issue 27).
@Suite struct BindEndToEndTests {


  /// A title holding command substitution, backquotes, a quote-breaking
  /// command, a newline and a NUL.
  static let hostileTitle = "a $(touch MARK1) `touch MARK2` '; touch MARK3; ' \"; touch MARK4; \" line\nbreak x\u{0}y"

  @Test func executeSilentWritesAHostileTitleLiterallyAndRunsNothingElse() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let title = Self.hostileTitle.replacingOccurrences(of: "MARK", with: folder.path + "/MARK")
    let item = try JSONSerialization.data(withJSONObject: ["title": title, "id": 1])
    let data = folder.appendingPathComponent("hostile.jsonl")
    try item.write(to: data)
    let out = folder.path + "/out"
    let quoted = folder.path + "/quoted"
    // Bare, and inside the command's own double quotes: each quoted for its place.
    let binds = "ctrl-o:execute-silent(printf %s {title} > \(out); touch \(folder.path)/done1),"
      + "ctrl-t:execute-silent(printf '%s' \"{title}\" > \(quoted); touch \(folder.path)/done2)"
    let tmux = try Tmux("waterfall --bind \(Tmux.shellQuote(binds)) \(Tmux.shellQuote(data.path))")
    try tmux.waitFor("the card") { Tmux.status($0).contains("1/1") }
    try tmux.send("C-o")
    try tmux.send("C-t")
    eventually("both commands to finish", timeout: .seconds(20)) {
      FileManager.default.fileExists(atPath: folder.path + "/done1") && FileManager.default.fileExists(atPath: folder.path + "/done2")
    }
    let literal = title.replacingOccurrences(of: "\u{0}", with: "")
    #expect((try? String(contentsOfFile: out, encoding: .utf8)) == literal)
    #expect((try? String(contentsOfFile: quoted, encoding: .utf8)) == literal)
    for mark in 1...4 {
      #expect(!FileManager.default.fileExists(atPath: folder.path + "/MARK\(mark)"), "MARK\(mark): the title ran a command")
    }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func executeHandsTheTerminalOverAndTakesItBack() throws {
    let tmux = try Tmux("waterfall --bind 'ctrl-o:execute(echo HANDED {title}; sleep 1)' Data/notes.jsonl")
    try tmux.waitFor("the cards") { Tmux.status($0).contains("1/60") }
    #expect(try tmux.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
    try tmux.send("C-o")
    try tmux.waitFor(text: "HANDED Packing list")
    #expect(try tmux.display("#{alternate_on} #{mouse_any_flag}") == "0 0", "the terminal as the shell has it")
    let back = try tmux.waitFor("the cards again") { Tmux.status($0).contains("1/60") && $0.joined().contains("┏") }
    #expect(!back.joined().contains("HANDED"), "the screen is drawn whole")
    #expect(try tmux.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
    try tmux.send("Right")
    try tmux.waitFor("a key to move the selection") { Tmux.status($0).contains("2/60") }
    try tmux.send("q")
    let exit = try tmux.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.stty == "icanon echo")
  }

  @Test func executeTrueRedrawsAndKeysWork() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ran = folder.appendingPathComponent("ran").path
    let tmux = try Tmux("waterfall --bind 'f5:execute(true; touch \(ran))' Data/notes.jsonl")
    try tmux.waitFor("the cards") { Tmux.status($0).contains("1/60") }
    let before = try tmux.capture()
    try tmux.send("F5")
    // Keys typed while the command has the terminal are dropped (`handOver`), so
    // the next key waits until it ran and curses mode is back.
    eventually("the command to run") { FileManager.default.fileExists(atPath: ran) }
    eventually("the terminal taken back") { (try? tmux.display("#{alternate_on} #{mouse_any_flag}")) == "1 1" }
    try tmux.send("Right")
    let after = try tmux.waitFor("the key after the command") { Tmux.status($0).contains("2/60") }
    #expect(after.count == before.count)
    #expect(after.joined().contains("┏"))
    try tmux.send("Left")
    let again = try tmux.waitFor("the first card again") { Tmux.status($0).contains("1/60") }
    // (The status bar's notices are gone with the keys: the cards are compared.)
    #expect(
      again.filter { $0 != Tmux.status(again) } == before.filter { $0 != Tmux.status(before) },
      "the same screen as before the command")
  }

  @Test func becomeReplacesTheProgram() throws {
    let tmux = try Tmux("waterfall --bind 'enter:become(echo BECAME {title} {q})' -q packing Data/notes.jsonl")
    try tmux.waitFor("the match") { Tmux.status($0).contains("/packing") }
    try tmux.send("Enter")
    let exit = try tmux.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.stty == "icanon echo", "the terminal given back before")
    #expect(try tmux.capture().contains("BECAME Packing list packing"))
  }

  @Test func printKeepsItemsAndAcceptEnds() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.path + "/out"
    let tmux = try Tmux("waterfall --bind 'ctrl-p:print,ctrl-a:accept' Data/notes.jsonl > \(Tmux.shellQuote(out))")
    try tmux.waitFor("the cards") { Tmux.status($0).contains("1/60") }
    try tmux.send("C-p")
    try tmux.waitFor("the notice") { Tmux.status($0).contains("1 item to print at the end") }
    try tmux.send("Right")
    try tmux.waitFor("the next card") { Tmux.status($0).contains("2/60") }
    try tmux.send("C-a")
    #expect(try tmux.waitForExit().status == 0)
    let lines = (try String(contentsOfFile: out, encoding: .utf8)).split(separator: "\n").map(String.init)
    let notes = (try String(contentsOfFile: Tmux.root.appendingPathComponent("Data/notes.jsonl").path, encoding: .utf8))
      .split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first == notes[0], "print kept the first")
    #expect(lines.last.map { notes.contains($0) } == true, "accept printed the one beside it")
  }

  @Test func badBindingsAreUsageErrorsNamingTheKeyOrAction() throws {
    for (value, message) in [
      ("ctrl-o:exec(vim)", "waterfall: --bind ctrl-o: unknown action 'exec'"),
      ("ctrl-c:accept", "waterfall: --bind 'ctrl-c' is the terminal's own"),
      ("hyper-x:up", "waterfall: --bind unknown key 'hyper-x'"),
      ("ctrl-o:execute(echo '{title})", "waterfall: --bind ctrl-o: an unclosed '"),
    ] {
      let run = try Tmux.waterfall(["--bind", value, "Data/notes.jsonl"])
      #expect(run.status == 2)
      #expect(run.err.hasPrefix(message), "\(value): \(run.err)")
      #expect(run.out.isEmpty)
    }
  }

  @Test func helpAndTheKeysCommandShowTheKeysAfterBind() throws {
    let tmux = try Tmux("waterfall --bind 'ctrl-o:execute(less {path}),j:up' Data/notes.jsonl", width: 120, height: 50)
    try tmux.waitFor("the cards") { Tmux.status($0).contains("1/60") }
    try tmux.send("?")
    let help = try tmux.waitFor(text: "Your keys (--bind)").joined(separator: "\n")
    #expect(help.contains("Ctrl-O"))
    #expect(help.contains("execute(less {path})"))
    #expect(help.contains("↑ ↓ ← →  k h l"), "j left its row")
    let keys = try Tmux.waterfall(["keys", "--bind", "ctrl-o:execute(less {path}),j:up"])
    #expect(keys.status == 0)
    #expect(keys.out.hasPrefix("Bound with --bind:\n\n| keys | action |\n|---|---|\n| Ctrl-O | execute(less {path}) |\n| j | up |\n"))
    #expect(keys.out.contains("| ↑ ↓ ← →, k h l | move"))
  }
}
