import Testing
import TestSupport

@testable import WaterfallApp

/// ``CardHeight`` is only a faster ``CardPlan``: the same height, always.
@Suite struct CardHeightTests {
  static let pieces = ["a", "mug", "ceramic", "glaze", " ", "  ", "茶壶", "大号陶瓷茶壶蓝色釉面", "かな", "한글", "😀", "\n", "extraordinarilylongword", "x", "Linen", "é", "-", ""]

  static func text(_ rng: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(separator: Bool.random(using: &rng) ? " " : "")
  }

  @Test func packedHeightEqualsThePlansHeight() {
    var rng = SeededGenerator(seed: 7)
    var compact = 0
    defer { #expect(compact > 300, "compact cards are among those compared") }
    for _ in 0..<3000 {
      let aspect: CardContent.Aspect? = Bool.random(using: &rng) ? .init(width: Double.random(in: 1...900, using: &rng), height: Double.random(in: 1...900, using: &rng)) : nil
      let compactish = Int.random(in: 0..<3, using: &rng) == 0  // a title and a subtitle only, often
      let card = CardContent(
        title: Self.text(&rng), subtitle: Bool.random(using: &rng) ? ["$9", "1.2.3-long-version", "", "大号陶瓷"].randomElement(using: &rng)! : nil,
        image: !compactish && Int.random(in: 0..<5, using: &rng) == 0 ? "a.png" : nil, aspect: compactish ? nil : aspect,
        tags: !compactish && Bool.random(using: &rng) ? ["t"] : [], text: !compactish && Bool.random(using: &rng) ? Self.text(&rng) : nil,
        fields: !compactish && Int.random(in: 0..<4, using: &rng) == 0 ? ["k: v", "a: b"] : [])
      let width = Int.random(in: 1...60, using: &rng)
      var packed: [UInt8] = []
      card.pack(into: &packed)
      let fast = packed.withUnsafeBufferPointer { CardContent.packedHeight(in: $0, width: width) }
      #expect(fast == CardPlan(content: card, width: width).height, "\(card) at \(width)")
      if CardPlan(content: card, width: width).isCompact { compact += 1 }
    }
  }
}
