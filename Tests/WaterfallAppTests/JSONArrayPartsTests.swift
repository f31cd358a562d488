import Testing
import TestSupport
import WaterfallWorkers

@testable import WaterfallApp

/// A JSON array's elements scanned on both cores read as they do in turn:
/// the same items, in order, at the same places, and the same error where
/// one stops the page, however the chunks cut the elements.
@Suite struct JSONArrayPartsTests {
  /// The items and the error of `text` read as `path` in chunks of `chunk`
  /// bytes, its arrays scanned as `parallelism` says.
  static func read(_ text: String, path: String = "items.json", chunk: Int, parallelism: Parallelism) -> (items: [String], error: String?) {
    var reader = PageReader(path: path, scanner: ItemScanner(roles: FieldRoles()), keepsBytes: true)
    reader.parallelism = parallelism
    var items: [ScannedItem] = []
    let bytes = Array(text.utf8)
    var at = 0
    while at < bytes.count, !reader.isStopped {
      reader.feed(Array(bytes[at..<min(bytes.count, at + chunk)]), into: &items)
      at += chunk
    }
    reader.finish(into: &items)
    let described = items.map { "\($0.offset)+\($0.length) \($0.checksum) \($0.packed) \(String(decoding: $0.json ?? [], as: UTF8.self))" }
    return (described, reader.error?.description)
  }

  static func elements(_ count: Int, seed: UInt64) -> [String] {
    var rng = SeededGenerator(seed: seed)
    let shapes = [
      #"{"title":"mug %d","price":%d,"tags":["a","b"],"w":3,"h":4}"#, #"{"title":"茶壶 %d \"q\"","n":%d.5e1}"#,
      #"{"nested":{"deep":[1,[2,{"x":"%d"}]]},"title":"n%d"}"#, "%d", #""just text %d""#, #"[%d,{"title":"in"}]"#, "null", "true",
    ]
    return (0..<count).map { i in
      let shape = shapes.randomElement(using: &rng)!
      return shape.replacingOccurrences(of: "%d", with: "\(i)", options: [], range: nil)
    }
  }

  @Test(arguments: [7, 64, 257, 4_096, 1 << 20])
  func elementsReadInPartsAreThoseReadInTurn(chunk: Int) {
    let text = "[\n" + Self.elements(400, seed: 3).joined(separator: ", \n") + "\n]\n"
    let serial = Self.read(text, chunk: chunk, parallelism: .serial)
    let parts = Self.read(text, chunk: chunk, parallelism: .helpers(.normal))
    #expect(serial.items.count == 400 && serial.error == nil)
    #expect(parts.items == serial.items)
    #expect(parts.error == serial.error)
  }

  @Test(arguments: [
    (#"{"title":"x" "oops":1}"#, "a member without a comma"), ("[1,2", "an array not closed"), (#"{"t":"\x"}"#, "a bad escape"),
    ("01", "a number with a leading zero"), ("tru", "a literal cut short"),
  ])
  func anErrorAmongTheElementsIsTheOneReadInTurn(bad: String, what: String) {
    let good = Self.elements(300, seed: 5)
    let text = "[" + (good[..<150] + [bad] + good[150...]).joined(separator: ",") + "]"
    for chunk in [512, 1 << 20] {
      let serial = Self.read(text, chunk: chunk, parallelism: .serial)
      let parts = Self.read(text, chunk: chunk, parallelism: .helpers(.normal))
      #expect(serial.error != nil, "\(what)")
      #expect(parts.items == serial.items, "\(what) in chunks of \(chunk)")
      #expect(parts.error == serial.error, "\(what) in chunks of \(chunk)")
    }
  }

  @Test func anArrayInsideADocumentAndSeveralArraysReadInPartsToo() {
    // A document's items are found in its array of objects.
    let elements = (0..<200).map { #"{"title":"item \#($0)","nested":{"n":[\#($0)]}}"# }
    let documents = #"{"data":{"items":["# + elements.joined(separator: ",") + "]}}"
    let arrays = "[" + elements[..<100].joined(separator: ",") + "]\n[" + elements[100...].joined(separator: ",") + "]"
    for (text, path) in [(documents, "feed.json"), (arrays, "two.json")] {
      let serial = Self.read(text, path: path, chunk: 1 << 20, parallelism: .serial)
      let parts = Self.read(text, path: path, chunk: 1 << 20, parallelism: .helpers(.normal))
      #expect(serial.items.count == 200, "\(path): \(serial.error ?? "")")
      #expect(parts.items == serial.items && parts.error == serial.error, "\(path)")
    }
  }

  /// Scans `text`'s array (its elements from byte 1) in parts as one chunk.
  static func scanInParts(_ text: String) -> (reader: JSONArrayReader, items: [ScannedItem], end: Int?) {
    var reader = JSONArrayReader(scanner: ItemScanner(roles: FieldRoles()), keepsBytes: true, isMap: false)
    reader.parallelism = .helpers(.normal)
    var items: [ScannedItem] = []
    let bytes = Array(text.utf8)
    let start = bytes.firstIndex { $0 != UInt8(ascii: "[") && $0 != 0x20 && $0 != 0x0A }!
    let end = bytes.withUnsafeBufferPointer { buffer in
      reader.scanInParts(Chunk(bytes: buffer, start: 0, location: TextLocation(line: 1, column: 1), atEnd: true, path: "a.json"), from: start, into: &items)
    }
    return (reader, items, end)
  }

  /// The parts are used: the second part's guessed start is kept, whether the
  /// array is written on one line or one element a line, and whether the
  /// chunk holds its opening bracket or starts at an element, as later ones do.
  @Test(arguments: [("[", ","), ("[\n  ", ",\n  "), ("", ",\n  ")])
  func aChunkOfManyElementsIsScannedInParts(opening: String, separator: String) {
    let elements = (0..<500).map { #"{"title":"mug \#($0)","tags":[{"a":1},{"b":2}],"n":\#($0)}"# }
    let text = opening + elements.joined(separator: separator) + "\n]"
    let (reader, items, end) = Self.scanInParts(text)
    #expect(reader.guessesKept == 1)
    #expect(items.count == elements.count)
    #expect(items.map { String(decoding: $0.json ?? [], as: UTF8.self) } == elements)
    #expect(end == text.utf8.count - 2, "the last element ends before the newline and the closing bracket")
  }

  /// Elements whose first keys differ are guessed by their separator and
  /// first byte alone.
  @Test func elementsOpeningWithDifferentKeysAreScannedInParts() {
    let elements = (0..<500).map { $0 % 2 == 0 ? #"{"title":"mug \#($0)"}"# : #"{"name":"bowl \#($0)","n":\#($0)}"# }
    let text = "[\n  " + elements.joined(separator: ",\n  ") + "\n]"
    let (reader, items, _) = Self.scanInParts(text)
    #expect(reader.guessesKept == 1)
    #expect(items.map { String(decoding: $0.json ?? [], as: UTF8.self) } == elements)
  }

  /// A guess inside an element (a nested array of objects that open as the
  /// elements do) is not kept: the parts before it are, and reading goes on
  /// from the last element kept, to the same elements as read in turn.
  @Test func aGuessInsideAnElementIsLetGo() {
    let nested = Array(repeating: #"{"title":1}"#, count: 4_000).joined(separator: ",")
    let elements = [#"{"title":"small"}"#, #"{"title":"big","rows":["# + nested + "]}", #"{"title":"last"}"#]
    let text = "[" + elements.joined(separator: ",") + "]"
    let (reader, items, _) = Self.scanInParts(text)
    #expect(reader.guessesKept == 0)
    let scanned = items.map { String(decoding: $0.json ?? [], as: UTF8.self) }
    #expect(!scanned.isEmpty && scanned.elementsEqual(elements.prefix(scanned.count)), "a prefix of the elements")
    let serial = Self.read(text, chunk: 1 << 20, parallelism: .serial)
    let parts = Self.read(text, chunk: 1 << 20, parallelism: .helpers(.normal))
    #expect(serial.items.count == 3 && parts.items == serial.items && parts.error == nil)
  }

  /// A chunk of many elements is cut in many parts, each guessed and kept.
  @Test func aLargeChunkIsScannedInManyParts() {
    let elements = (0..<45_000).map { #"{"title":"mug \#($0)","tags":["a","b"],"n":\#($0)}"# }
    let text = "[\n  " + elements.joined(separator: ",\n  ") + "\n]"
    #expect(GuessedParts.parts(for: text.utf8.count) > 2)
    let (reader, items, _) = Self.scanInParts(text)
    #expect(reader.guessesKept == GuessedParts.parts(for: text.utf8.count) - 1)
    #expect(items.count == elements.count)
    #expect(items.map { String(decoding: $0.json ?? [], as: UTF8.self) } == elements)
  }
}
