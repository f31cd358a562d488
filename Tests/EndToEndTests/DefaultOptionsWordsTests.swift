import Foundation
import Testing

@testable import waterfall

/// What `FuzzBind` found in the splitting of `WATERFALL_DEFAULT_OPTS`
/// (Fuzz/Seeds/FuzzBind/finding-combining-mark-after-quote): text read by
/// Characters took a quote and the combining mark after it for one character,
/// so `'́a b'` did not open a quote, and a word starting with a combining mark,
/// quoted, did not split back. The shell reads bytes; ShellWords reads scalars.
@Suite struct DefaultOptionsWordsTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var words: [String]
    var testDescription: String { text.debugDescription }
  }

  static let cases = [
    Case(text: "'\u{301}a b'", words: ["\u{301}a b"]),
    Case(text: "\u{301}", words: ["\u{301}"]),
    Case(text: "\"\u{301}x\" y", words: ["\u{301}x", "y"]),
    Case(text: "--header 'two words' # a comment\n--columns 2", words: ["--header", "two words", "--columns", "2"]),
  ]

  @Test(arguments: cases) func wordsAreSplitAsTheShellSplitsThem(_ c: Case) throws {
    #expect(try ShellWords.split(c.text) == c.words)
  }

  /// Every word, quoted for the shell and split again, comes back whole.
  @Test(arguments: cases) func quotedWordsSplitBackToThemselves(_ c: Case) throws {
    let quoted = c.words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    #expect(try ShellWords.split(quoted) == c.words)
  }
}
