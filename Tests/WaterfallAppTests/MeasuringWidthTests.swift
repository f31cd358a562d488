import Foundation
import Testing
import TestSupport
import WaterfallLayout
@testable import WaterfallApp

/// Cards measured on the reading threads, at the width the waterfall last used:
/// the same heights as the store measures, and the main thread finds them known.
@Suite struct MeasuringWidthTests {
  /// Items of every kind of card: long text, wide characters, a picture with
  /// its size and one without, fields only, tags, a bare string.
  static let lines = [
    #"{"title":"Teak bowl","description":"A bowl turned from one block of teak, oiled twice and left to dry for a week in the shade."}"#,
    #"{"title":"茶碗と急須のセット、手作りの陶器","description":"😀 emoji, 한국어 and ｆｕｌｌ ｗｉｄｔｈ letters wrap by their cells"}"#,
    #"{"title":"Poster","image":"poster.png","width":800,"height":1200}"#,
    #"{"title":"Photo without a size","image":"photo.jpg"}"#,
    #"{"sku":"A-17","stock":4,"price":12.5,"colour":"green"}"#,
    #"{"title":"Mug","tags":["kitchen","gift","stoneware"],"subtitle":"Stoneware, 350 ml"}"#,
    #""a bare string that is the whole item""#,
  ]

  static func file() throws -> URL {
    let text = (0..<60).map { lines[$0 % lines.count] }.joined(separator: "\n") + "\n"
    return try Scratch.file("items.jsonl") { $0.write(Data(text.utf8)) }
  }

  @Test(arguments: [7, 24, 31, 60])
  func aCardScannedAtAWidthHasTheHeightTheStoreMeasures(width: Int) throws {
    let measuring = MeasuringWidth(width)
    var scanner = ItemScanner(roles: FieldRoles())
    scanner.measuring = measuring
    let fresh = ItemStore(roles: FieldRoles())
    for (index, line) in Self.lines.enumerated() {
      let item = try Array(line.utf8).withUnsafeBufferPointer { try scanner.scan($0, offset: 0) }
      try fresh.append(json: Array(line.utf8))
      #expect(item.heightWidth == UInt16(width), "line \(index)")
      #expect(Int(item.height) == fresh.cardHeight(at: index, width: width), "line \(index)")
    }
  }

  @Test func aReadingMeasuresEveryCardAtTheWidthTheLayoutLastAsked() throws {
    let file = try Self.file()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let store = ItemStore(roles: FieldRoles())
    // The waterfall asks a height at 26 columns: from then on, readings measure there.
    try store.append(json: Array(Self.lines[0].utf8))
    _ = store.layoutHeight(at: 0, width: 26)
    #expect(store.measuringWidth.width == 26)
    store.removeAll()
    let controller = LoadController(source: FileSource(path: file.path), store: store, workers: .stepped)
    _ = controller.start()
    controller.readToEnd()
    #expect(store.count == 60)
    #expect(store.knownHeightCount(width: 26) == 60, "every card measured as it was read, none by the layout")
    let fresh = ItemStore(roles: FieldRoles())
    for index in 0..<60 { try fresh.append(json: Array(Self.lines[index % Self.lines.count].utf8)) }
    #expect((0..<60).allSatisfy { store.cardHeight(at: $0, width: 26) == fresh.cardHeight(at: $0, width: 26) })

    // A reload reads into a new store that measures at the same width.
    _ = controller.reload()
    let reread = try #require(controller.readToEnd())
    #expect(reread !== store)
    #expect(reread.count == 60)
    #expect(reread.knownHeightCount(width: 26) == 60)
  }

  @Test func withNoWidthNothingIsMeasured() throws {
    var scanner = ItemScanner(roles: FieldRoles())
    scanner.measuring = MeasuringWidth()
    let item = try Array(Self.lines[0].utf8).withUnsafeBufferPointer { try scanner.scan($0, offset: 0) }
    #expect(item.heightWidth == 0 && item.height == 0)
    let store = ItemStore(roles: FieldRoles())
    store.append([item], toPage: store.addMemoryPage(path: "memory"))
    #expect(store.knownHeightCount(width: 24) == 0)
  }

  /// `render` and `layout` measure at the policy's card width before the browser
  /// is made: it is the width the browser's waterfall then asks heights at.
  @Test(arguments: [(80, 24, nil), (120, 40, nil), (200, 50, 3), (61, 30, 7)] as [(Int, Int, Int?)])
  func thePolicysCardWidthIsTheOneTheBrowserLaysOutAt(width: Int, height: Int, columns: Int?) throws {
    var options = Browser.Options()
    options.columns = columns
    options.animates = false
    let size = Size(width: width, height: height)
    let store = ItemStore(roles: FieldRoles())
    for line in Self.lines { try store.append(json: Array(line.utf8)) }
    let expected = LayoutPolicy(options: options, size: size).cardWidth
    _ = Browser(store: store, options: options, size: size)
    #expect(expected > 0)
    #expect(store.measuringWidth.width == expected)
  }
}
