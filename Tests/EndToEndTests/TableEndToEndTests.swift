import Foundation
import Testing
import TestSupport
import WaterfallApp

/// A CSV made in the test from `ps aux` opens as a table in a terminal: its
/// columns aligned under their header, and COMMAND, off the screen's right
/// edge at first, in sight after → moves the current column to it.
///
/// The processes are the machine's own, so nothing here may depend on which
/// they are: 60 columns are too few for COMMAND's header whatever the values
/// (the ten columns before it are at least their names wide, 37 cells, with
/// two between each: COMMAND starts at column 57 or later), and the screen is
/// read once every row is in (the status counts them), so no later relayout
/// moves the rows under a capture.
@Suite(.serialized) struct TableEndToEndTests {

  @Test(.enabled(if: RealListings.hasPs, "no ps"))
  func aProcessListOpensAsATableAndScrollsSidewaysToItsCommand() throws {
    let (csv, commands) = try RealListings.psCSV()
    let file = try Scratch.file("ps.csv") { $0.write(csv) }
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let tmux = try Tmux("NO_COLOR=1 waterfall \(Tmux.shellQuote(file.path))", width: 60, height: 20)
    let first = try tmux.waitFor("the table with its \(commands.count) rows") { screen in
      screen.first?.hasPrefix("USER") == true
        && Tmux.status(screen).contains("1/\(commands.count.grouped) │ table · USER 1/11")
    }
    // Aligned: under the header's PID, every row ends its PID where the header
    // ends it (numbers go right), a gap after it.
    let header = Array(first[0])
    let pid = try #require(first[0].range(of: " PID ").map { first[0].distance(from: first[0].startIndex, to: $0.lowerBound) + 3 })
    #expect(header[pid] == "D")
    let bar = try #require(first.lastIndex { !$0.isEmpty })
    let rows = first[1..<bar].map(Array.init).filter { !$0.isEmpty }
    #expect(rows.count >= 10)
    for row in rows {
      #expect(row.count > pid + 1 && row[pid].isNumber && row[pid + 1] == " ", "\(String(row))")
    }
    #expect(!first[0].contains("COMMAND"), "COMMAND is off the right edge at first: \(first[0])")

    for _ in 0..<10 { try tmux.send("Right") }
    let scrolled = try tmux.waitFor("COMMAND in sight") { screen in
      screen.first?.contains("COMMAND") == true && Tmux.status(screen).contains("table · COMMAND 11/11")
    }
    let line = scrolled[0]
    let x = line.distance(from: line.startIndex, to: try #require(line.range(of: "COMMAND")).lowerBound)
    let shown = String(Array(scrolled[1]).dropFirst(x)).trimmingCharacters(in: .whitespaces)
    let command = try #require(commands.first)
    #expect(!shown.isEmpty && (command.hasPrefix(shown) || command.hasPrefix(String(shown.dropLast()))), "\(shown) of \(command)")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
