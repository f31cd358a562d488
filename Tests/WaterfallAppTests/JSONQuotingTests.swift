import Testing

@testable import WaterfallApp

/// The project's one JSON string escaper: quotes, backslashes and every control
/// character escaped (`\n`, `\r`, `\t` by name, other controls and DEL as
/// `\u00XX`), everything else as it is, and the result parses back.
@Suite struct JSONQuotingTests {
  @Test(arguments: [
    ("plain", #""plain""#),
    ("say \"hi\"", #""say \"hi\"""#),
    ("back\\slash", #""back\\slash""#),
    ("a\nb", #""a\nb""#),
    ("a\rb", #""a\rb""#),
    ("a\tb", #""a\tb""#),
    ("del\u{7F}", #""del\u007f""#),
    ("nul\u{0}esc\u{1B}bel\u{07}", #""nul\u0000esc\u001bbel\u0007""#),
    ("\u{1F}\u{20}", #""\u001f ""#),
    ("茶壶 ☕ café \u{80}\u{9B}", "\"茶壶 ☕ café \u{80}\u{9B}\""),
    ("", #""""#),
  ])
  func escapes(_ text: String, _ literal: String) {
    #expect(JSONValue.quoted(text) == literal)
    var bytes: [UInt8] = [0x5B]
    JSONValue.appendQuoted(text, to: &bytes)
    #expect(bytes == [0x5B] + Array(literal.utf8))
  }

  @Test func everyScalarBelowTwoHundredAndFiftySixParsesBack() throws {
    let text = String(String.UnicodeScalarView((0...255).compactMap { Unicode.Scalar(UInt32($0)) }))
    let literal = JSONValue.quoted(text)
    #expect(!literal.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(try JSONParser.parse(Array(literal.utf8)) == .string(text))
  }
}
