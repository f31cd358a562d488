import Testing

@testable import WaterfallApp
import WaterfallView

/// ``CardHeight`` is only a faster ``CardPlan``: the same height, always.
@Suite struct CardHeightTests {
  static let pieces = ["a", "mug", "ceramic", "glaze", " ", "  ", "茶壶", "大号陶瓷茶壶蓝色釉面", "かな", "한글", "😀", "\n", "extraordinarilylongword", "x", "Linen", "é", "-", ""]

  static func text(_ rng: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(separator: Bool.random(using: &rng) ? " " : "")
  }

  @Test func packedHeightEqualsThePlansHeight() {
    var rng = SeededGenerator(seed: 7)
    for _ in 0..<3000 {
      let aspect: CardContent.Aspect? = Bool.random(using: &rng) ? .init(width: Double.random(in: 1...900, using: &rng), height: Double.random(in: 1...900, using: &rng)) : nil
      let card = CardContent(
        title: Self.text(&rng), subtitle: Bool.random(using: &rng) ? "$9" : nil, image: nil, aspect: aspect,
        tags: Bool.random(using: &rng) ? ["t"] : [], text: Bool.random(using: &rng) ? Self.text(&rng) : nil)
      let width = Int.random(in: 1...60, using: &rng)
      var packed: [UInt8] = []
      card.pack(into: &packed)
      let fast = packed.withUnsafeBufferPointer { CardContent.packedHeight(in: $0, width: width) }
      #expect(fast == CardPlan(content: card, width: width).height, "\(card) at \(width)")
    }
  }

  @Test func countingPathWrapsLikeTheWrapper() {
    func count(_ s: String, _ width: Int) -> Int? {
      Array(s.utf8).withUnsafeBufferPointer { CardHeight.simpleLineCount($0, width: width) }
    }
    #expect(count("Ceramic mug with a blue glaze", 12) == 3)
    #expect(count("   ", 5) == 0)
    #expect(count("a  b", 3) == 1)
    #expect(count("toolongword", 5) == 3, "a word wider than the line breaks inside")
    #expect(count("茶壶", 3) == 2)
    #expect(count("大号陶瓷茶壶 蓝色釉面", 24) == 1)
    #expect(count("two\nlines", 20) == nil, "newlines go to the wrapper")
    #expect(count("😀", 20) == nil, "emoji go to the wrapper")
    for (text, width) in [("toolongword", 5), ("茶壶", 1), ("ab 大号陶瓷茶壶蓝色釉面 x", 7), ("a b c", 1)] {
      #expect(count(text, width) == TextWrapper.wrap(text, width: width).count, "\(text) at \(width)")
    }
  }
}
