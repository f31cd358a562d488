import Testing
@testable import WaterfallApp

/// The matcher's table of scalars lower-casing leaves alone agrees with
/// Unicode's own answer for every scalar of the BMP (and, for the compact
/// search text's builder, of the next plane), and sends every other plane to
/// the slow road.
@Suite struct LowercaseTableTests {
  @Test func agreesWithUnicodeForEveryScalarOfTheFirstTwoPlanes() {
    var disagreements: [UInt32] = []
    for value in 0..<UInt32(0x30000) {
      let expected = Unicode.Scalar(value).map { !$0.properties.changesWhenLowercased } ?? false
      if LowercaseTable.leavesAlone(value) != (value < 0x10000 && expected) { disagreements.append(value) }
      let held = LowercaseTable.words.withUnsafeBufferPointer { LowercaseTable.leavesAlone(value, in: $0) }
      if held != (value < 0x20000 && expected) { disagreements.append(value) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
    #expect(LowercaseTable.leavesAlone(0x8336))
    #expect(!LowercaseTable.leavesAlone(0xFF21), "Ａ lowers to ａ")
    #expect(!LowercaseTable.leavesAlone(0x1_0400), "above the BMP: the slow road")
    LowercaseTable.words.withUnsafeBufferPointer { words in
      #expect(!LowercaseTable.leavesAlone(0x1_0400, in: words), "Deseret 𐐀 lowers to 𐐨")
      #expect(LowercaseTable.leavesAlone(0x1_F3A7, in: words), "an emoji")
      #expect(!LowercaseTable.leavesAlone(0x2_0000, in: words), "above the second plane: the slow road")
    }
  }

  /// What `SearchQuery.mayMatch(raw:)` relies on to rule out items by their
  /// bytes: a scalar above ASCII lowers to no ASCII letter but `i` (İ) and `k`
  /// (the Kelvin sign).
  @Test func onlyTwoScalarsAboveASCIILowerToASCII() {
    var found: [UInt32: String] = [:]
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let ascii = scalar.properties.lowercaseMapping.unicodeScalars.filter(\.isASCII)
      if !ascii.isEmpty { found[value] = String(String.UnicodeScalarView(ascii)) }
    }
    #expect(found == [0x130: "i", 0x212A: "k"])
    let chinese = Array(#"{"t":"黄铜托盘"}"#.utf8)
    #expect(!chinese.withUnsafeBufferPointer { SearchQuery("wool").mayMatch(raw: $0) }, "ruled out by its bytes")
    let kelvin = Array(#"{"t":"\#u{212A}ey"}"#.utf8)
    #expect(kelvin.withUnsafeBufferPointer { SearchQuery("key").mayMatch(raw: $0) }, "the Kelvin sign may be k")
  }

  @Test func theMatcherFoldsFullwidthAndCJKAsTheParsedValuesDo() {
    for (json, query) in [
      (#"{"t":"ＡＢＣ 茶具"}"#, "ａｂｃ"), (#"{"t":"茶具 ΣΑΣ"}"#, "σασ"), (#"{"t":"𐐀 x"}"#, "𐐨"), (#"{"t":"黄铜托盘"}"#, "铜盘"),
    ] {
      var matcher = ItemMatcher(SearchQuery(query))
      let bytes = Array(json.utf8)
      let fast = bytes.withUnsafeBufferPointer { matcher.matches(json: $0) }
      #expect(fast, "\(json) \(query)")
      #expect(fast == bytes.withUnsafeBufferPointer { SearchEngine.matches(SearchQuery(query), json: $0) })
    }
  }
}
