import Testing
import TestSupport

@testable import WaterfallApp

/// The scanner packs a card straight from the item's bytes; it must pack exactly
/// what parsing the item and making a ``CardContent`` of it would.
@Suite struct ItemScannerTests {
  /// What the plain road packs: parse, `CardContent(value:roles:)`, cut, pack, id, group.
  static func plain(_ bytes: [UInt8], roles: FieldRoles) throws -> [UInt8] {
    let value = try JSONParser.parse(bytes)
    var packed: [UInt8] = []
    ItemScanner.limited(CardContent(value: value, roles: roles)).pack(into: &packed)
    CardContent.appendText(roles.first(roles.id, in: value)?.text, to: &packed)
    CardContent.appendText(roles.group.isEmpty ? nil : roles.first(roles.group, in: value)?.text, to: &packed)
    return packed
  }

  static func fast(_ bytes: [UInt8], roles: FieldRoles) throws -> [UInt8] {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
      try ItemScanner(roles: roles).scan(buffer, offset: 0).packed
    }
  }

  static let keys = [
    "title", "name", "price", "w", "h", "width", "height", "img", "image", "tags", "description", "text", "body", "id",
    "shop", "other", "ti\\u0074le", "n\\u0061me",
  ]
  static let strings = [
    "", "Mug", "Linen rug", "茶壶 ☕", "caf\\u00e9", "\\ud83d\\ude00", "a\\nb", "tab\\tx", "\\\"quoted\\\"", " 12 ", "300", "1e3",
    "x\\u0000y", "\\ud800",
  ]

  static func value(_ rng: inout SeededGenerator, depth: Int = 0) -> [UInt8] {
    switch Int.random(in: 0..<12, using: &rng) {
    case 0...3: return Array("\"\(strings.randomElement(using: &rng)!)\"".utf8)
    case 4: return [0x22, 0x61, 0xFF, 0xC3, 0x62, 0x22]  // invalid UTF-8 inside a string
    case 5: return Array(["0", "-3", "12.50", "367", "1e999", "2E-2", "0.0"].randomElement(using: &rng)!.utf8)
    case 6: return Array(["true", "false", "null"].randomElement(using: &rng)!.utf8)
    case 7: return Array("\"\(String(repeating: "é", count: 2100))\"".utf8)  // longer than a card keeps
    case 8 where depth < 2:
      let elements = (0..<Int.random(in: 0...4, using: &rng)).map { _ in value(&rng, depth: depth + 1) }
      return [0x5B] + Array(elements.joined(separator: [0x2C])) + [0x5D]
    case 9 where depth < 2:
      return object(&rng, depth: depth + 1)
    default: return Array("\"\(strings.randomElement(using: &rng)!)\"".utf8)
    }
  }

  static func object(_ rng: inout SeededGenerator, depth: Int = 0) -> [UInt8] {
    let members = (0..<Int.random(in: 0...9, using: &rng)).map { _ -> [UInt8] in
      Array("\"\(keys.randomElement(using: &rng)!)\": ".utf8) + value(&rng, depth: depth)
    }
    return [0x7B] + Array(members.joined(separator: Array(", ".utf8))) + [0x7D]
  }

  /// A picture's size read from its digits is what `Double(String)` reads;
  /// anything but a whole number of at most 15 digits is left to it.
  @Test func wholeNumbersAreReadAsDoubleReadsThem() {
    for text in ["720", "0", "-3", "007", "-0", "123456789012345", "-999999999999999"] {
      let read = Array(text.utf8).withUnsafeBufferPointer { ItemScanner.wholeNumber($0) }
      #expect(read == Double(text) && read?.sign == Double(text)?.sign, "\(text)")
    }
    for text in ["1234567890123456", "7.5", "1e3", "-", "", "12a", "٣", "--1", "1-"] {
      #expect(Array(text.utf8).withUnsafeBufferPointer { ItemScanner.wholeNumber($0) } == nil, "\(text)")
    }
  }

  @Test func packsWhatTheParsedItemWouldOverRandomItems() throws {
    var grouped = FieldRoles()
    grouped.group = ["shop"]
    var twice = FieldRoles()
    twice.title = ["name", "title"]
    twice.text = ["name", "body"]
    twice.tags = ["tags", "name"]
    var rng = SeededGenerator(seed: 42)
    for roles in [FieldRoles(), grouped, twice] {
      for _ in 0..<4000 {
        let bytes = Self.object(&rng)
        #expect(try Self.fast(bytes, roles: roles) == Self.plain(bytes, roles: roles), "\(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  /// A reading that lets the card go measures it from the item's bytes,
  /// packing none: the height is the packed card's, at every width, over
  /// random items (escapes, numbers, long texts, pictures with and without
  /// sizes, tags as lists and strings); the card is kept only where it must be.
  @Test func heightsMeasuredWithoutACardAreThePackedCards() throws {
    var rng = SeededGenerator(seed: 43)
    var twice = FieldRoles()
    twice.title = ["name", "title"]
    twice.tags = ["tags", "name"]
    for roles in [FieldRoles(), twice] {
      for _ in 0..<4000 {
        let bytes = Self.object(&rng)
        for width in [1, 9, 24, 61] {
          var packing = ItemScanner(roles: roles)
          packing.measuring = MeasuringWidth(width)
          var dropping = packing
          dropping.dropsCards = true
          let (packed, dropped) = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            (try packing.scan(buffer, offset: 0), try dropping.scan(buffer, offset: 0))
          }
          let text = String(decoding: bytes, as: UTF8.self)
          #expect(dropped.height == packed.height && dropped.heightWidth == packed.heightWidth, "\(text) at \(width)")
          let unsizedPicture = packed.packed.withUnsafeBufferPointer { CardContent.packedImageWithoutAspect(in: $0) != nil }
          #expect(dropped.packed.isEmpty != unsizedPicture, "\(text): the card kept only for an unsized picture")
          #expect(dropped.offset == packed.offset && dropped.length == packed.length && dropped.fieldsSeen == packed.fieldsSeen)
        }
      }
    }
    // The road taken: the card's places, measured in place.
    let item = Array(#"{"title":"Mug","tags":["a"]}"#.utf8)
    let height = item.withUnsafeBufferPointer { bytes in
      var packer = ItemScanner.Packer(bytes: bytes)
      packer.offer(.title, rank: 0, start: 9, end: 14)
      packer.offer(.tags, rank: 0, start: 22, end: 27)
      return packer.measuredHeight(width: 30)
    }
    #expect(height == 4, "2 borders, the title and the tags")
    let escaped = Array(#"{"title":"M\u0075g"}"#.utf8)
    let packs = escaped.withUnsafeBufferPointer { bytes in
      var packer = ItemScanner.Packer(bytes: bytes)
      packer.offer(.title, rank: 0, start: 9, end: 19)
      return packer.measuredHeight(width: 30)
    }
    #expect(packs == nil, "a title with an escape is packed")
  }

  /// A card measured at several widths from its item's bytes has the heights
  /// its packed card has; a card that has to be packed to be measured says so.
  @Test func heightsMeasuredInPlaceAreThePackedCardsHeights() throws {
    let scanner = ItemScanner(roles: FieldRoles())
    let widths = [9, 27, 64]
    var inPlace = 0
    for text in PackedCardsTests.items(count: 2000) {
      let bytes = Array(text.utf8)
      let packed = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try scanner.scan(buffer, offset: 0).packed }
      var heights = [0, 0, 0]
      guard bytes.withUnsafeBufferPointer({ scanner.measuredHeights(of: $0, widths: widths, into: &heights) }) else { continue }
      inPlace += 1
      let expected = widths.map { width in packed.withUnsafeBufferPointer { CardContent.packedHeight(in: $0, width: width) } }
      #expect(heights == expected, "\(text)")
    }
    #expect(inPlace > 800, "most plain cards are measured in place: \(inPlace) of 2000")
    // A picture without its size: measured as its packed card is, no size standing in.
    let unsized = Array(#"{"title":"A long title for a picture","image":"p.png","tags":["x"]}"#.utf8)
    let unsizedCard = try unsized.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try scanner.scan(buffer, offset: 0).packed }
    var unsizedHeights = [0, 0, 0]
    #expect(unsized.withUnsafeBufferPointer { scanner.measuredHeights(of: $0, widths: widths, into: &unsizedHeights) })
    #expect(unsizedHeights == widths.map { width in unsizedCard.withUnsafeBufferPointer { CardContent.packedHeight(in: $0, width: width) } })
    var heights = [0]
    for packs in [#"{"title":"M\u0075g"}"#, #"{"id":"a","price":3}"#, "[1,2]", #""text""#, #"{"title":"a""#] {
      let measured = Array(packs.utf8).withUnsafeBufferPointer { scanner.measuredHeights(of: $0, widths: [30], into: &heights) }
      #expect(!measured, "\(packs) is packed to be measured")
    }
  }

  /// A role keeps its best candidate: a lower rank takes its place, an equal
  /// or higher one does not (the first of equals stays).
  @Test func offerKeepsTheBestCandidateOfARole() {
    let bytes = Array(#"{"name":"a","title":"b","label":"c"}"#.utf8)
    bytes.withUnsafeBufferPointer { bytes in
      var packer = ItemScanner.Packer(bytes: bytes)
      #expect(packer.value(.title) == nil)
      packer.offer(.title, rank: 2, start: 8, end: 11)
      packer.offer(.title, rank: 1, start: 20, end: 23)
      packer.offer(.title, rank: 1, start: 32, end: 35)
      packer.offer(.title, rank: 3, start: 8, end: 11)
      #expect(packer.value(.title).map { $0.start..<$0.end } == 20..<23)
      #expect(packer.value(.subtitle) == nil)
    }
  }

  /// A field a role shows in its place is left out of the `key: value` lines on
  /// both roads, its name compared as text: the Kelvin sign (U+212A) is `K`,
  /// `é` decomposed is `é`; other names (ASCII or not) make lines. (The role's
  /// own field is the first whose bytes are its name's on the scanner's road,
  /// the first equal as text on the plain road: here the same.)
  @Test(arguments: [["K"], ["é"], ["title"], ["説明"]])
  func fieldsShownInPlaceAreLeftOutAlike(title: [String]) throws {
    var roles = FieldRoles()
    roles.title = title
    roles.text = ["body"]
    roles.showsRest = true
    let json = #"{"K":"a","\#u{212A}":"b","é":"d","e\#u{301}":"c","title":"e","説明":"f","body":"g","id":3}"#
    let bytes = Array(json.utf8)
    #expect(try Self.fast(bytes, roles: roles) == Self.plain(bytes, roles: roles), "\(title)")
  }

  /// A server's `--group-by meta.maker.name` orders by the value inside the
  /// JSON column: the group is that value when no member has the whole name,
  /// on both roads.
  @Test(arguments: [
    (#"{"id":1,"meta":{"maker":{"name":"Acme"}}}"#, "Acme" as String?),
    (#"{"meta":{"maker":{"name":12,"x":1}},"meta.maker.name":"Whole"}"#, "Whole"),
    (#"{"meta":{"other":1,"maker":{"x":[1],"name":12}}}"#, "12"),
    (#"{"meta":{"maker":"Acme"}}"#, nil),
    (#"{"meta":{"maker":{"name":null}}}"#, nil),
    (#"{"meta":[{"maker":{"name":"Acme"}}]}"#, nil),
  ])
  func aGroupIsFoundAlongAPath(json: String, group: String?) throws {
    let bytes = Array(json.utf8)
    for joins in [false, true] {
      var roles = FieldRoles()
      roles.group = ["meta.maker.name"]
      // A joined role sends every item down the plain road.
      if joins { roles.title = ["title+name"] }
      let value = try JSONParser.parse(bytes)
      var expected: [UInt8] = []
      ItemScanner.limited(CardContent(value: value, roles: roles)).pack(into: &expected)
      CardContent.appendText(roles.first(roles.id, in: value)?.text, to: &expected)
      CardContent.appendText(group, to: &expected)
      #expect(try Self.fast(bytes, roles: roles) == expected, "\(json), joins: \(joins)")
    }
    // The path counts as a field the items have (no "no item has field" notice).
    var roles = FieldRoles()
    roles.group = ["meta.maker.name"]
    let bit = try #require(ItemScanner.trackedFields(roles).firstIndex(of: "meta.maker.name"))
    let seen = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
      try ItemScanner(roles: roles).scan(buffer, offset: 0).fieldsSeen
    }
    let found = json.contains(#""name":"#) && !json.contains(#"[{"#)
    #expect((seen & (1 << UInt64(bit)) != 0) == found, "\(json)")
  }

  /// The places found are kept inline, one a role: a role added needs room.
  @Test func everyRoleHasAPlace() {
    #expect(ItemScanner.Places(repeating: nil).count == ItemScanner.Role.allCases.count)
  }

  /// Every role follows a path (`--title-field meta.maker.name`), at its rank:
  /// a path named first beats a member named after it, a member named first
  /// beats the path; both roads pack the same card, and the path counts as seen.
  @Test(arguments: [
    (#"{"title":"Mug","meta":{"maker":{"name":"Acme"}},"shop":{"img":"mug.png"}}"#, ["meta.maker.name", "title"], "Acme"),
    (#"{"title":"Mug","meta":{"maker":{"name":"Acme"}}}"#, ["title", "meta.maker.name"], "Mug"),
    (#"{"meta":{"maker":{}},"name":"Lamp"}"#, ["meta.maker.name", "name"], "Lamp"),
    (#"{"meta":{"maker":{"name":7}},"title":"x"}"#, ["meta.maker.name"], "7"),
    (#"{"meta.maker.name":"whole name","meta":{"maker":{"name":"path"}}}"#, ["meta.maker.name"], "whole name"),
  ])
  func everyRoleFollowsAPathAtItsRank(json: String, titles: [String], title: String) throws {
    let bytes = Array(json.utf8)
    for joins in [false, true] {
      var roles = FieldRoles()
      roles.title = titles
      roles.image = ["shop.img"]
      roles.subtitle = ["meta.maker.name"]
      // A joined role sends every item down the plain road.
      if joins { roles.text = ["description+name"] }
      let value = try JSONParser.parse(bytes)
      let card = CardContent(value: value, roles: roles)
      #expect(card.title == title, "\(json), joins: \(joins)")
      #expect(card.image == (json.contains("mug.png") ? "mug.png" : nil), "\(json)")
      var expected: [UInt8] = []
      ItemScanner.limited(card).pack(into: &expected)
      CardContent.appendText(roles.first(roles.id, in: value)?.text, to: &expected)
      CardContent.appendText(nil, to: &expected)
      #expect(try Self.fast(bytes, roles: roles) == expected, "\(json), joins: \(joins)")
    }
    var roles = FieldRoles()
    roles.title = titles
    let bit = try #require(ItemScanner.trackedFields(roles).firstIndex(of: "meta.maker.name"))
    let seen = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
      try ItemScanner(roles: roles).scan(buffer, offset: 0).fieldsSeen
    }
    let present = FieldRoles.value(atPath: "meta.maker.name", in: try JSONParser.parse(bytes)) != nil
    #expect((seen & (1 << UInt64(bit)) != 0) == present, "\(json)")
  }

  @Test func aLongStringIsReadOnlyAsFarAsTheCardKeepsItAndCutAlike() throws {
    // Strings far longer than a card keeps, of escapes, multi-byte text and
    // invalid bytes, cut at every place near the limit: the card is the one the
    // whole parsed string gives.
    let limit = ItemScanner.cardTextLimit
    let pieces: [[UInt8]] = [
      Array("x".utf8), Array("é".utf8), Array("茶".utf8), Array("😀".utf8), Array("\\u00e9".utf8), Array("\\u0041".utf8),
      Array("\\n".utf8), Array("\\ud83d\\ude00".utf8), [0xFF], [0xC3],
    ]
    var rng = SeededGenerator(seed: 13)
    for round in 0..<20 {
      var text: [UInt8] = []
      let lead = Int.random(in: (limit - 40)...(limit + 40), using: &rng)
      while text.count < lead { text += Array("ab".utf8) }
      let kind = pieces[round % pieces.count]
      while text.count < 26_000 { text += Bool.random(using: &rng) ? kind : pieces.randomElement(using: &rng)! }
      let item = Array(#"{"title":""#.utf8) + text + Array(#"","text":""#.utf8) + text + Array(#""}"#.utf8)
      #expect(try Self.fast(item, roles: FieldRoles()) == Self.plain(item, roles: FieldRoles()), "round \(round)")
    }
    // All escapes: six bytes of item for one of text.
    let escapes = Array(#"{"title":""#.utf8) + Array(repeating: Array("\\u0041".utf8), count: 9_000).flatMap { $0 } + Array(#""}"#.utf8)
    #expect(try Self.fast(escapes, roles: FieldRoles()) == Self.plain(escapes, roles: FieldRoles()))
  }

  @Test func itemsThatAreNotObjectsBecomeTitledCards() throws {
    for text in [#""just text""#, "42", "true", "null", "[1,2]"] {
      let bytes = Array(text.utf8)
      #expect(try Self.fast(bytes, roles: FieldRoles()) == Self.plain(bytes, roles: FieldRoles()))
    }
  }

  @Test func errorsAreTheParsersErrors() {
    for text in [#"{"title" 2}"#, #"{"title":"x",}"#, #"{"a":[1,}"#, #"{"title":"\q"}"#, "{\"w\":01}"] {
      let bytes = Array(text.utf8)
      var plainError: JSONSyntaxError?
      do { _ = try JSONParser.parse(bytes) } catch { plainError = error }
      var fastError: JSONSyntaxError?
      do { _ = try Self.fast(bytes, roles: FieldRoles()) } catch { fastError = error as? JSONSyntaxError }
      #expect(fastError != nil && fastError == plainError, "\(text)")
    }
  }

  @Test func utf8Validation() {
    #expect(ItemScanner.isValidUTF8(Array("a茶😀é".utf8)))
    #expect(!ItemScanner.isValidUTF8([0xFF]))
    #expect(!ItemScanner.isValidUTF8([0xC0, 0xAF]), "overlong")
    #expect(!ItemScanner.isValidUTF8([0xED, 0xA0, 0x80]), "a surrogate")
    #expect(!ItemScanner.isValidUTF8([0xE8, 0x8C]), "cut short")
    // Runs of ASCII (read eight bytes at a time) with a bad or good sequence at every place.
    var rng = SeededGenerator(seed: 7)
    let pieces: [[UInt8]] = [
      [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE8, 0x8C], [0x80], Array("茶".utf8), Array("😀".utf8), Array("é".utf8),
      // Three-byte forms at the edges of the fast path: overlong, surrogate, its neighbours, bad or missing continuations.
      [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEC, 0xBF, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
      [0xE1, 0x80, 0x41], [0xE1, 0x41, 0x80], [0xEF, 0xC0, 0x80], [0xEE, 0x80],
    ]
    for _ in 0..<2_000 {
      var bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0x20...0x7E, using: &rng) }
      bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: Int.random(in: 0...bytes.count, using: &rng))
      #expect(ItemScanner.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
    // Runs of CJK (read four bytes a load) with a piece among them, at every place.
    for _ in 0..<2_000 {
      var bytes = Array(String(repeating: "茶", count: Int.random(in: 1...8, using: &rng)).utf8)
      bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: 3 * Int.random(in: 0...(bytes.count / 3), using: &rng))
      if Bool.random(using: &rng) { bytes.append(contentsOf: pieces.randomElement(using: &rng)!) }
      #expect(ItemScanner.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
    // Short runs of any high bytes, where every lead meets every continuation.
    for _ in 0..<5_000 {
      let bytes = (0..<Int.random(in: 1...6, using: &rng)).map { _ in UInt8.random(in: 0x7F...0xFF, using: &rng) }
      #expect(ItemScanner.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
  }
}
