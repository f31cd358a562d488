import TestSupport
import Testing

@testable import WaterfallApp

/// The compact text ``SearchTextBuilder`` writes, pinned byte for byte: items
/// with escapes, surrogate pairs (whole and lone), bad UTF-8, letters that fold
/// to two scalars, nested and empty keys, numbers and nesting at and past the
/// depth limit; and a digest of a block of random items. The builder and
/// ``ItemMatcher`` share their walk (``FoldedJSONWalker``), so the tests that
/// compare the two cannot see a change both make: these can.
@Suite struct SearchTextBuilderTests {
  /// Nested arrays `levels` deep around one string.
  static func nested(_ levels: Int) -> [UInt8] {
    Array((String(repeating: "[", count: levels) + "\"Deep\"" + String(repeating: "]", count: levels)).utf8)
  }

  static let trickyItems: [[UInt8]] = [
    Array(#"{"Title":"WOOL \"Throw\"\n\t\\ \/ \b\f\r"}"#.utf8),
    Array(#"{"e":"\ud83d\ude00 \uD83D x \ude00 y \u00C9\u0130 \u0057"}"#.utf8),
    Array(#"{"a":{"B":{"c":[1,{"D":"x"}]}},"":{"e":"y"},"😀K":"z","K\u0045Y":{"\u212A":1}}"#.utf8),
    Array(#"[0,-1.5E+3,2e-7,12345678901234567890,true,false,null,"",[],{}]"#.utf8),
    Array("  { \"a\" : [ \"b\" , 1 ] }\n\t".utf8),
    Array(#"{"t":"Ünïcödé 茶 羊毛 ΣΑΣ ß ǅ K İ 😀"}"#.utf8),
    // Bad UTF-8: a lone 0xFF, a cut sequence, overlong forms, an encoded
    // surrogate, a scalar past U+10FFFF.
    Array(#"{"u":""#.utf8) + [0xFF, 0x41, 0xE8, 0x80, 0x42, 0xC0, 0xAF, 0xE0, 0x80, 0x80, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80]
      + Array(#""}"#.utf8),
    nested(512),
    nested(513),
    Array(#"{"t":"a"} x"#.utf8),
    Array(#"{"t":"\uZZZZ"}"#.utf8),
    Array(#"{"\uZZZZ":"a"}"#.utf8),
    Array(#"{"t":"a","#.utf8),
  ]

  /// A compact text as text: `¦` for a value's start, its path's number in
  /// subscript digits (as written: lowest first), the value's UTF-8.
  static func rendered(_ text: [UInt8]) -> String {
    var out = ""
    var value: [UInt8] = []
    for byte in text {
      guard byte >= 0xF5 else {
        value.append(byte)
        continue
      }
      out += String(decoding: value, as: UTF8.self)
      value.removeAll()
      out += byte == 0xFF ? "¦" : String(UnicodeScalar(0x2080 + UInt32(byte - 0xF5))!)
    }
    return out + String(decoding: value, as: UTF8.self)
  }

  @Test func trickyItemsGiveThePinnedText() {
    let paths = SearchTextPaths()
    var builder = SearchTextBuilder(paths: paths)
    for item in Self.trickyItems { item.withUnsafeBufferPointer { builder.add(json: $0) } }
    let block = builder.finish()
    let texts = (0..<block.count).map { block.isReadable($0) ? Self.rendered(block.text(of: $0)) : nil }
    let expected: [String?] = [
      "¦₁wool \"throw\"\n\t\\ / \u{08}\u{0C}\r",
      "¦₂😀 � x � y éi̇ w",
      // `"":{"e":…}` has the path `e`: an empty key adds nothing.
      "¦₃1¦₄x¦₂y¦₅z¦₆1",
      "¦0¦-1.5e+3¦2e-7¦12345678901234567890¦",
      "¦₇b¦₇1",
      "¦₈ünïcödé 茶 羊毛 σασ ß ǆ k i̇ 😀",
      // FF; A; E8 80 cut short (two); B; C0 AF (two); E0 80 80 (U+0000); ED A0 80; F4 90 80 80.
      "¦₉�a��b��\0��",
      "¦deep",
      nil,  // 513 levels
      nil,  // text after the value
      nil,  // a bad escape in a value
      nil,  // a bad escape in a key
      nil,  // cut short
    ]
    #expect(texts.count == expected.count)
    for (i, text) in texts.enumerated() where i < expected.count {
      #expect(text == expected[i], "item \(i)")
    }
    let names = (0..<paths.count).map { String(decoding: paths.path($0), as: UTF8.self) }
    #expect(names == ["", "title", "e", "a.b.c", "a.b.c.d", "😀k", "key.k", "a", "t", "u"])
  }

  /// FNV-1a over a block's bytes, starts and unreadable items.
  static func digest(_ block: SearchTextBlock) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    for byte in block.bytes { add(byte) }
    for start in block.starts { withUnsafeBytes(of: start.littleEndian) { $0.forEach(add) } }
    for i in block.unreadable { withUnsafeBytes(of: UInt64(i).littleEndian) { $0.forEach(add) } }
    return hash
  }

  @Test func aBlockOfRandomItemsGivesThePinnedDigest() {
    var rng = SeededGenerator(seed: 404)
    var items = (0..<3_000).map { _ in Array(SearchTextTests.randomItem(&rng).utf8) }
    // Some cut short: most of those are not JSON.
    for i in stride(from: 0, to: items.count, by: 37) where items[i].count > 2 {
      items[i].removeLast(Int.random(in: 1..<items[i].count, using: &rng))
    }
    var builder = SearchTextBuilder(paths: SearchTextPaths())
    for item in items { item.withUnsafeBufferPointer { builder.add(json: $0) } }
    let block = builder.finish()
    #expect(block.count == items.count)
    #expect(block.bytes.count == 53_560)
    #expect(block.unreadable.count == 65)
    #expect(Self.digest(block) == 14_785_858_697_732_114_696)
  }
}
