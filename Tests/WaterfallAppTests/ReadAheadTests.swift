import Foundation
import Testing
import TestSupport

@testable import WaterfallApp

/// A file read ahead, a chunk at a time on a thread of its own, gives its bytes
/// whole and in order; a page read that way, its chunks taken without a copy,
/// gives the items, errors and places the same bytes give read at once.
@Suite struct ReadAheadTests {
  @Test func chunksReadAheadAreTheFileInOrderFromAnyOffset() throws {
    var rng = SeededGenerator(seed: 41)
    let bytes = (0..<100_003).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let folder = try Scratch.folder(#function)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bytes.json").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    for (offset, chunk) in [(0, 4_096), (5, 4_096), (99_000, 700), (100_003, 10)] {
      let ahead = ReadAhead(file: try PageFile(path: path), from: offset, chunk: chunk)
      defer { ahead.close() }
      var buffer: [UInt8] = []
      var read: [UInt8] = []
      while true {
        let n = try ahead.next(into: &buffer)
        guard n > 0 else { break }
        #expect(n <= chunk)
        read += buffer[ReadAhead.headroom..<(ReadAhead.headroom + n)]
      }
      #expect(read == Array(bytes[offset...]), "from \(offset), \(chunk) bytes at a time")
    }
  }

  /// Small chunks, so items cross many chunk ends; one element is longer than
  /// the room before a chunk (``ReadAhead/headroom``), so what it leaves over is
  /// copied instead; the page ends in a syntax error.
  @Test(arguments: ["json", "csv"], [false, true])
  func aPageReadAheadGivesWhatItsBytesGiveReadAtOnce(format: String, onHelpers: Bool) throws {
    let long = String(repeating: "l", count: ReadAhead.headroom + 5_000)
    let text: String
    if format == "json" {
      var elements = (0..<3_000).map { "  {\n    \"title\": \"item \($0)\",\n    \"n\": \($0)\n  }" }
      elements[1_234] = "  {\"title\": \"\(long)\"}"
      text = "[\n" + elements.joined(separator: ",\n") + ",\n  {\"title\": }\n]\n"
    } else {
      var records = (0..<3_000).map { "item \($0),\"quoted, \($0)\nsecond line\",\($0)" }
      records[1_234] = "\(long),x,1"
      text = "title,text,n\n" + records.joined(separator: "\n") + "\n\"open,1,2\n"
    }
    let folder = try Scratch.folder(#function + format + "\(onHelpers)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("page.\(format)").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))

    var settings = ReadSettings(scanner: ItemScanner(roles: FieldRoles()))
    settings.chunkSize = 1_000
    settings.parallelism = onHelpers ? .helpers(.normal) : .serial
    let sink = ItemsSink()
    let error = FileSource.read(path, settings: settings, into: sink)
    let once = PageParser.parse(Array(text.utf8), path: path)

    #expect(sink.deliveries > 20, "read in many chunks")
    try #require(sink.items.count == once.items.count && sink.items.count > 2_000, "\(sink.items.count) items")
    let different = sink.items.indices.first { (i: Int) -> Bool in
      let (read, whole) = (sink.items[i], once.items[i])
      let place = read.offset == whole.offset && read.length == whole.length
      return !place || read.checksum != whole.checksum || read.content.title != whole.content.title
    }
    #expect(different == nil, "item \(different ?? -1) differs")
    #expect(error != nil && error?.description == once.error?.description, "\(String(describing: error))")
  }

  /// What a page read delivers.
  final class ItemsSink: PageSink {
    var items: [ScannedItem] = []
    var deliveries = 0
    func shouldStop() -> Bool { false }
    func opened(_ page: OpenedPage) {}
    func described(_ shape: ItemTextShape, note: String?) {}
    func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) {
      self.items += items
      deliveries += 1
    }
    func progress(_ text: String) {}
  }
}
