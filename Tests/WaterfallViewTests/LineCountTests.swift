import TestSupport
import Testing

@testable import WaterfallView

/// Counting wrapped lines over bytes gives the wrapper's count.
@Suite struct LineCountTests {
  @Test func countingPathWrapsLikeTheWrapper() {
    func count(_ s: String, _ width: Int) -> Int? {
      Array(s.utf8).withUnsafeBufferPointer { TextWrapper.simpleLineCount($0, width: width) }
    }
    #expect(count("Ceramic mug with a blue glaze", 12) == 3)
    #expect(count("   ", 5) == 0)
    #expect(count("a  b", 3) == 1)
    #expect(count("toolongword", 5) == 3, "a word wider than the line breaks inside")
    #expect(count("茶壶", 3) == 2)
    #expect(count("大号陶瓷茶壶 蓝色釉面", 24) == 1)
    #expect(count("two\nlines", 20) == nil, "newlines go to the wrapper")
    #expect(count("😀", 20) == 1, "an emoji alone is counted")
    #expect(count("👍🏽", 20) == nil, "a skin tone joins its emoji: the wrapper")
    #expect(count("☕\u{FE0F}", 20) == nil, "a variation selector: the wrapper")
    for (text, width) in [("toolongword", 5), ("茶壶", 1), ("ab 大号陶瓷茶壶蓝色釉面 x", 7), ("a b c", 1), ("🎧🎧🎧 a", 3), ("☕🎧", 1), ("黄铜托盘 🎧", 6)] {
      #expect(count(text, width) == TextWrapper.wrap(text, width: width).count, "\(text) at \(width)")
    }
  }

  @Test func lineCountEqualsTheWrappersOverRandomText() {
    let pieces = ["a", "mug", " ", "  ", "茶壶", "大号陶瓷茶壶蓝色釉面", "かな", "한글", "😀", "\n", "extraordinarilylongword", "é", "\u{1B}[2J", "", "，", "。", "¥952", "«ñ»", "ＡＢ", "\u{3000}", "e\u{301}", "\u{AD}", "ß", "🎧", "☕", "👍🏽", "☕\u{FE0F}", "🎁🧶"]
    var state: UInt64 = 11
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    for _ in 0..<3000 {
      let text = (0..<next(10)).map { _ in pieces[next(pieces.count)] }.joined(separator: next(2) == 0 ? " " : "")
      let width = 1 + next(40)
      let maxLines = 1 + next(5)
      var utf8 = text
      let counted = utf8.withUTF8 { TextWrapper.lineCount(utf8: $0, width: width, maxLines: maxLines) }
      #expect(counted == TextWrapper.wrap(text, width: width, maxLines: maxLines).count, "\(text.debugDescription) at \(width)")
      let whole = utf8.withUTF8 { TextWrapper.lineCount(utf8: $0, width: width) }
      #expect(whole == TextWrapper.wrap(text, width: width).count, "\(text.debugDescription) at \(width), every line")
    }
  }

  /// Every scalar the counting path knows is one character of the width
  /// ``DisplayText`` gives it, alone and after another of its kind.
  @Test func simpleWidthsAreTheDisplayWidths() {
    for value in UInt32(0)...0x1FFFF {
      guard let width = TextWrapper.simpleWidth(value), let scalar = Unicode.Scalar(value) else { continue }
      #expect(DisplayText.width(of: scalar) == width, "U+\(String(value, radix: 16))")
      var pair = "a"
      pair.unicodeScalars.append(scalar)
      #expect(pair.count == 2, "U+\(String(value, radix: 16)) is a character of its own")
      // Counted over bytes as the wrapper wraps it, inside a word too wide for a line.
      let text = pair + pair + " " + pair
      for lineWidth in 1...4 {
        let counted = Array(text.utf8).withUnsafeBufferPointer { TextWrapper.simpleLineCount($0, width: lineWidth) }
        #expect(counted == TextWrapper.wrap(text, width: lineWidth).count, "U+\(String(value, radix: 16)) at \(lineWidth)")
      }
    }
  }

  /// A run of printable ASCII found eight bytes at a time ends where a byte at
  /// a time finds its end: at every byte value around its edges (0x20, 0x21,
  /// 0x7E, 0x7F, 0x80, 0xFF), before, inside and after a word of eight.
  @Test func printableRunsEndWhereTheirFirstOtherByteIs() {
    var rng = SeededGenerator(seed: 0x21_7E)
    let edges: [UInt8] = [0x00, 0x09, 0x20, 0x21, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xE6, 0xFF]
    for round in 0..<3000 {
      let count = Int(rng.next() % 40)
      let bytes = (0..<count).map { _ -> UInt8 in
        // Mostly letters, so runs are long enough to cross words.
        rng.next() % 5 == 0 ? edges[Int(rng.next() % UInt64(edges.count))] : UInt8(0x61 + rng.next() % 26)
      }
      bytes.withUnsafeBufferPointer { buffer in
        for start in 0...count {
          var expected = start
          while expected < count, buffer[expected] > 0x20, buffer[expected] < 0x7F { expected += 1 }
          #expect(TextWrapper.printableRunEnd(buffer, from: start) == expected, "round \(round): \(bytes) from \(start)")
        }
      }
    }
  }
}
