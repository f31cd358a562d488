import Testing
import WaterfallApp

@testable import waterfall_bench

@Suite struct ShopsGeneratorTests {
  func lines(_ count: Int, seed: UInt64 = 5, pretty: Bool = false) -> [[UInt8]] {
    var generator = ShopsGenerator(seed: seed)
    return (1...count).map { id in
      var out: [UInt8] = []
      ShopValue.appendObject(generator.item(id: id), pretty: pretty, to: &out)
      return out
    }
  }

  @Test func theSameSeedGivesTheSameBytes() {
    #expect(lines(50) == lines(50))
    #expect(lines(50) != lines(50, seed: 6))
  }

  @Test func itemsAreShopItemsWithDescriptionsOfAboutAHundredCharacters() throws {
    var total = 0
    var chinese = 0
    for (index, line) in lines(2_000).enumerated() {
      let value = try JSONParser.parse(line)
      #expect(value.members.map(\.key) == ["id", "title", "price", "img", "w", "h", "tags", "shop", "description"])
      #expect(value["id"] == .number(String(index + 1)))
      guard case .string(let description)? = value["description"], case .string(let price)? = value["price"] else {
        Issue.record("no description or price in \(String(decoding: line, as: UTF8.self))")
        continue
      }
      #expect((40...200).contains(description.count))
      total += description.count
      if price.hasPrefix("¥") { chinese += 1 }
    }
    #expect((85...115).contains(total / 2_000))
    #expect((600...1_000).contains(chinese))
  }

  @Test func prettyItemsMakeAnArrayLikeDataShops() throws {
    let items = lines(3, pretty: true).map { String(decoding: $0, as: UTF8.self) }
    let text = "[\n" + items.joined(separator: ",\n") + "\n]\n"
    let value = try JSONParser.parse(Array(text.utf8))
    guard case .array(let elements) = value else {
      Issue.record("not an array")
      return
    }
    #expect(elements.count == 3)
    #expect(items[0].hasPrefix("  {\n    \"id\": 1,\n    \"title\": "))
    #expect(items[0].contains("\"tags\": [\n      \""))
    #expect(items[0].hasSuffix("\n  }"))
  }

  @Test func stringsAreEscaped() {
    var out: [UInt8] = []
    ShopValue.appendString("a\"b\\c\nd\u{01}价", to: &out)
    #expect(String(decoding: out, as: UTF8.self) == #""a\"b\\c\nd\u0001价""#)
  }
}
