import Foundation
import TestSupport
import Testing

/// `WATERFALL_TRACE`: the frame times `make bench` reads, written by the real binary.
@Suite(.serialized) struct FrameTraceEndToEndTests {
  @Test func eachFrameAfterAKeyAddsOneLineOfNanoseconds() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("wf-trace-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tmux = try Tmux("WATERFALL_TRACE=\(Tmux.shellQuote(path)) waterfall Data/shops")
    try tmux.waitFor("the first card selected") { ($0.last { !$0.isEmpty } ?? "").hasPrefix(" 1/") }
    // The first frame follows no key: no line for it.
    #expect(((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").isEmpty)
    // Each key moves the selection, so the status bar shows when its frame is drawn.
    for key in ["Down", "Right", "Up"] {
      let before = try tmux.capture().last { !$0.isEmpty } ?? ""
      try tmux.send(key)
      try tmux.waitFor("\(key) drawn") { ($0.last { !$0.isEmpty } ?? "") != before }
    }
    var lines: [Substring] = []
    eventually("a trace line for each key") {
      lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
      return lines.count >= 3
    }
    #expect(lines.count == 3)
    for line in lines {
      // The whole time, then the parts before the draw and of the draw: both inside it.
      let numbers = line.split(separator: " ").compactMap { UInt64($0) }
      #expect(numbers.count == 3, "\(line)")
      guard numbers.count == 3 else { continue }
      #expect(numbers[0] > 0 && numbers[0] < 10_000_000_000, "\(line)")
      #expect(numbers[2] > 0 && numbers[1] + numbers[2] <= numbers[0], "\(line)")
    }
  }
}
