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

  /// A title is one word exactly when no character of it is whitespace, as
  /// ``CardPlan/namesAFile(_:)`` asks, whatever scalars it holds.
  @Test(arguments: [
    "mug", "a mug", "茶壶", "茶壶 蓝", "茶\u{3000}壶", "nbsp\u{A0}x", "tab\tx", "line\r\nx", "é\u{301}", "e\u{301} x",
    "\u{600} x", "\u{600}\u{A0}x", "\u{600}\tx", "\u{600}\u{600} x", "\u{110BD} x", "茶 壶", "\u{600}x y", "x\u{2028}", "\u{85}", "😀", "😀 😀", "\u{200B}", "\u{1680}",
    " lead", "x\u{0B}y", "a\u{1}b", "a\u{1} b", "\u{600} ", "\u{110BD} ", "é x",
  ])
  func oneWordIsAskedOfTheCharacters(_ title: String) {
    let expected = !title.isEmpty && !title.contains(where: \.isWhitespace)
    #expect(Array(title.utf8).withUnsafeBufferPointer(CardHeight.isOneWord) == expected, "\(title.debugDescription)")
  }

  /// A space right after a scalar of two or three bytes, told over the bytes
  /// before it without decoding the title: after every such scalar, Prepend
  /// ones (which join the space) among them.
  @Test func aSpaceAfterAnyScalarOfTwoOrThreeBytes() {
    for value in UInt32(0x80)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let title = "x" + String(scalar) + " y"
      let expected = !title.contains(where: \.isWhitespace)
      if Array(title.utf8).withUnsafeBufferPointer(CardHeight.isOneWord) != expected {
        Issue.record("U+\(String(value, radix: 16)) then a space: one word should be \(expected)")
      }
    }
  }

  @Test func oneWordOverBytesThatAreNotUTF8() {
    for bytes: [UInt8] in [
      [0xFF], [0x61, 0xC3], [0xE8, 0x20, 0x61], [0xC3, 0x28], [0x61, 0xED, 0xA0, 0x80], [0xE8, 0x8C, 0x20, 0x61], [0x8C, 0xB6, 0x20, 0x61],
      [0xED, 0xA0, 0x80, 0x20, 0x61], [0xE0, 0x80, 0x80, 0x20], [0xC0, 0x80, 0x20], [0xF0, 0x91, 0x82, 0xBD, 0x20],
    ] {
      let expected = !String(decoding: bytes, as: UTF8.self).contains(where: \.isWhitespace)
      #expect(bytes.withUnsafeBufferPointer(CardHeight.isOneWord) == expected, "\(bytes)")
    }
  }

  /// Every whitespace scalar, alone or inside a title, is seen by the byte
  /// pass that lets most titles skip decoding.
  @Test func theBytePassSeesEveryWhitespaceScalar() {
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else { continue }
      for title in [String(scalar), "茶" + String(scalar) + "壶"] {
        let seen = Array(title.utf8).withUnsafeBufferPointer(CardHeight.firstPossibleWhitespace)
        #expect(seen != nil, "U+\(String(value, radix: 16)) in \(title.debugDescription)")
      }
    }
    #expect(Array("黄铜托盘🎧".utf8).withUnsafeBufferPointer(CardHeight.firstPossibleWhitespace) == nil)
  }

  /// The list of whitespace scalars is Unicode's `White_Space`, every scalar.
  @Test func theWhitespaceListIsTheProperty() {
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if CardHeight.isWhitespace(value) != scalar.properties.isWhitespace {
        Issue.record("U+\(String(value, radix: 16)): the list says \(CardHeight.isWhitespace(value))")
      }
    }
  }

  /// The list of `Prepend` scalars is where the standard library joins a
  /// following space into the same character, every scalar.
  @Test func thePrependListIsWhereASpaceJoins() {
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      var pair = String()
      pair.unicodeScalars.append(scalar)
      pair.unicodeScalars.append(" ")
      if CardHeight.isPrepend(value) != (pair.count == 1) {
        Issue.record("U+\(String(value, radix: 16)): the list says \(CardHeight.isPrepend(value))")
      }
    }
  }
}
