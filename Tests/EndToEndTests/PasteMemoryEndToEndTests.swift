import Foundation
import Testing
import TestSupport

/// Pasting into the search never holds a candidate list per key (issue 30): 10,000
/// characters pasted into `/` over 200,000 items once took the resident set from
/// 56 MB to 660 MB and kept it there, every key's job holding its own list. A
/// paste now comes bracketed, as one event and one search; typed one key at a
/// time it still keeps memory flat.
@Suite struct PasteMemoryEndToEndTests {
  @Test func pastingTenThousandCharactersIsOneSearchAndKeepsMemoryFlat() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-paste-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("items.jsonl")
    var lines = ""
    lines.reserveCapacity(6_000_000)
    for i in 0..<100_000 { lines += "{\"title\":\"item \(i)\",\"text\":\"a b c d e f g h \(i % 977)\"}\n" }
    try lines.write(to: file, atomically: false, encoding: .utf8)

    let tmux = try Tmux("waterfall \(Tmux.shellQuote(file.path))", width: 160, height: 45)
    try tmux.waitFor("every item", timeout: 120) { Tmux.status($0).hasPrefix(" 1/100,000") || Tmux.status($0).hasPrefix(" 1/100000") }
    _ = try tmux.settle(timeout: 60)
    let pid = try #require(try StandardInputEndToEndTests.waterfallPID(tmux))
    let before = try #require(StandardInputEndToEndTests.resident(pid))

    var generator = SystemRandomNumberGenerator()
    let letters = Array("abcdefghijklmnopqrstuvwxyz ")
    let pasted = String((0..<10_000).map { _ in letters.randomElement(using: &generator)! })
    try tmux.send("/")
    try tmux.paste(pasted)
    try tmux.waitFor("the paste in the search line") { Tmux.status($0).contains("/" + String(pasted.prefix(20))) }
    try tmux.send("Enter")
    try tmux.waitFor("the whole paste searched", timeout: 120) { Tmux.status($0).hasPrefix(" 0/0 of 100") }
    _ = try tmux.settle(timeout: 60)
    let peak = try #require(MemoryLimitEndToEndTests.peak(pid))
    // The candidates once (100,000 item numbers) and the search's chunks: far under
    // what a list per key costs (hundreds of megabytes).
    #expect(peak - before < 120 << 20, "resident \(before >> 20) MiB before the paste, peak \(peak >> 20) MiB")
    try tmux.send("q")
    #expect(try tmux.waitForExit(timeout: 30).status == 0)
  }

  /// A paste on the cards is the search's text, never keys: its `q` does not
  /// quit, its `x` hides nothing, its line ends do not open the details.
  @Test func aPasteOnTheCardsOpensTheSearchWithIt() throws {
    let tmux = try Tmux("waterfall Data/notes.jsonl", width: 100, height: 30)
    try tmux.waitFor("the notes") { Tmux.status($0).hasPrefix(" 1/60") }
    try tmux.paste("qx\nzzzz")
    let screen = try tmux.waitFor("the search line with the paste") { Tmux.status($0).contains("/qx zzzz") }
    #expect(!screen.contains { $0.hasPrefix("EXIT=") })
    try tmux.send("Escape")
    try tmux.waitFor("the cards again") { Tmux.status($0).hasPrefix(" 1/60") }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
