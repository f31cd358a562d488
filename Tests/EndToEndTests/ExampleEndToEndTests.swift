import Foundation
import Testing

/// `waterfall-example` (Examples/WaterfallExample): the library products alone show
/// a live waterfall in a real terminal, move on arrows, follow a resize and give
/// the terminal back on q.
@Suite struct ExampleEndToEndTests {

  /// The character in column `x` of row `y` (box lines are one column each).
  static func character(_ screen: [String], x: Int, y: Int) -> Character? {
    guard y < screen.count, x < screen[y].count else { return nil }
    return Array(screen[y])[x]
  }

  @Test func arrowsMoveTheSelectionAndQQuits() throws {
    let tmux = try Tmux("waterfall-example 30", width: 80, height: 24)
    defer { tmux.kill() }
    // Four columns of 19 (80 wide, spacing 1): tiles 1 to 4 across the top, the first selected.
    let first = try tmux.waitFor("the tiles and the status line") { Tmux.status($0).hasPrefix(" 1/30 · arrows move · q quits") }
    #expect(Self.character(first, x: 0, y: 0) == "┏")
    #expect(Self.character(first, x: 20, y: 0) == "┌")
    #expect(first[1].contains("Tile 1") && first[1].contains("Tile 4"))

    try tmux.send("Right")
    let moved = try tmux.waitFor("Right to select tile 2") { Tmux.status($0).hasPrefix(" 2/30 ") }
    #expect(Self.character(moved, x: 0, y: 0) == "┌")
    #expect(Self.character(moved, x: 20, y: 0) == "┏")

    try tmux.send("Left")
    try tmux.waitFor("Left to select tile 1 again") { Tmux.status($0).hasPrefix(" 1/30 ") }
    try tmux.send("Down")
    let down = try tmux.waitFor("Down to select the next tile in the first column") {
      !Tmux.status($0).hasPrefix(" 1/30 ") && Tmux.status($0).hasSuffix("/30 · arrows move · q quits")
    }
    #expect(Self.character(down, x: 0, y: 0) == "┌")

    try tmux.send("q")
    let exit = try tmux.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.stty == "icanon echo")
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  @Test func aResizeRedrawsAtTheNewSize() throws {
    let tmux = try Tmux("waterfall-example 30", width: 80, height: 24)
    defer { tmux.kill() }
    try tmux.waitFor("the first screen") { Tmux.status($0).hasPrefix(" 1/30 ") }
    try tmux.resize(width: 60, height: 16)
    let small = try tmux.waitFor("the status line on the last row of 16") { $0.count >= 16 && $0[15].hasPrefix(" 1/30 ") }
    #expect(small.prefix(15).allSatisfy { $0.count <= 60 })
    try tmux.send("Escape")
    #expect(try tmux.waitForExit().status == 0)
  }
}
