import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// A placeholder made ready once (``PlaceholderDrawing``, kept by a card from frame
/// to frame) draws the cells the placeholder made afresh on every frame drew.
@Suite struct PlaceholderDrawingTests {
  /// The placeholder as it was drawn before it was kept: everything made on each call.
  static func drawAfresh(_ p: Placeholder, in canvas: any Canvas, rect: Rect, clip: Rect, ascii: Bool) {
    guard !rect.isEmpty, let area = rect.intersection(clip) else { return }
    let pattern = ascii ? Placeholder.asciiPatterns[p.patternIndex] : Placeholder.unicodePatterns[p.patternIndex]
    let glyph = DisplayText.glyphs(of: String(pattern)).first ?? .space
    let style = Style(foreground: p.color)
    let rows = (0..<2).map { kind in
      (0..<rect.width).map { x in (x + kind * 2) % Placeholder.latticeStep == 0 ? glyph : Glyph.space }
    }
    for y in area.minY..<area.maxY {
      canvas.put(rows[((y - rect.minY) * 2 % Placeholder.latticeStep) / 2], at: Point(x: rect.minX, y: y), style: style, clip: area)
    }
    guard !p.label.isEmpty, rect.width >= PlaceholderDrawing.narrowestLabelled else { return }
    let text = TextWrapper.truncate(p.label, width: rect.width - 2)
    let width = DisplayText.width(of: text)
    let x = rect.minX + (rect.width - width) / 2
    let y = rect.minY + rect.height / 2
    canvas.put(
      " " + text + " ", at: Point(x: x - 1, y: y), style: Style(foreground: p.color, attributes: .reverse),
      clip: clip.intersection(rect) ?? .zero)
  }

  @Test func aKeptDrawingDrawsTheCellsOfOneMadeAfresh() {
    let names = ["img/mug-017.png", "茶碗/茶碗-大きい-017.png", "", "a", "x/very-long-name-of-a-picture-file-that-never-fits.jpeg", "e\u{301}te\u{301}.gif"]
    let clips = [
      Rect(x: 0, y: 0, width: 40, height: 12), Rect(x: 3, y: 2, width: 9, height: 5), Rect(x: 0, y: 4, width: 40, height: 1),
      Rect(x: 6, y: 0, width: 3, height: 12),
    ]
    var compared = 0
    for name in names {
      let placeholder = Placeholder(name: name)
      for ascii in [false, true] {
        for width in 0...16 {
          // One drawing per width, drawn into several rects and clips, as a card
          // keeps it from frame to frame while it scrolls.
          let kept = PlaceholderDrawing(placeholder, width: width, ascii: ascii)
          #expect(kept.matches(placeholder, width: width, ascii: ascii))
          #expect(!kept.matches(placeholder, width: width + 1, ascii: ascii))
          for height in [0, 1, 2, 5] {
            for origin in [Point(x: 0, y: 0), Point(x: 2, y: 3), Point(x: -3, y: -1)] {
              for clip in clips {
                let rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
                let fresh = CellBuffer(width: 24, height: 10)
                let cached = CellBuffer(width: 24, height: 10)
                Self.drawAfresh(placeholder, in: fresh, rect: rect, clip: clip, ascii: ascii)
                kept.draw(in: cached, rect: rect, clip: clip)
                #expect(cached.cells == fresh.cells, "\(name) \(rect) \(clip) ascii \(ascii)")
                compared += 1
              }
            }
          }
        }
      }
    }
    #expect(compared == names.count * 2 * 17 * 4 * 3 * clips.count)
  }

  /// Cards keep their placeholders across frames, widths and themes: the screen is
  /// the one a browser whose every card is new draws.
  @Test func cardsKeepingTheirPlaceholdersDrawWhatNewCardsDraw() {
    let store = ItemStore(roles: FieldRoles())
    var text = "["
    for i in 0..<60 {
      text += (i > 0 ? "," : "") + #"{"title":"Item \#(i)","img":"img/pic-\#(i)-\#(String(repeating: "x", count: i % 13)).png","w":\#(200 + (i * 37) % 300),"h":\#(150 + (i * 91) % 500)}"#
    }
    text += "]"
    let page = PageParser.parse(Array(text.utf8), path: "t.json")
    store.append(page.items, toPage: store.addMemoryPage(path: "t.json"))
    var options = Browser.Options()
    options.animates = false
    let browser = Browser(store: store, options: options, size: Size(width: 90, height: 30))
    var frames = 0
    func check(_ step: String) {
      let kept = CellBuffer(width: browser.size.width, height: browser.size.height)
      browser.draw(in: kept)
      // Every cell recycled: each card is configured again and makes its placeholder anew.
      browser.collectionView.reloadData()
      let fresh = CellBuffer(width: browser.size.width, height: browser.size.height)
      browser.draw(in: fresh)
      #expect(kept.cells == fresh.cells, "\(step)\n\(kept.text)\n---\n\(fresh.text)")
      #expect(kept.text.contains(".png"), "\(step)")
      frames += 1
    }
    check("first")
    for i in 0..<8 {
      _ = browser.handle(.key(.down))
      check("down \(i)")
    }
    // Other widths: the cards' placeholders are made again for them.
    for width in [70, 110, 90] {
      browser.resize(to: Size(width: width, height: 30))
      check("width \(width)")
      _ = browser.handle(.key(.down))
      check("width \(width), down")
    }
    _ = browser.handle(.key(.character("+")))
    check("a column more")
    #expect(frames == 16)
  }
}
