import Foundation
import Testing
import WaterfallImages
import WaterfallLayout
import WaterfallTerminal

@testable import WaterfallApp

/// kitty pictures: pixels sent once per picture, then only placements: moved by
/// placing again, taken off when they leave, nothing sent when nothing changed.
@Suite struct KittyLayerTests {
  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func pixelsOnceThenOnlyPlacements() {
    let red = KittyPicture(image: Image(width: 2, height: 2, repeating: RGB(255, 0, 0)))
    let blue = KittyPicture(image: Image(width: 2, height: 2, repeating: RGB(0, 0, 255)))
    let layer = KittyLayer()
    let first = Self.text(layer.bytes(for: [KittyPlacement(origin: Point(x: 1, y: 2), picture: red)]))
    #expect(first.hasPrefix("\u{1B}_Ga=t,f=32,s=2,v=2,i=\(red.id),q=2,m=0;"))
    #expect(first.hasSuffix("\u{1B}7\u{1B}[3;2H\u{1B}_Ga=p,i=\(red.id),p=1,q=2,C=1\u{1B}\\\u{1B}8"))
    // The same frame again: nothing.
    #expect(layer.bytes(for: [KittyPlacement(origin: Point(x: 1, y: 2), picture: red)]).isEmpty)
    // Scrolled: the placement moves, no pixels are sent; a new picture's are.
    let scrolled = Self.text(layer.bytes(for: [
      KittyPlacement(origin: Point(x: 1, y: 0), picture: red), KittyPlacement(origin: Point(x: 5, y: 9), picture: blue),
    ]))
    #expect(scrolled.components(separatedBy: "a=t,").count == 2, "only the new picture's pixels")
    #expect(scrolled.hasPrefix("\u{1B}7\u{1B}[1;2H\u{1B}_Ga=p,i=\(red.id),p=1"))
    // The red one leaves: taken off, its pixels kept (lower-case d).
    let left = Self.text(layer.bytes(for: [KittyPlacement(origin: Point(x: 5, y: 9), picture: blue)]))
    #expect(left == "\u{1B}_Ga=d,d=i,i=\(red.id),q=2\u{1B}\\")
    // After a clear, every placement again, still no pixels.
    layer.screenCleared = true
    let again = Self.text(layer.bytes(for: [KittyPlacement(origin: Point(x: 5, y: 9), picture: blue)]))
    #expect(again == "\u{1B}7\u{1B}[10;6H\u{1B}_Ga=p,i=\(blue.id),p=1,q=2,C=1\u{1B}\\\u{1B}8")
  }

  @Test func insideTmuxEverythingIsWrappedAndPlacedInThePane() {
    let red = KittyPicture(image: Image(width: 2, height: 2, repeating: RGB(255, 0, 0)))
    let layer = KittyLayer(tmuxPane: Point(x: 81, y: 5))
    let first = Self.text(layer.bytes(for: [KittyPlacement(origin: Point(x: 1, y: 2), picture: red)]))
    #expect(first.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=32,s=2,v=2,i=\(red.id),q=2,m=0;"))
    // The cell is the pane's (5, 81) plus the card's (2, 1), 1-based.
    #expect(
      first.hasSuffix(
        "\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[8;83H\u{1B}\u{1B}_Ga=p,i=\(red.id),p=1,q=2,C=1\u{1B}\u{1B}\\\u{1B}\u{1B}8\u{1B}\\"))
    let left = Self.text(layer.bytes(for: []))
    #expect(left == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=i,i=\(red.id),q=2\u{1B}\u{1B}\\\u{1B}\\")
  }

  @Test func sixelInsideTmuxIsWrappedAndPlacedInThePane() {
    let picture = SixelPicture(image: Image(width: 2, height: 6, repeating: RGB(255, 0, 0)))
    let placement = SixelPlacement(origin: Point(x: 1, y: 2), picture: picture)
    #expect(SixelLayer().bytes(for: placement) == placement.bytes)
    let moved = SixelPlacement(origin: Point(x: 82, y: 7), picture: picture)
    #expect(SixelLayer(tmuxPane: Point(x: 81, y: 5)).bytes(for: placement) == TmuxPassthrough.wrap(moved.bytes))
  }

  @Test func largePicturesGoInChunks() {
    let picture = KittyPicture(image: Image(width: 40, height: 40, repeating: .white))
    let text = Self.text(picture.transmission)
    // 6,400 bytes of RGBA are 8,536 of base64: three chunks, the last with m=0.
    #expect(text.components(separatedBy: "\u{1B}_G").count - 1 == 3)
    #expect(text.contains("m=1;") && text.contains("\u{1B}_Gm=0,q=2;"))
    #expect(KittyPicture.base64(Array("any carnal pleas".utf8)) == Array("YW55IGNhcm5hbCBwbGVhcw==".utf8))
  }
}
