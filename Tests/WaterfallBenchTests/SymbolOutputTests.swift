import Testing
import WaterfallImages

@testable import waterfall_bench

/// chafa's output read back into cells, as the symbols' benchmark does.
@Suite struct SymbolOutputTests {
  @Test func coloursAndSymbolsBecomeCells() {
    let text = "\u{1B}[0m\u{1B}[38;2;255;0;0;48;2;0;0;255m▘\u{1B}[0m\u{1B}[38;5;196;48;5;21m\u{1FB02}\u{1B}[0m\n\u{1B}[7m\u{1B}[38;2;1;2;3m \n"
    let output = SymbolOutput(bytes: Array(text.utf8))
    #expect(output.lines.count == 2 && output.unknown == 0)
    #expect(output.lines[0][0] == SymbolCell(mask: SymbolCell.quadrantMask(1), foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
    #expect(output.lines[0][1] == SymbolCell(mask: SymbolCell.sextantMask(3), foreground: .indexed(196), background: .indexed(21)))
    // Reverse video swaps the colours; a space is all background.
    #expect(output.lines[1][0] == SymbolCell(mask: 0, foreground: .default, background: .rgb(1, 2, 3)))
  }

  @Test func otherCharactersAreCountedAndReadAsBackground() {
    let output = SymbolOutput(bytes: Array("\u{1B}[?25lx▀\n\n".utf8))
    #expect(output.lines.count == 1 && output.lines[0].count == 2 && output.unknown == 1)
    #expect(output.lines[0][0].mask == 0 && output.lines[0][1].mask == SymbolCell.upperHalf)
  }
}
