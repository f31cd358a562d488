import Foundation
import TestSupport
import Testing

@testable import WaterfallApp

/// A file's cards are read again from its items' texts (``PackedCards``), and
/// must be the cards its reading packed.
@Suite struct PackedCardsTests {
  /// Items of every kind a card is made from: titles with escapes and other
  /// scripts, pictures with and without sizes, tags as lists and strings, items
  /// with no title (their fields shown), nested objects, and bare values.
  static func items(count: Int, seed: UInt64 = 31) -> [String] {
    var random = SeededGenerator(seed: seed)
    let words = ["wool", "teak", "Ünïcödé", "水彩", "a \\\"quoted\\\" word", "tab\\there", "emoji 🐳", ""]
    func word() -> String { words[Int(random.next() % UInt64(words.count))] }
    return (0..<count).map { index in
      var members: [String] = [#""id":"sku-\#(index)""#]
      switch random.next() % 6 {
      case 0: members.append(#""title":"\#(word()) \#(index)""#)
      case 1: members.append(#""name":"\#(word())","text":"\#(String(repeating: word() + " ", count: Int(random.next() % 9)))""#)
      case 2: members.append(#""price":\#(random.next() % 1000).5,"meta":{"maker":{"name":"\#(word())"}}"#)
      case 3: members.append(#""title":"\#(word())","image":"p\#(index).png","width":\#(1 + random.next() % 900),"height":"\#(1 + random.next() % 900)""#)
      case 4: members.append(#""title":\#(index),"tags":["\#(word())","\#(word())",3,true]"#)
      default: members.append(#""title":"\#(word())","tags":"\#(word())","active":false,"note":null"#)
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  /// Loads `text`, written to a file called `name`, into a store of `roles`.
  static func load(_ text: String, name: String, roles: FieldRoles = FieldRoles()) throws -> (ItemStore, URL) {
    let folder = try Scratch.folder()
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    let store = ItemStore(roles: roles)
    try Loader(source: FileSource(path: url.path), store: store).loadAll()
    return (store, folder)
  }

  /// The CSV of ``items(count:seed:)``' plain fields.
  static func csv(count: Int) -> String {
    var random = SeededGenerator(seed: 7)
    var lines = ["id,title,tags,price,note"]
    for index in 0..<count {
      let title = ["Mug", "\"Quoted, with comma\"", "\"two\nlines\"", "水彩", ""][Int(random.next() % 5)]
      lines.append("\(index),\(title),wool,\(random.next() % 100).25,\(index % 3 == 0 ? "" : "plain")")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(arguments: ["items.jsonl", "items.json", "items.csv"])
  func cardsReadFromTextsAreTheCardsTheReadingPacked(_ name: String) throws {
    let lines = Self.items(count: 3000)
    let text =
      switch name {
      case "items.json": "[\n" + lines.joined(separator: ",\n") + "\n]\n"
      case "items.csv": Self.csv(count: 3000)
      default: lines.joined(separator: "\n") + "\n"
      }
    let (store, folder) = try Self.load(text, name: name)
    defer { try? FileManager.default.removeItem(at: folder) }
    let read = PageParser.parse(Array(text.utf8), path: name).items
    try #require(store.count == read.count && read.count == 3000)

    let cards = store.packedCards
    let fromText = (0..<store.count).filter(cards.readsFromText)
    let kept = read.filter { $0.packed.withUnsafeBufferPointer { CardContent.packedImageWithoutAspect(in: $0) != nil } }
    #expect(fromText.count == store.count - kept.count)
    #expect(fromText.count > 2000)
    for item in 0..<store.count {
      #expect(cards.withPacked(of: item) { Array($0) } == read[item].packed, "item \(item)")
      #expect(store.content(at: item) == read[item].content)
      #expect(store.id(at: item) == read[item].id)
    }
    // On a worker, a batch at a time, as on the main thread one at a time.
    let snapshot = store.cardSnapshot
    for width in [12, 31] {
      let heights = try #require(snapshot.heights(width: width))
      let one = (0..<store.count).map { UInt16(store.cardHeight(at: $0, width: width)) }
      let expected = read.map { item in UInt16(item.packed.withUnsafeBufferPointer { CardContent.packedHeight(in: $0, width: width) }) }
      #expect(heights == expected)
      #expect(one == expected)
    }
  }

  @Test func widthsMeasuredInOnePassAreTheWidthsMeasuredOneByOne() throws {
    let text = Self.items(count: 2500).joined(separator: "\n") + "\n"
    let (store, folder) = try Self.load(text, name: "items.jsonl")
    defer { try? FileManager.default.removeItem(at: folder) }
    let cards = store.cardSnapshot
    var known = [UInt16](repeating: 0, count: 1200)
    known[3] = 7777
    let tables = try #require(cards.heights(widths: [9, 27, 64], known: [nil, known, nil]))
    for (t, width) in [9, 27, 64].enumerated() {
      var expected = try #require(cards.heights(width: width))
      if width == 27 { expected[3] = 7777 }
      #expect(tables[t] == expected, "width \(width)")
    }
    var calls = 0
    #expect(cards.heights(widths: [9], known: [nil], shouldStop: { calls += 1; return calls > 1 }) == nil)
  }

  @Test func aFileKeepsNoCardsButThoseItCannotReadAgainCheaply() throws {
    let text = Self.items(count: 600).joined(separator: "\n") + "\n"
    let (store, folder) = try Self.load(text, name: "items.jsonl")
    defer { try? FileManager.default.removeItem(at: folder) }
    let withoutSize = (0..<store.count).filter { store.pictureWithoutSize(at: $0) != nil }
    #expect(withoutSize.isEmpty, "every picture here has its size")
    #expect(store.summaryBytes == store.count * ItemRecords.bytesPerRecord)

    var grouping = FieldRoles()
    grouping.group = ["title"]
    let (grouped, groupedFolder) = try Self.load(text, name: "items.jsonl", roles: grouping)
    defer { try? FileManager.default.removeItem(at: groupedFolder) }
    #expect((0..<grouped.count).allSatisfy { !grouped.packedCards.readsFromText($0) })
    #expect(grouped.group(at: 0) == PageParser.parse(Array(text.utf8), path: "x.jsonl", roles: grouping).items[0].group)

    let pictures = #"{"title":"a","image":"a.png"}"# + "\n" + #"{"title":"b","image":"b.png","w":2,"h":3}"# + "\n"
    let (sized, sizedFolder) = try Self.load(pictures, name: "pictures.jsonl")
    defer { try? FileManager.default.removeItem(at: sizedFolder) }
    #expect(sized.pictureWithoutSize(at: 0) == "a.png")
    #expect(!sized.packedCards.readsFromText(0))
    #expect(sized.packedCards.readsFromText(1))
    #expect(sized.pictureWithoutSize(at: 1) == nil)
  }

  @Test func anItemChangedInItsFileSaysSoOnItsCard() throws {
    let original = #"{"title":"alpha","text":"one"}"# + "\n" + #"{"title":"beta","text":"two"}"# + "\n"
    let (store, folder) = try Self.load(original, name: "items.jsonl")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(store.content(at: 1).title == "beta")
    let url = folder.appendingPathComponent("items.jsonl")
    try Data(original.replacingOccurrences(of: "alpha", with: "ALPHA").utf8).write(to: url)
    #expect(store.content(at: 0).title == "the file changed since it was read — press r")
    #expect(store.cardSnapshot.content(of: 0).title == store.content(at: 0).title)
    // Measured on a worker, the changed item is its notice's card, not the new bytes' card.
    let notice = PackedCards.changedCard.withUnsafeBufferPointer { CardContent.packedHeight(in: $0, width: 30) }
    #expect(store.cardSnapshot.heights(width: 30)?.first == UInt16(notice))
    #expect(store.cardSnapshot.heights(widths: [30, 12], known: [nil, nil])?[0].first == UInt16(notice))
    #expect(store.content(at: 1).title == "beta", "a card read before the change stays as read")
    try Data().write(to: url)
    #expect(store.cardSnapshot.content(of: 1).title == "the file changed since it was read — press r")
  }

  /// A sink keeping the items it is given.
  final class Items: PageSink {
    var items: [ScannedItem] = []
    func shouldStop() -> Bool { false }
    func opened(_ page: OpenedPage) {}
    func described(_ shape: ItemTextShape, note: String?) {}
    func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) { self.items += items }
    func progress(_ text: String) {}
  }

  @Test(arguments: [false, true])
  func aReadingForAStoreLetsGoOfTheCardsTheStoreReadsAgain(inRanges: Bool) throws {
    let lines = Self.items(count: 2000) + [#"{"title":"p","image":"p.png"}"#]
    let text = lines.joined(separator: "\n") + "\n"
    let map = "{" + (0..<50).map { #""k\#($0)": {"text": "v"}"# }.joined(separator: ",") + "}"
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, bytes) in [("items.jsonl", text), ("map.json", map)] {
      let path = folder.appendingPathComponent(name).path
      try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
      let store = ItemStore(roles: FieldRoles())
      var settings = LoadController.settings(for: store, options: ReadOptions())
      settings.readsLinesInRanges = inRanges
      settings.lineRangeSize = 4096
      let sink = Items()
      #expect(FileSource.read(path, settings: settings, into: sink) == nil)
      let dropped = sink.items.filter(\.packed.isEmpty).count
      if name == "map.json" {
        #expect(sink.items.count == 50 && dropped == 0, "a map's members keep their cards (their key titles them)")
      } else {
        #expect(sink.items.count == lines.count)
        #expect(dropped == lines.count - 1, "all but the picture without its size")
        #expect(sink.items.allSatisfy { $0.heightWidth == 0 || $0.height > 0 })
      }
      settings.storeReadsFileCards = false
      let keeping = Items()
      _ = FileSource.read(path, settings: settings, into: keeping)
      #expect(keeping.items.allSatisfy { !$0.packed.isEmpty })
    }
  }
}
