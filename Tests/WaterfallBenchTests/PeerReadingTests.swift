import Foundation
import TestSupport
import Testing

@testable import waterfall_bench

/// How the bench reads its peers: fzf's counter on its screen, the lines it
/// counts as entries, and the grep that stands beside a search.
@Suite struct PeerReadingTests {
  @Test func fzfsCounterIsReadAfterItsSpinner() {
    #expect(ScaleSubject.fzfCounter("  12/3000")! == (12, 3000))
    #expect(ScaleSubject.fzfCounter("⠋ 0/1000000")! == (0, 1_000_000))
    #expect(ScaleSubject.fzfCounter("  599345/1000000 (0)")! == (599_345, 1_000_000))
    // Entries and the prompt are not the counter.
    #expect(ScaleSubject.fzfCounter("> wool") == nil)
    #expect(ScaleSubject.fzfCounter(#"  "img": "img/tray-001.png","#) == nil)
    #expect(ScaleSubject.fzfCounter("1,黄铜托盘,¥952,img/tray-001.png") == nil)
  }

  @Test(arguments: [("a\nb\nc\n", 3), ("a\nb\nc", 3), ("", 0), ("\n\n", 2)])
  func linesAreCountedAsFzfCountsEntries(text: String, lines: Int) throws {
    let file = try Scratch.file("lines.txt") { try $0.write(contentsOf: Data(text.utf8)) }
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    #expect(BenchData.lineCount(of: file.path) == lines)
  }

  @Test func grepLooksForAQueryAsTheSearchDoes() {
    #expect(FilterBench.grepPattern("'wool") == ["-F", "wool"])
    #expect(FilterBench.grepPattern("wool") == ["-e", "w.*o.*o.*l"])
  }
}
