import Foundation
import TestSupport
import Testing

/// Standard input as a file (issue 13): endless input spooled to an unlinked
/// temporary file, reading paused at `--memory-limit` with the status saying so,
/// the keys still working and the terminal given back at `q`.
@Suite(.serialized) struct StandardInputEndToEndTests {
  static func selected(_ screen: [String]) -> Int? { BrowserEndToEndTests.selected(screen) }

  /// The resident memory of process `pid`, in bytes.
  static func resident(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
    return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }.map { $0 * 1024 }
  }

  /// The pid of the `waterfall` the pane's shell started (not the `yes` beside it).
  static func waterfallPID(_ tmux: Tmux) throws -> Int32? {
    let shell = try tmux.display("#{pane_pid}")
    let children = (try? Tmux.runTool("/usr/bin/pgrep", ["-P", shell])) ?? ""
    return children.split(separator: "\n").compactMap { Int32($0) }.first { pid in
      (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("waterfall") == true
    }
  }

  /// The size of the spool (the unlinked file in `folder` standard input is
  /// copied to) that program `pid` holds open, or nil if none.
  static func spoolSize(pid: Int32, folder: String) -> UInt64? {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    for fd in fds {
      let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? ""
      guard link.hasPrefix(folder) else { continue }
      var info = stat()
      if stat("/proc/\(pid)/fd/\(fd)", &info) == 0 { return UInt64(info.st_size) }
    }
    return nil
  }

  @Test func endlessInputPausesAtTheMemoryLimitAndQuitsCleanly() throws {
    // The limit: 32 MiB above what the program holds with a few cards (more
    // under a sanitizer), so cards come in before reading pauses.
    let resting = try Tmux("cat Data/notes.jsonl | waterfall -", width: 160, height: 30)
    try resting.waitFor("the notes") { Tmux.status($0).contains("1/60") }
    let baseline = try #require(try Self.waterfallPID(resting).flatMap(Self.resident))
    resting.kill()
    let limit = max(64, baseline / (1 << 20) + 32)
    let spool = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: spool) }
    let tmux = try Tmux(
      "yes '{\"title\":\"x\"}' | TMPDIR=\(Tmux.shellQuote(spool.path)) waterfall --memory-limit \(limit)M -", width: 160, height: 30)
    let paused = "reading paused: memory limit \(limit) MiB reached (--memory-limit)"
    let screen = try tmux.waitFor("reading to pause at the limit", timeout: 90) { Tmux.status($0).contains(paused) }
    #expect(screen.first?.hasPrefix("x ") == true, "the cards read so far are shown (a row each)")
    let pid = try #require(try Self.waterfallPID(tmux))
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty, "the spool has no name")
    let spoolLink = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
    }.first { $0.hasPrefix(spool.path) }
    #expect(spoolLink?.hasSuffix("(deleted)") == true, "standard input is spooled to \(spoolLink ?? "nothing")")
    // Paused, the program holds still: what it has, it keeps; the pipe waits
    // (the spool, where every byte read goes, stops growing).
    let count = Tmux.status(try tmux.capture()).split(separator: " ").first { $0.contains("/") }
    let spooled = Self.spoolSize(pid: pid, folder: spool.path)
    if let resident = Self.resident(pid) { #expect(resident < 2 * limit << 20, "resident \(resident) bytes, within twice the limit") }
    // Keys still answer, and their frames come while nothing more is read.
    for key in ["Right", "Left", "Right"] {
      let before = Self.selected(try tmux.capture())
      try tmux.send(key)
      try tmux.waitFor("\(key) to move the selection") { Self.selected($0) != before && Tmux.status($0).contains(paused) }
    }
    let later = Tmux.status(try tmux.capture()).split(separator: " ").first { $0.contains("/") }
    #expect(count?.split(separator: "/").last == later?.split(separator: "/").last, "no items are read while paused")
    #expect(Self.spoolSize(pid: pid, folder: spool.path) == spooled, "no bytes are read while paused")
    try tmux.send("q")
    let exit = try tmux.waitForExit(timeout: 30)
    #expect(exit.status == 0)
    #expect(exit.stty == "icanon echo")
    #expect(try tmux.display("#{alternate_on}") == "0")
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty, "nothing is left behind")
  }

  @Test func aStandardInputItemPrintsAsItWasPiped() throws {
    let tmux = try Tmux("cat Data/notes.jsonl | waterfall --print - > \(Tmux.shellQuote(NSTemporaryDirectory()))/wf-stdin-print-$$.json; cat \(Tmux.shellQuote(NSTemporaryDirectory()))/wf-stdin-print-$$.json; rm -f \(Tmux.shellQuote(NSTemporaryDirectory()))/wf-stdin-print-$$.json", width: 100, height: 30)
    try tmux.waitFor("the notes") { Tmux.status($0).contains("1/60") }
    try tmux.send("Enter")
    let screen = try tmux.waitFor("the item printed") { $0.contains { $0.hasPrefix("EXIT=") } }
    let first = try String(contentsOfFile: Repository.path("Data/notes.jsonl"), encoding: .utf8).split(separator: "\n")[0]
    #expect(screen.joined(separator: "\n").contains(first.prefix(60)), "\(screen)")
    #expect(screen.contains("EXIT=0"))
  }

  @Test(arguments: [
    (["--memory-limit", "lots", "-"], "--memory-limit takes a size such as 512M or 2G (64M to 64T), not 'lots'"),
    (["--memory-limit", "1M", "-"], "--memory-limit must be at least 64M, not 1M (1 MiB): the program takes about 25 MiB"),
    (["--memory-limit", "100T", "Data/shops"], "--memory-limit must be between 64M and 64T"),
  ])
  func aBadMemoryLimitIsAUsageError(_ arguments: [String], _ message: String) throws {
    let run = try Tmux.waterfall(arguments, input: Data("[]".utf8))
    #expect(run.status == 2, "\(run.err)")
    #expect(run.err.hasPrefix("waterfall: \(message)"), "\(run.err)")
    #expect(run.out.isEmpty)
  }
}
