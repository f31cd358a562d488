import Foundation
import Testing
import WaterfallView

@testable import WaterfallTerminal

/// How colours are numbered for the terminal: palettes, basic colours, direct
/// colour, and the direct-colour description made for a truecolor terminal.
@Suite struct TerminalColorTests {
  @Test func directColourUsesTwentyFourBitValues() {
    let direct = TerminalColor(colors: 1 << 24)
    #expect(direct.number(for: .rgb(0x12, 0x34, 0x56)) == 0x123456)
    #expect(direct.number(for: .rgb(0, 0, 3)) == 8)  // 0-7 would be the basic colours
    #expect(direct.number(for: .indexed(3)) == 3)
    #expect(direct.number(for: .indexed(196)) == 0xFF0000)
    #expect(direct.number(for: .indexed(8)) == 0x7F7F7F)
    #expect(direct.number(for: .default) == -1)
  }

  @Test func palettesMapRGBToTheirEntries() {
    #expect(TerminalColor(colors: 256).number(for: .rgb(255, 0, 0)) == 196)
    #expect(TerminalColor(colors: 8).number(for: .rgb(255, 0, 0)) == 1)
    #expect(TerminalColor(colors: 8).number(for: .indexed(9)) == 1)
    #expect(TerminalColor(colors: 0).number(for: .indexed(9)) == -1, "no colours: every colour is the default")
  }

  @Test(arguments: [
    ("xterm-256color", "truecolor", true), ("tmux-256color", "24bit", true), ("screen", "TrueColor", true),
    ("xterm-256color", nil, false), ("xterm-256color", "yes", false), ("xterm-direct", "truecolor", false),
    (nil, "truecolor", false), ("dumb", "truecolor", false), ("x,use=evil", "truecolor", false),
  ] as [(String?, String?, Bool)])
  func truecolorTerminalsGetADirectDescription(_ term: String?, _ colorterm: String?, _ expected: Bool) {
    #expect(ColorSupport.wantsDirectColor(term: term, colorterm: colorterm) == expected)
  }

  /// The description made from a 256-colour one has 2^24 colours and sends
  /// `38;2;R;G;B`, keeps the basic colours, and leaves nothing behind.
  @Test func theMadeDescriptionSendsTwentyFourBitColour() throws {
    let made = try #require(DirectColorTerminfo.make(base: "xterm-256color"), "tic could not make the description")
    defer { made.remove() }
    let described = try ChildOutput.run(["infocmp", "-x", "-1", "-A", made.directory, DirectColorTerminfo.name])
    #expect(described.contains("colors#0x1000000"))
    #expect(described.contains("setaf=\\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,"))
    #expect(described.contains("smcup="), "the base's capabilities are kept")
    made.remove()
    #expect(access(made.directory, F_OK) != 0)
    #expect(DirectColorTerminfo.make(base: "no-such-terminal-at-all") == nil)
  }
}

/// Runs a program and returns what it printed.
enum ChildOutput {
  static func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

/// OSC 52: the clipboard sequence, its base64 checked against RFC 4648's vectors.
@Suite struct ClipboardSequenceTests {
  @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
  func base64(_ text: String, _ encoded: String) {
    #expect(String(decoding: ClipboardSequence.base64(Array(text.utf8)), as: UTF8.self) == encoded)
  }

  @Test func theSequenceIsOSC52EndedBySTAndCarriesAnyBytes() {
    let bytes = ClipboardSequence.bytes(for: Array(#"{"a":"é\n"}"#.utf8))
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}]52;c;eyJhIjoiw6lcbiJ9\u{1B}\\")
    #expect(ClipboardSequence.base64((0...255).map(UInt8.init)).allSatisfy { $0 >= 0x2B && $0 <= 0x7A })
  }
}
