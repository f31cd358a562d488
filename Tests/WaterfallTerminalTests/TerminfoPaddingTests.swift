import Testing

@testable import WaterfallTerminal

/// Padding is taken out of every terminfo string the program sends (issue 30):
/// vt100's `cup` ends in `$<5>`, which a terminal shows as text.
@Suite struct TerminfoPaddingTests {
  @Test(arguments: [
    ("\u{1B}[5;11H$<5>", "\u{1B}[5;11H"),
    ("\u{1B}[H\u{1B}[J$<50>", "\u{1B}[H\u{1B}[J"),
    ("\u{1B}[1m$<2>", "\u{1B}[1m"),
    ("\u{1B}[?5h$<200/>\u{1B}[?5l", "\u{1B}[?5h\u{1B}[?5l"),
    ("a$<2*>b$<1.5*/>c$<3/*>d", "abcd"),
    ("$<5>", ""),
    // Not delays: left as they are.
    ("cost $<x>", "cost $<x>"),
    ("$<>", "$<>"),
    ("$<5", "$<5"),
    ("$5>", "$5>"),
    ("$<.5>", "$<.5>"),
    ("plain", "plain"),
  ])
  func delaysAreTakenOut(_ text: String, _ expected: String) {
    #expect(TerminfoPadding.strip(Array(text.utf8)) == Array(expected.utf8))
  }
}
