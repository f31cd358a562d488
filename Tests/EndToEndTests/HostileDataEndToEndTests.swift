import Foundation
import TestSupport
import Testing

/// A data file that tries to take the terminal over, opened in the real binary in
/// tmux: the pane title stays, the cards stay whole and aligned, and not one byte of
/// a sequence from the data reaches the terminal.
@Suite(.serialized) struct HostileDataEndToEndTests {
  static let titlePayload = "PWNED-TITLE"
  static let clipboardPayload = "SGFja2VkIQ=="

  /// The items, as the bytes of a JSON array. Escape sequences need `\u001b` (JSON
  /// forbids a raw ESC), but C1 controls, bidi controls and invalid UTF-8 go in raw.
  static var hostileFile: [UInt8] {
    let esc = "\\u001b"
    let bel = "\\u0007"
    var items: [[UInt8]] = []
    func item(_ text: String) { items.append(Array(text.utf8)) }
    item(#"{"title":"Bell\#(bel) and \#(esc)]0;\#(titlePayload)\#(bel) title","price":"\#(esc)[2J$5","\#(esc)]52;c;\#(clipboardPayload)\#(bel)key":"clip \#(esc)]52;c;\#(clipboardPayload)\#(esc)\\ value","description":"cr\rback\bspace"}"#)
    item(#"{"title":"\#u{202E}evil\#u{202C} gpj.exe","tags":["\#u{2066}iso\#u{2069}","\#u{202D}lro"],"\#u{202E}name":"\#u{2067}x","w":300,"h":200}"#)
    item(#"{"title":"C1 \#u{9D}0;\#(titlePayload)\#u{9C} and \#u{9B}2J","price":"\#(esc)P1$r\#(esc)\\ dcs","img":"a/\#(esc)]0;\#(titlePayload)\#(bel)b.png","w":100,"h":100}"#)
    items.append(Array(#"{"title":"bad \#u{FF}"#.utf8) + [0xFF, 0xFE] + Array(#" bytes","description":"cafe\#u{301} a\#u{200B}b 价格 \#(esc)c reset \#(esc)[6n report"}"#.utf8))
    for i in 0..<8 { item(#"{"title":"Plain card \#(i)","price":"$\#(i)","w":\#(200 + 40 * i),"h":\#(150 + 70 * (i % 3))}"#) }
    var bytes: [UInt8] = Array("[".utf8)
    for (i, item) in items.enumerated() { bytes += (i > 0 ? Array(",\n".utf8) : []) + item }
    return bytes + Array("]\n".utf8)
  }

  /// Writes the hostile file into a fresh directory and returns its path.
  static func writeHostileFile() throws -> URL {
    let directory = try Scratch.folder()
    let file = directory.appendingPathComponent("hostile.json")
    try Data(hostileFile).write(to: file)
    return file
  }

  typealias Frame = BrowserEndToEndTests.Frame

  /// The columns a character covers in the terminal: enough of wcwidth for this data.
  static func columns(_ c: Character) -> Int {
    guard let first = c.unicodeScalars.first else { return 0 }
    switch first.properties.generalCategory {
    case .format, .nonspacingMark, .enclosingMark: return 0
    default: break
    }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1FAFF: return 2
    default: return 1
    }
  }

  /// The character shown at each column of `line` (a wide one at its first column).
  static func cells(_ line: String) -> [Character?] {
    var cells: [Character?] = []
    for c in line {
      let width = columns(c)
      guard width > 0 else { continue }  // drawn in the cell before
      cells.append(c)
      if width == 2 { cells.append(nil) }
    }
    return cells
  }

  /// Checks that every card's four corners and two sides are where `waterfall
  /// layout` says, on the rows that are on screen.
  static func expectWholeAlignedCards(_ screen: [String], frames: [Frame], rows: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let grid = screen.prefix(rows).map(cells)
    func at(_ x: Int, _ y: Int) -> Character? {
      guard y >= 0, y < grid.count else { return nil }
      return x < grid[y].count ? grid[y][x] : " "
    }
    var checked = 0
    for f in frames where f.kind == "cell" && f.y < rows {
      let right = f.x + f.w - 1
      let bottom = f.y + f.h - 1
      #expect("┌┏".contains(at(f.x, f.y) ?? "?") && "┐┓".contains(at(right, f.y) ?? "?"), "top of card \(f.item)", sourceLocation: sourceLocation)
      for y in (f.y + 1)..<min(bottom, rows) {
        #expect("│┃".contains(at(f.x, y) ?? "?") && "│┃".contains(at(right, y) ?? "?"), "side of card \(f.item) at row \(y): \(screen[y])", sourceLocation: sourceLocation)
      }
      if bottom < rows {
        #expect("└┗".contains(at(f.x, bottom) ?? "?") && "┘┛".contains(at(right, bottom) ?? "?"), "bottom of card \(f.item)", sourceLocation: sourceLocation)
      }
      checked += 1
    }
    #expect(checked >= 4, "cards on screen", sourceLocation: sourceLocation)
  }

  /// Checks that the details panel is whole: each row begins and ends with its
  /// border, at the screen's first and last column.
  static func expectWholePanel(_ screen: [String], width: Int, rows: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    for (y, line) in screen.prefix(rows).enumerated() {
      let cells = cells(line)
      let (left, right): (String, String) = y == 0 ? ("┏", "┓") : y == rows - 1 ? ("┗", "┛") : ("┃", "┃")
      #expect(cells.count == width && cells.first == Character(left) && cells.last == Character(right), "row \(y): \(line)", sourceLocation: sourceLocation)
    }
  }

  /// Every sequence the data holds, and the data's payloads: none may be in what
  /// the program wrote.
  static func expectNothingFromTheData(in output: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let forbidden: [(String, [UInt8])] = [
      ("ESC ]", [0x1B, 0x5D]), ("ESC P", [0x1B, 0x50]), ("ESC c", [0x1B, 0x63]), ("CSI 2J", Array("\u{1B}[2J".utf8)),
      ("CSI 6n (a report request)", Array("\u{1B}[6n".utf8)), ("BEL", [0x07]), ("C1 OSC", [0xC2, 0x9D]), ("C1 CSI", [0xC2, 0x9B]),
      ("C1 ST", [0xC2, 0x9C]), ("RLO", [0xE2, 0x80, 0xAE]), ("LRO", [0xE2, 0x80, 0xAD]), ("PDF", [0xE2, 0x80, 0xAC]),
      ("LRI", [0xE2, 0x81, 0xA6]), ("RLI", [0xE2, 0x81, 0xA7]), ("PDI", [0xE2, 0x81, 0xA9]),
      ("the title payload", Array(titlePayload.utf8)), ("the clipboard payload", Array(clipboardPayload.utf8)),
      ("a raw 0xFF", [0xFF]),
    ]
    for (name, needle) in forbidden {
      let found = output.indices.contains { output[$0...].starts(with: needle) }
      #expect(!found, "the program wrote \(name)", sourceLocation: sourceLocation)
    }
  }

  @Test func hostileDataTakesNothingOver() throws {
    let file = try Self.writeHostileFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let output = file.deletingLastPathComponent().appendingPathComponent("terminal-output.bin")
    // The program starts on Enter, once tmux copies everything the pane writes.
    let tmux = try Tmux("read go; waterfall \(Tmux.shellQuote(file.path))")
    let title = try tmux.display("#{pane_title}")
    try Tmux.run(["pipe-pane", "-o", "-t", "0", "cat > \(Tmux.shellQuote(output.path))"], socket: tmux.socket)
    try tmux.send("Enter")
    let screen = try tmux.waitFor("the cards") { $0.joined().contains("Plain card") && $0.last { !$0.isEmpty }?.contains("/12") == true }

    // The screen is what `render` draws: no sequence moved, erased or re-titled anything.
    let rendered = try Tmux.waterfall(["render", file.path, "--width", "100", "--height", "30"])
    #expect(rendered.status == 0)
    let expected = rendered.out.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    #expect(Array(screen.prefix(30)) == Array(expected.prefix(30)))
    #expect(screen.joined().contains("Bell␇ and ␛ title"))
    #expect(screen.joined().contains("cr␍back␈space"))
    #expect(screen.joined().contains("\u{FFFD}evil\u{FFFD} gpj.exe"))

    let layout = try Tmux.waterfall(["layout", file.path, "--width", "100"])
    let frames = layout.out.split(separator: "\n").dropFirst().compactMap { try? JSONDecoder().decode(Frame.self, from: Data($0.utf8)) }
    Self.expectWholeAlignedCards(screen, frames: frames, rows: 29)

    // The details show every field name and value, as harmlessly, in a whole panel.
    try tmux.send("Enter")
    try tmux.waitFor(text: "Details")
    let details = try tmux.settle()
    #expect(details.contains { $0.contains("␛key") && $0.contains("clip ␛ value") }, "\(details.joined(separator: "\n"))")
    Self.expectWholePanel(details, width: 100, rows: 29)
    // Exact terms (`'`): a bare term is fuzzy and would match more items.
    for (query, shows) in [("'gpj", "\u{FFFD}name"), ("'bad", "cafe\u{301} a\u{200B}b 价格 ␛ reset ␛ report")] {
      // Escape and the next key apart: together they are Alt-/.
      try tmux.send("Escape")
      try tmux.waitFor("the details closed") { !$0.joined().contains("Details") }
      try tmux.send("/")
      try tmux.type(query)
      try tmux.send("Enter")
      try tmux.waitFor("the filter \(query)") { $0.last { !$0.isEmpty }?.hasPrefix(" 1/1 of 12") == true }
      try tmux.send("Enter")
      try tmux.waitFor(text: "Details")
      let panel = try tmux.settle()  // the whole panel, not a frame half written
      #expect(panel.contains { $0.contains(shows) }, "\(panel.joined(separator: "\n"))")
      Self.expectWholePanel(panel, width: 100, rows: 29)
      try tmux.send("Escape")
    }
    try tmux.send("Escape")
    try tmux.waitFor("the details closed") { !$0.joined().contains("Details") }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)

    #expect(try tmux.display("#{pane_title}") == title)
    #expect(try tmux.display("#{alternate_on}") == "0")
    try Tmux.run(["pipe-pane", "-t", "0"], socket: tmux.socket)
    let written = try [UInt8](Data(contentsOf: output))
    #expect(written.count > 1000, "the program's output was captured")
    Self.expectNothingFromTheData(in: written)
  }

  /// `--print` writes the item's own bytes, escapes and all; those that are not
  /// UTF-8 become U+FFFD (as Swift decodes them), so what it writes is JSON (issue 30).
  @Test func printStillWritesTheOriginalBytesAsJSON() throws {
    let file = try Self.writeHostileFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let picked = file.deletingLastPathComponent().appendingPathComponent("picked.json")
    for (item, key) in [(0, "Enter"), (3, "Enter")] {
      let tmux = try Tmux("waterfall --print \(Tmux.shellQuote(file.path)) > \(Tmux.shellQuote(picked.path))")
      try tmux.waitFor("the cards") { $0.joined().contains("Plain card") }
      if item == 3 { try tmux.send("Down") }
      if item == 3 { try tmux.waitFor("the fourth item") { $0.last { !$0.isEmpty }?.hasPrefix(" 4/12") == true } }
      try tmux.send(key)
      #expect(try tmux.waitForExit().status == 0)
      let original = Self.hostileFile
      let items = Self.itemRanges(original)
      let expected = Array(String(decoding: original[items[item]], as: UTF8.self).utf8) + [0x0A]
      if item == 0 { #expect(expected == Array(original[items[item]]) + [0x0A], "valid UTF-8 is written as it is") }
      #expect(try [UInt8](Data(contentsOf: picked)) == expected, "item \(item)")
    }
  }

  /// The byte ranges of the top-level items of the hostile array (one per line).
  static func itemRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 1
    for i in bytes.indices where bytes[i] == 0x0A {
      ranges.append(start..<(i - 1))  // before the "," or the "]"
      start = i + 1
    }
    return ranges
  }

  @Test func fileNamesInMessagesAreSanitised() throws {
    let directory = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("[{".utf8).write(to: directory.appendingPathComponent("\u{1B}]0;\(Self.titlePayload)\u{07}1.json"))
    try Data(#"[{"title":"ok"}]"#.utf8).write(to: directory.appendingPathComponent("2.json"))
    let run = try Tmux.waterfall(["render", directory.path, "--all-pages", "--width", "40", "--height", "8"])
    #expect(run.err.contains("waterfall: \(directory.path)/␛1.json:1:3: expected a string key"), "\(run.err)")
    Self.expectNothingFromTheData(in: Array(run.err.utf8) + Array(run.out.utf8))
  }
}
