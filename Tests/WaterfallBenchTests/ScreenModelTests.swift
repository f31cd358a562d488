import Testing

@testable import waterfall_bench

/// Applies `text` (with escape sequences) to a fresh screen.
func screen(_ width: Int, _ height: Int, _ text: String) -> ScreenModel {
  var screen = ScreenModel(width: width, height: height)
  var parser = VTParser()
  parser.feed(Array(text.utf8)) { screen.apply($0) }
  return screen
}

@Suite struct VTParserTests {
  func actions(_ chunks: [String]) -> [VTAction] {
    var parser = VTParser()
    var out: [VTAction] = []
    for chunk in chunks { parser.feed(Array(chunk.utf8)) { out.append($0) } }
    return out
  }

  @Test func readsControlSequencesWithParametersAndMarkers() {
    #expect(actions(["\u{1B}[12;5H"]) == [.csi(marker: nil, parameters: [12, 5], intermediates: [], final: UInt8(ascii: "H"))])
    #expect(actions(["\u{1B}[;7H"]) == [.csi(marker: nil, parameters: [nil, 7], intermediates: [], final: UInt8(ascii: "H"))])
    #expect(actions(["\u{1B}[?1049h"]) == [.csi(marker: UInt8(ascii: "?"), parameters: [1049], intermediates: [], final: UInt8(ascii: "h"))])
    #expect(actions(["\u{1B}[K"]) == [.csi(marker: nil, parameters: [], intermediates: [], final: UInt8(ascii: "K"))])
  }

  @Test func aSequenceSplitAcrossReadsIsReadWhole() {
    #expect(actions(["\u{1B}[3", "8;5;2", "08m", "x"]) == [
      .csi(marker: nil, parameters: [38, 5, 208], intermediates: [], final: UInt8(ascii: "m")), .print("x"),
    ])
  }

  @Test func decodesUTF8AcrossReadsAndReplacesBadBytes() {
    let bytes = Array("价".utf8)
    var parser = VTParser()
    var out: [VTAction] = []
    parser.feed(bytes[0..<1]) { out.append($0) }
    parser.feed(bytes[1...]) { out.append($0) }
    parser.feed([0xFF, 0x41]) { out.append($0) }
    #expect(out == [.print("价"), .print("\u{FFFD}"), .print("A")])
  }

  @Test func dropsStringsAndReadsEscapes() {
    #expect(actions(["\u{1B}]0;title\u{07}a\u{1B}P1$r\u{1B}\\b"]) == [.print("a"), .print("b")])
    #expect(actions(["\u{1B}(B\u{1B}7\r\n"]) == [
      .escape(intermediates: [UInt8(ascii: "(")], final: UInt8(ascii: "B")),
      .escape(intermediates: [], final: UInt8(ascii: "7")), .control(0x0D), .control(0x0A),
    ])
  }
}

@Suite struct ScreenModelTests {
  @Test func printsAtTheCursorAndMovesIt() {
    let s = screen(10, 3, "\u{1B}[2;3Hhi\u{1B}[3;1Hx\u{1B}[1;10Hz")
    #expect(s.lines == ["         z", "  hi      ", "x         "])
  }

  @Test func relativeMovesAndColumnAndRowAddressing() {
    let s = screen(8, 3, "a\u{1B}[2Cb\u{1B}[Bc\u{1B}[3Dd\u{1B}[1;8He\u{1B}[3d\u{1B}[2Gf")
    #expect(s.lines == ["a  b   e", "  d c   ", " f      "])
  }

  @Test func wrapsOnlyWhenTheNextCharacterComes() {
    // The last column holds the cursor ("pending wrap") until more text comes.
    var s = screen(4, 3, "abcd")
    #expect(s.lines == ["abcd", "    ", "    "])
    #expect(s.y == 0)
    s = screen(4, 3, "abcde")
    #expect(s.lines == ["abcd", "e   ", "    "])
    s = screen(4, 3, "abcd\r\nx")
    #expect(s.lines == ["abcd", "x   ", "    "])
  }

  @Test func wideCharactersTakeTwoCellsAndWrapWhole() {
    var s = screen(5, 2, "价a格")
    #expect(s.lines == ["价a格", "     "])
    #expect(s.x == 4)
    s = screen(5, 2, "abcd价")
    #expect(s.lines == ["abcd ", "价   "])
    // Overwriting half of a wide character blanks the other half.
    s = screen(5, 1, "价格\u{1B}[1;2Hx")
    #expect(s.lines == [" x格 "])
  }

  @Test func erasesLinesAndTheDisplay() {
    var s = screen(5, 3, "aaaaabbbbbccccc\u{1B}[2;3H\u{1B}[K")
    #expect(s.lines == ["aaaaa", "bb   ", "ccccc"])
    s = screen(5, 3, "aaaaabbbbbccccc\u{1B}[2;3H\u{1B}[1K")
    #expect(s.lines == ["aaaaa", "   bb", "ccccc"])
    s = screen(5, 3, "aaaaabbbbbccccc\u{1B}[2;3H\u{1B}[J")
    #expect(s.lines == ["aaaaa", "bb   ", "     "])
    s = screen(5, 3, "aaaaabbbbbccccc\u{1B}[2;3H\u{1B}[2X")
    #expect(s.lines == ["aaaaa", "bb  b", "ccccc"])
    s = screen(5, 3, "aaaaabbbbbccccc\u{1B}[H\u{1B}[2J")
    #expect(s.lines == ["     ", "     ", "     "])
  }

  @Test func lineFeedAtTheBottomOfAScrollRegionScrollsOnlyTheRegion() {
    let s = screen(3, 5, "r0\r\nr1\r\nr2\r\nr3\r\nst\u{1B}[2;4r\u{1B}[4;1H\nnw")
    #expect(s.lines == ["r0 ", "r2 ", "r3 ", "nw ", "st "])
  }

  @Test func reverseIndexAtTheTopScrollsDown() {
    let s = screen(3, 4, "r0\r\nr1\r\nr2\r\nr3\u{1B}[1;3r\u{1B}[1;1H\u{1B}Mnw")
    #expect(s.lines == ["nw ", "r0 ", "r1 ", "r3 "])
  }

  @Test func scrollUpAndDownAndInsertDeleteLines() {
    let rows = "a\r\nb\r\nc\r\nd"
    #expect(screen(1, 4, rows + "\u{1B}[2S").lines == ["c", "d", " ", " "])
    #expect(screen(1, 4, rows + "\u{1B}[T").lines == [" ", "a", "b", "c"])
    #expect(screen(1, 4, rows + "\u{1B}[2;1H\u{1B}[L").lines == ["a", " ", "b", "c"])
    #expect(screen(1, 4, rows + "\u{1B}[2;1H\u{1B}[2M").lines == ["a", "d", " ", " "])
  }

  @Test func insertsDeletesAndRepeatsCharacters() {
    #expect(screen(6, 1, "abcdef\u{1B}[1;2H\u{1B}[2@").lines == ["a  bcd"])
    #expect(screen(6, 1, "abcdef\u{1B}[1;2H\u{1B}[2P").lines == ["adef  "])
    #expect(screen(6, 1, "─\u{1B}[4b").lines == ["───── "])
  }

  @Test func savesAndRestoresTheCursor() {
    #expect(screen(4, 2, "\u{1B}[2;2H\u{1B}7\u{1B}[1;1Hx\u{1B}8y").lines == ["x   ", " y  "])
  }

  @Test func alternateScreenKeepsTheMainOne() {
    var s = screen(3, 1, "abc\u{1B}[?1049h\u{1B}[Hxy")
    #expect(s.lines == ["xy "])
    #expect(s.privateModes.contains(1049))
    s = screen(3, 1, "abc\u{1B}[?1049h\u{1B}[Hxy\u{1B}[?1049l")
    #expect(s.lines == ["abc"])
  }

  @Test func remembersPrivateModes() {
    let s = screen(3, 1, "\u{1B}[?1000;1006h\u{1B}[?1000l")
    #expect(s.privateModes == [1006])
  }
}
