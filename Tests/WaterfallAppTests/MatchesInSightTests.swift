import TestSupport
import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// Matches in sight: a card whose match is in a field it does not show (or
/// cut off) shows that field's line with the match marked, in place of its
/// last line; the details mark the matches and open on the first.
@Suite struct MatchesInSightTests {
  static func browser(_ items: [String], size: Size = Size(width: 40, height: 16)) -> Browser {
    let store = ItemStore(roles: FieldRoles())
    for json in items { try! store.append(json: Array(json.utf8)) }
    return Browser(store: store, options: Browser.Options(), size: size)
  }

  static func search(_ text: String, in b: Browser) {
    _ = b.handle(.key(.character("/")))
    for c in text { _ = b.handle(.key(.character(c))) }
    _ = b.handle(.key(.enter))
  }

  /// The columns of `text` on `screen` (its first row holding it) drawn underlined.
  static func underlined(_ text: String, on screen: CellBuffer) -> [Int]? {
    guard let y = screen.lines.firstIndex(where: { $0.contains(text) }) else { return nil }
    let line = screen.lines[y]
    let x = line.distance(from: line.startIndex, to: line.range(of: text)!.lowerBound)
    return (0..<text.count).filter { screen.style(x: x + $0, y: y).attributes.contains(.underline) }
  }

  @Test func aMatchInAFieldTheCardDoesNotShowTakesItsLastLine() {
    let b = Self.browser([
      #"{"title":"Blue mug","maker":"Clay Co","description":"thrown by hand"}"#,
      #"{"title":"Clay jar","maker":"Clay Co","description":"glazed"}"#,
    ], size: Size(width: 60, height: 12))
    Self.search("'clay", in: b)
    let screen = Fixture.screen(b)
    // The mug's card: its title, then where it matched instead of its description.
    expectScreen(
      Array(screen.lines[0..<4]),
      equals: [
        "┏━━━━━━━━━━━━━━━━━━━━━━━━━━━┓ ┌───────────────────────────┐ ",
        "┃Blue mug                   ┃ │Clay jar                   │ ",
        "┃maker: Clay Co             ┃ │glazed                     │ ",
        "┗━━━━━━━━━━━━━━━━━━━━━━━━━━━┛ └───────────────────────────┘ ",
      ])
    #expect(Self.underlined("maker: Clay Co", on: screen) == [7, 8, 9, 10])
    #expect(Self.underlined("Clay jar", on: screen) == [0, 1, 2, 3], "the jar shows its match: its line stays")
    // The cards keep their heights: nothing moves as matches come.
    #expect(b.collectionView.frameForItem(at: IndexPath(item: 0, section: 0))?.height == 4)
  }

  @Test func aMatchFarIntoALongValueIsShownWithWhatComesBefore() {
    let long = String(repeating: "wool ", count: 30) + "brass lantern"
    let b = Self.browser([#"{"title":"Lamp","notes":"\#(long)"}"#])
    Self.search("'lantern", in: b)
    let lines = Fixture.screen(b).lines
    let line = try! #require(lines.first { $0.contains("notes: …") }, "\(lines)")
    #expect(line.contains("lantern"), "\(line)")
    #expect(Self.underlined("lantern", on: Fixture.screen(b)) == Array(0..<7))
  }

  @Test func aOneRowCardShowsWhereItMatchedAtItsRightEnd() {
    let b = Self.browser([#"{"title":"requests","version":"2.31.0","license":"Apache"}"#], size: Size(width: 60, height: 8))
    // The card is one row (title and subtitle) with license not shown.
    #expect(b.collectionView.frameForItem(at: IndexPath(item: 0, section: 0))?.height == 1)
    Self.search("apache", in: b)
    let frame = try! #require(b.collectionView.frameForItem(at: IndexPath(item: 0, section: 0)))
    let line = String(Fixture.screen(b).lines[0].prefix(frame.maxX))
    #expect(line.hasPrefix("requests") && line.hasSuffix("license: Apache"), "\(line)")
    #expect(Self.underlined("Apache", on: Fixture.screen(b)) == [0, 1, 2, 3, 4, 5])
  }

  @Test func theDetailsMarkTheMatchesAndOpenOnTheFirst() {
    var fields = (0..<40).map { #""f\#($0)":"filler \#($0)""# }
    fields.append(#""maker":"Clay Co""#)
    let b = Self.browser(["{" + fields.joined(separator: ",") + "}"], size: Size(width: 60, height: 16))
    Self.search("maker:clay", in: b)
    _ = b.handle(.key(.enter))
    #expect(b.mode == .details)
    let details = try! #require(b.details)
    #expect(details.rows[details.cursor].key == "maker", "the cursor on the first match")
    let screen = Fixture.screen(b)
    #expect(screen.lines.contains { $0.contains("maker") && $0.contains("Clay Co") }, "scrolled to it")
    #expect(Self.underlined("Clay Co", on: screen) == [0, 1, 2, 3])
    // Without a search, the details open at the top, nothing marked.
    _ = b.handle(.key(.escape))
    _ = b.handle(.key(.escape))
    _ = b.handle(.key(.enter))
    #expect(b.details?.cursor == 0 && b.details?.highlight == nil)
  }

  @Test func pathsNameNestedValuesAsTheSearchDoes() throws {
    let value = try JSONParser.parse(Array(#"{"a":1,"size":{"w":3,"tags":["x","y"]},"b":[{"c":2}]}"#.utf8))
    let rows = DetailsTree().rows(of: value)
    #expect(DetailsView.paths(of: rows) == ["a", "size", "size.w", "size.tags", "size.tags", "size.tags", "b", "b", "b.c"])
  }
}
