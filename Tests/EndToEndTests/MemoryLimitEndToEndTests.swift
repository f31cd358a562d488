import Foundation
import Testing
import TestSupport

/// `--memory-limit` holds for the whole program, not only its reading (issue 30):
/// endless small items read to the pause, then sorted, searched and laid out
/// again, and the resident set's peak stays under the limit.
@Suite struct MemoryLimitEndToEndTests {
  /// The peak resident memory of process `pid` (VmHWM), in bytes.
  static func peak(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }.map { $0 * 1024 }
  }

  @Test func theLimitHoldsWhileWhatWasReadIsSortedSearchedAndLaidOut() throws {
    // The limit: 40 MiB above what the program holds with a few cards (more
    // under a sanitizer), at least the 64 MiB allowed.
    let resting = try Tmux("cat Data/notes.jsonl | waterfall -", width: 160, height: 40)
    try resting.waitFor("the notes") { Tmux.status($0).contains("1/60") }
    let baseline = try #require(try StandardInputEndToEndTests.waterfallPID(resting).flatMap(StandardInputEndToEndTests.resident))
    resting.kill()
    let limit = max(64, baseline / (1 << 20) + 40)

    let tmux = try Tmux("yes '{\"title\":\"x\",\"n\":1}' | waterfall --memory-limit \(limit)M -", width: 160, height: 40)
    try tmux.waitFor("reading to pause", timeout: 90) { Tmux.status($0).contains("reading paused") }
    let pid = try #require(try StandardInputEndToEndTests.waterfallPID(tmux))
    for keys in [["s"], ["S"], ["/"], ["x"], ["Enter"], ["L"], ["L"], ["L"], ["+"], ["-"], ["G"]] {
      try tmux.send(keys)
      try tmux.settle(timeout: 90)
    }
    let peak = try #require(Self.peak(pid))
    #expect(peak < limit << 20, "peak resident memory \(peak >> 20) MiB, limit \(limit) MiB")
    try tmux.send("q")
    #expect(try tmux.waitForExit(timeout: 30).status == 0)
  }

  /// A feed's response larger than the limit is refused by its length, not read
  /// to the limit (here with the release program: under ASan the resident set
  /// alone is past 64 MiB, and reading pauses before the feed is asked).
  @Test func aResponseLargerThanTheMemoryLimitIsRefused() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let url = server.url("/bytes?size=80000000")
    let line = "waterfall: \(url): the response is larger than its budget of 64 MiB"
    // Browsing waits a moment for the first bytes before the screen opens; the
    // refusal comes before it or after it (a busy machine), and
    // either way the program says the one line and ends with 2.
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(url)) --memory-limit 64M", width: 200, height: 12)
    let screen = try tmux.waitFor("the refusal") { $0.joined().contains("larger than its budget of 64 MiB") }
    if !screen.contains(where: { $0.hasPrefix("EXIT=") }) { try tmux.send("q") }
    let ended = try tmux.waitForExit()
    #expect(ended.status == 2)
    #expect(try tmux.capture().contains(line))
  }
}
