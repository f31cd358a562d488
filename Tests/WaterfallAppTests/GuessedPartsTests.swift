import Testing

@testable import WaterfallApp

/// A chunk's parts start at guesses past each share, and are kept while each
/// part before ended where the next was guessed to start.
@Suite struct GuessedPartsTests {
  @Test func startsAreTheGuessesPastEachShare() {
    // Items start at multiples of 7: the guess is the next one.
    let starts = GuessedParts.starts(from: 0, end: 100, parts: 4) { at in (at + 6) / 7 * 7 }
    #expect(starts == [0, 28, 56, 77])
    #expect(GuessedParts.starts(from: 0, end: 100, parts: 4) { $0 < 60 ? $0 + 1 : nil } == [0, 26, 51], "no guess past 60: three parts")
    #expect(GuessedParts.starts(from: 10, end: 100, parts: 3) { _ in 20 } == [10, 20], "a guess not past the last start ends the list")
    #expect(GuessedParts.starts(from: 0, end: 100, parts: 2) { _ in 100 } == [0], "a guess at the end is no part")
  }

  @Test func partsAreKeptWhileEachEndsWhereTheNextStarts() {
    let starts = [0, 10, 20, 30]
    #expect(GuessedParts.keptCount(starts: starts) { [10, 20, 30, nil][$0] } == 4)
    #expect(GuessedParts.keptCount(starts: starts) { [10, 20, 25, nil][$0] } == 3)
    #expect(GuessedParts.keptCount(starts: starts) { [nil, 20, 30, nil][$0] } == 1)
    #expect(GuessedParts.keptCount(starts: [5]) { _ in nil } == 1)
  }

  @Test func aChunkIsCutInAPartForEachShare() {
    #expect(GuessedParts.parts(for: 70_000) == 2)
    #expect(GuessedParts.parts(for: 8 << 20) == 64)
    #expect(GuessedParts.parts(for: 1 << 30) == GuessedParts.maximumParts)
  }
}
