import Testing
import WaterfallLayout

@testable import WaterfallApp

/// `--preview-window` read as fzf writes it, and the screen parted between
/// the cards and the panel (issue 27).
@Suite struct PreviewWindowTests {
  static let good: [(String, PreviewWindow)] = [
    ("right", PreviewWindow()),
    ("right:50%", PreviewWindow(side: .right, extent: .percent(50))),
    ("down:40%", PreviewWindow(side: .down, extent: .percent(40))),
    ("up", PreviewWindow(side: .up)),
    ("top", PreviewWindow(side: .up)),
    ("bottom,12", PreviewWindow(side: .down, extent: .cells(12))),
    ("left:30", PreviewWindow(side: .left, extent: .cells(30))),
    ("hidden", PreviewWindow(hidden: true)),
    ("wrap", PreviewWindow(wrap: true)),
    ("up:wrap:hidden", PreviewWindow(side: .up, hidden: true, wrap: true)),
    ("right,60%,border-left", PreviewWindow(extent: .percent(60))),
    ("noborder:LEFT:0", PreviewWindow(side: .left, extent: .cells(0))),
    ("wrap:hidden:nowrap:nohidden", PreviewWindow()),
    ("down:70%:wrap:default", PreviewWindow()),
    ("100%", PreviewWindow(extent: .percent(100))),
  ]

  @Test(arguments: good) func readsWhatFzfWrites(_ text: String, _ expected: PreviewWindow) throws {
    #expect(try PreviewWindow(parsing: text) == expected)
  }

  static let bad: [(String, String)] = [
    ("", "an empty value"),
    (":", "an empty value"),
    ("sideways", "unknown 'sideways'"),
    ("right:wide", "unknown 'wide'"),
    ("150%", "'150%': a share is 0% to 100%"),
    ("-3", "unknown '-3'"),
    ("4.5", "unknown '4.5'"),
    ("%", "unknown '%'"),
    ("99999999999999999999", "'99999999999999999999' is too large"),
    ("follow", "fzf's 'follow' is not supported"),
    ("right:+{2}-5", "fzf's '+{2}-5' is not supported"),
    ("~3", "fzf's '~3' is not supported"),
    ("<50(up)", "fzf's '<50(up)' is not supported"),
  ]

  @Test(arguments: bad) func refusesWhatItDoesNotKnowNamingTheWord(_ text: String, _ message: String) {
    #expect {
      try PreviewWindow(parsing: text)
    } throws: { error in
      (error as? PreviewWindowError)?.description.hasPrefix(message) == true
    }
  }

  static let frame = Rect(x: 0, y: 1, width: 80, height: 20)

  static let splits: [(PreviewWindow, cards: Rect, panel: Rect)] = [
    (PreviewWindow(), Rect(x: 0, y: 1, width: 40, height: 20), Rect(x: 40, y: 1, width: 40, height: 20)),
    (PreviewWindow(side: .left, extent: .cells(30)), Rect(x: 30, y: 1, width: 50, height: 20), Rect(x: 0, y: 1, width: 30, height: 20)),
    (PreviewWindow(side: .up, extent: .percent(40)), Rect(x: 0, y: 9, width: 80, height: 12), Rect(x: 0, y: 1, width: 80, height: 8)),
    (PreviewWindow(side: .down, extent: .cells(5)), Rect(x: 0, y: 1, width: 80, height: 15), Rect(x: 0, y: 16, width: 80, height: 5)),
    // The cards keep 12 columns, 3 rows.
    (PreviewWindow(extent: .percent(100)), Rect(x: 0, y: 1, width: 12, height: 20), Rect(x: 12, y: 1, width: 68, height: 20)),
    (PreviewWindow(side: .down, extent: .cells(500)), Rect(x: 0, y: 1, width: 80, height: 3), Rect(x: 0, y: 4, width: 80, height: 17)),
    // A panel too small to hold text is none.
    (PreviewWindow(extent: .cells(3)), Rect(x: 0, y: 1, width: 80, height: 20), Rect(x: 80, y: 1, width: 0, height: 20)),
    (PreviewWindow(side: .up, extent: .percent(0)), Rect(x: 0, y: 1, width: 80, height: 20), Rect(x: 0, y: 1, width: 80, height: 0)),
  ]

  @Test(arguments: splits) func partsTheScreen(_ window: PreviewWindow, _ cards: Rect, _ panel: Rect) {
    let split = window.split(Self.frame)
    #expect(split.cards == cards)
    #expect(split.panel == panel)
  }

  @Test func aNarrowScreenHasNoPanel() {
    let split = PreviewWindow().split(Rect(x: 0, y: 0, width: 14, height: 10))
    #expect(split.cards.width == 14)
    #expect(split.panel.isEmpty)
  }
}
