import Foundation
import TestSupport
import Testing

/// `-m` in the real binary: Tab Tab Enter prints two JSON lines, in the order
/// marked; `--print0` ends them with NULs for `xargs -0`; a picture folder's
/// marked items print as absolute paths.
@Suite struct MultiSelectEndToEndTests {
  @Test func tabTabEnterPrintsTwoJSONLines() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out")
    let tmux = try Tmux("waterfall -m --print Data/notes.jsonl > \(Tmux.shellQuote(output.path))")
    try tmux.waitFor("the first card") { BrowserEndToEndTests.selected($0) == 0 }
    try tmux.send("Tab")
    try tmux.waitFor("one marked") { Tmux.status($0).contains("1 marked") }
    try tmux.send("Tab")
    try tmux.waitFor("two marked") { Tmux.status($0).contains("2 marked") }
    try tmux.send("Enter")
    #expect(try tmux.waitForExit().status == 0)
    let lines = try String(contentsOf: Tmux.root.appendingPathComponent("Data/notes.jsonl"), encoding: .utf8).split(separator: "\n")
    let printed = try String(contentsOf: output, encoding: .utf8)
    #expect(printed == lines[0] + "\n" + lines[1] + "\n")
    for line in printed.split(separator: "\n") {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "valid JSON: \(line)")
    }
  }

  @Test func print0AndAPictureFolderPrintPathsForXargs() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out")
    let tmux = try Tmux("waterfall --multi=2 --print0 Data/pictures > \(Tmux.shellQuote(output.path))")
    try tmux.waitFor("the pictures") { Tmux.status($0).hasPrefix(" 1/") }
    try tmux.send("Tab")
    try tmux.send("Tab")
    try tmux.send("Tab")
    try tmux.waitFor("the limit said") { Tmux.status($0).contains("at most 2 marked") }
    try tmux.send("Enter")
    #expect(try tmux.waitForExit().status == 0)
    let paths = try Data(contentsOf: output).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    #expect(paths.count == 2)
    for path in paths {
      #expect(path.hasPrefix("/") && FileManager.default.fileExists(atPath: path), "\(path)")
    }
  }
}
