import Foundation
import Testing

/// The carousel, the circle, the mosaic and the horizontal waterfall in the real
/// binary; snapping at rest, pull to refresh, and the animated hide and undo.
/// Each screen is compared with what `waterfall render` draws for the same keys,
/// once any animation has ended.
@Suite(.serialized) struct LayoutsEndToEndTests {
  typealias B = BrowserEndToEndTests

  /// The screen `render` draws at 100x30 after `keys`, without trailing spaces.
  static func rendered(_ options: [String], keys: String, data: String = "Data/shops") throws -> [String] {
    let out = try Tmux.waterfall(["render", data, "--width", "100", "--height", "30", "--keys", keys] + options).out
    return out.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// Starts the browser with `options`, presses `keys` one at a time, and waits
  /// for the screen `render` draws for them.
  func check(
    _ options: [String], keys: [String], data: String = "Data/shops", sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    let tmux = try Tmux("NO_COLOR=1 waterfall \(data) " + options.map(Tmux.shellQuote).joined(separator: " "))
    try tmux.waitFor("the first card") { B.selected($0) == 0 }
    for key in keys { try tmux.send(key) }
    let expected = try Self.rendered(options, keys: keys.joined(separator: " "), data: data)
    return try tmux.waitFor("the rendered screen after \(keys.joined(separator: " "))", sourceLocation: sourceLocation) {
      Array($0.prefix(29)) == Array(expected.prefix(29))
    }
  }

  @Test func theCarouselCentresTheCardMovedTo() throws {
    let screen = try check(["--layout", "line"], keys: ["Right", "Right"])
    #expect(B.selected(screen) == 2)
    #expect(Tmux.status(screen).contains("line"))
    // The selected card (heavy lines) is in the middle of the 100 columns.
    let top = screen.first { $0.contains("┏") }!
    let left = top.distance(from: top.startIndex, to: top.firstIndex(of: "┏")!)
    let right = top.distance(from: top.startIndex, to: top.firstIndex(of: "┓")!)
    #expect(abs((left + right + 1) / 2 - 50) <= 1, "\(left)...\(right)")
  }

  @Test func aScrolledCarouselComesToRestOnACard() throws {
    // Ten columns sideways with Ctrl-E: at rest, the nearest card is in the middle.
    let keys = Array(repeating: "C-e", count: 10)
    let screen = try check(["--layout", "line"], keys: keys)
    #expect(B.selected(screen) == 0, "ten columns is less than half a card: back to the first")
    let far = Array(repeating: "C-e", count: 20)
    let moved = try check(["--layout", "line"], keys: far)
    #expect(B.selected(moved) == 1, "twenty is more than half: the second card rests in the middle")
  }

  @Test func theCircleTurnsWithTheArrows() throws {
    let screen = try check(["--layout", "circle"], keys: ["Right", "Right", "Left"])
    #expect(B.selected(screen) == 1)
    #expect(Tmux.status(screen).contains("circle"))
  }

  @Test func theMosaicRepeatsByThrees() throws {
    let screen = try check(["--layout", "mosaic"], keys: ["Down", "Right"])
    #expect(Tmux.status(screen).contains("mosaic"))
    #expect(B.selected(screen) == 5, "right of the big card: the small one sharing most of its rows")
  }

  @Test func theHorizontalWaterfallScrollsSideways() throws {
    let screen = try check(["--direction", "horizontal"], keys: ["Right", "Right", "Right", "Right", "Right", "Right", "Down"])
    #expect(Tmux.status(screen).contains("rows · waterfall ↔"))
  }

  @Test func lCyclesEveryLayoutWithTheCardsSliding() throws {
    // One file, all loaded at once: a grid that shows every card of a folder's
    // first page would load the next one, which `render` does not.
    let screen = try check([], keys: Array(repeating: "L", count: 6), data: "Data/notes.jsonl")
    #expect(Tmux.status(screen).contains("circle"))
  }

  @Test func pullToRefreshSaysPullThenReleaseThenRefreshing() throws {
    let tmux = try Tmux("NO_COLOR=1 waterfall Data/shops")
    try tmux.waitFor("the first card") { B.selected($0) == 0 }
    // A short pull springs back.
    try tmux.send("Up")
    try tmux.waitFor(text: "pull to refresh")
    try tmux.waitFor("the pull to spring back") { !$0.joined().contains("pull to refresh") && $0[0].contains("┏") }
    // A long one (four rows at once) is armed, then refreshes when let go.
    try tmux.send("Up", "k", "Up", "k")
    try tmux.waitFor(text: "release to refresh")
    try tmux.waitFor(text: "refreshing…")
    let after = try tmux.waitFor("the cards back after the refresh") { $0[0].contains("┏") && !$0.joined().contains("refresh") }
    #expect(B.selected(after) == 0, "the selection kept")
  }

  @Test func xShrinksACardAwayAndUBringsItBack() throws {
    let hidden = try check([], keys: ["Down", "x"])
    #expect(Tmux.status(hidden).contains("1 hidden"))
    let back = try check([], keys: ["Down", "x", "u"])
    #expect(Array(back.prefix(29)) == Array(try Self.rendered([], keys: "Down").prefix(29)), "as before the hide")
  }
}
