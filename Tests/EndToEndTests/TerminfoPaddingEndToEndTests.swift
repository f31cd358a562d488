import Foundation
import Testing
import TestSupport

/// Under terminals whose terminfo asks for padding (vt100's `cup=…H$<5>`), the
/// screen shows cards, never the padding as text (issue 30). tmux plays the
/// terminal: what the program sends that tmux cannot read shows as characters.
@Suite struct TerminfoPaddingEndToEndTests {
  @Test(arguments: ["vt100", "vt102", "vt220", "linux"])
  func noPaddingReachesTheScreen(_ term: String) throws {
    let tmux = try Tmux("TERM=\(term) waterfall Data/shops", width: 100, height: 30, name: "padding\(term)")
    _ = try tmux.waitFor("the cards") { ($0.last { !$0.isEmpty } ?? "").contains("/40") }
    try tmux.send("j", "l", "Enter")
    _ = try tmux.waitFor(text: "Details")
    try tmux.send("Escape")
    _ = try tmux.waitFor("the details closed") { !$0.joined().contains("Details") }
    try tmux.send("G")
    let screen = try tmux.waitFor("the last card") { screen in
      let bar = (screen.last { !$0.isEmpty } ?? "").split(separator: " ").first { $0.contains("/") }?.split(separator: "/") ?? []
      return bar.count == 2 && bar[0] == bar[1]
    }
    #expect(!screen.joined().contains("$<"), "\(screen.joined(separator: "\n"))")
    try tmux.send("q")
    _ = try tmux.waitForExit()
    #expect(!(try tmux.capture().joined().contains("$<")), "nor when the terminal is given back")
  }
}
