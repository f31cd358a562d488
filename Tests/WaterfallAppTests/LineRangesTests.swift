import Foundation
import TestSupport
import Testing
import WaterfallWorkers

@testable import WaterfallApp

/// A JSON Lines file read in byte ranges apart (``LineRanges``) gives what
/// reading it front to back gives: the same items in the same order, at the
/// same offsets, and the same skipped lines at the same lines and columns,
/// wherever the ranges' edges fall (inside a long line, between a CR and its
/// LF, in a last line without a newline). Ranges are read in turn
/// (`Parallelism.serial`) or on the helper threads: no test waits on a clock.
@Suite struct LineRangesTests {
  /// What a page's reading delivered: comparable, however it was cut.
  struct Outcome: Equatable, CustomStringConvertible {
    var items: [String] = []
    var skipped: [String] = []
    var skippedCount = 0
    var error: String?
    /// The bytes read that each delivery said, in turn.
    var bytesRead: [Int] = []

    var description: String { "\(items) skipped \(skipped) (\(skippedCount)) error \(error ?? "none")" }
  }

  /// A sink that keeps what it is told; it stops after `batches` questions when told to.
  final class Recording: PageSink {
    var outcome = Outcome()
    /// Every delivery's skipped lines, kept as the loader keeps them (the first 20 listed).
    var skipped = SkippedLines()
    var questions = 0
    var stopAfter = Int.max

    func shouldStop() -> Bool {
      questions += 1
      return questions > stopAfter
    }
    func opened(_ page: OpenedPage) {}
    func described(_ shape: ItemTextShape, note: String?) {}
    func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) {
      outcome.items += items.map { "\($0.content.title)@\($0.offset)+\($0.length)#\($0.checksum)" }
      self.skipped.append(contentsOf: skipped)
      outcome.skipped = self.skipped.listed.map(\.description)
      outcome.skippedCount = self.skipped.count
      outcome.bytesRead.append(bytesRead)
    }
    func progress(_ text: String) {}
  }

  /// Writes `text` to a file named `name` in a scratch folder; returns its path and the folder.
  static func write(_ text: String, name: String = "p.jsonl", test: String = #function) throws -> (String, URL) {
    let folder = try Scratch.folder(test)
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return (path, folder)
  }

  /// Reads the file at `path` whole, as a page: in ranges of `rangeSize` bytes
  /// after the first chunk, or (`rangeSize` nil) front to back.
  static func load(_ path: String, rangeSize: Int?, parallelism: Parallelism = .serial) -> Outcome {
    var settings = ReadSettings(scanner: ItemScanner(roles: FieldRoles()))
    settings.readsLinesInRanges = rangeSize != nil
    settings.lineRangeSize = rangeSize ?? LineRanges.defaultRangeSize
    settings.parallelism = parallelism
    let sink = Recording()
    sink.outcome.error = FileSource.read(path, settings: settings, into: sink)?.description
    return sink.outcome
  }

  /// Reads the file at `path` from its start in ranges alone (no first chunk read
  /// front to back), `rangeSize` bytes each.
  static func ranges(_ path: String, rangeSize: Int, parallelism: Parallelism = .serial, stopAfter: Int = .max) throws -> Outcome {
    var ranges = LineRanges(file: try PageFile(path: path), scanner: ItemScanner(roles: FieldRoles()), parallelism: parallelism)
    ranges.rangeSize = rangeSize
    ranges.partsPerBatch = 2
    let sink = Recording()
    sink.stopAfter = stopAfter
    sink.outcome.error = ranges.run(from: 0, line: 1, into: sink)?.description
    return sink.outcome
  }

  /// Every edge case at once: a long line, a CRLF, blank lines, bad lines, and a
  /// last line without its newline.
  static let mixed =
    #"{"title":"one"}"# + "\n" + #"{"title":"a long line \#(String(repeating: "x", count: 300))"}"# + "\r\n"
    + #"{"title":"crlf"}"# + "\r\n" + "\n" + "{oops}\n" + #"  {"title":"spaced"}  "# + "\n" + "[1,\n"
    + #"{"title":"last, no newline"}"#

  @Test(arguments: [1, 2, 3, 7, 16, 17, 64, 100, 1 << 20])
  func rangesOfAnySizeReadWhatOneReadingReads(rangeSize: Int) throws {
    let (path, folder) = try Self.write(Self.mixed)
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = try Self.ranges(path, rangeSize: 1 << 20)
    #expect(whole.items.count == 5 && whole.skippedCount == 2)
    #expect(whole.skipped == [
      "\(path):5:2: expected a string key, found 'o' (line skipped)",
      "\(path):7:4: unexpected end of input, expected a value (line skipped)",
    ])
    var cut = try Self.ranges(path, rangeSize: rangeSize)
    cut.bytesRead = whole.bytesRead
    #expect(cut == whole, "ranges of \(rangeSize) bytes")
  }

  /// A range's edge between the CR and the LF of a line, and right after its LF.
  @Test func anEdgeInsideACRLFLeavesTheLineWhole() throws {
    let text = #"{"title":"a"}"# + "\r\n" + #"{"title":"b"}"# + "\r\n"
    let (path, folder) = try Self.write(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let crlf = 13  // the CR of the first line
    for size in [crlf, crlf + 1, crlf + 2] {
      let outcome = try Self.ranges(path, rangeSize: size)
      #expect(outcome.items.map { $0.prefix(while: { $0 != "#" }) } == ["a@0+13", "b@15+13"], "ranges of \(size)")
    }
  }

  /// A line longer than several ranges is read whole by the range it starts in;
  /// the ranges inside it own no line.
  @Test func aLineLongerThanSeveralRangesIsReadByTheRangeItStartsIn() throws {
    let long = #"{"title":"long","text":"\#(String(repeating: "y", count: 5_000))"}"#
    let text = #"{"title":"before"}"# + "\n" + long + "\n" + "{bad\n" + #"{"title":"after"}"#
    let (path, folder) = try Self.write(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try Self.ranges(path, rangeSize: 100)
    #expect(outcome.items.map { String($0.prefix(while: { $0 != "@" })) } == ["before", "long", "after"])
    #expect(outcome.skipped == ["\(path):3:2: expected a string key, found 'b' (line skipped)"])
  }

  /// The first chunk is read front to back (the first screen), the rest in
  /// ranges: a bad line in a later range keeps its line number.
  @Test(arguments: [false, true])
  func afterTheFirstChunkABadLineInALaterRangeKeepsItsNumber(onHelpers: Bool) throws {
    var lines = (0..<3_000).map { #"{"id":\#($0),"title":"item \#($0) \#(String(repeating: "z", count: $0 % 50))"}"# }
    lines[2_500] = #"{"id":2500,"title":oops}"#
    lines[2_501] = ""
    lines[2_502] = #"{"id":2502,"title":"crlf"}"# + "\r"
    let text = lines.joined(separator: "\n")
    #expect(text.utf8.count > PageLoad.firstChunk * 2, "ranges follow the first chunk")
    let (path, folder) = try Self.write(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let front = Self.load(path, rangeSize: nil)
    let parallelism: Parallelism = onHelpers ? .helpers(.normal) : .serial
    let ranged = Self.load(path, rangeSize: 4_096, parallelism: parallelism)
    #expect(front.items.count == 2_998)
    #expect(front.skipped.count == 1 && front.skipped[0].hasPrefix("\(path):2501:20: "), "\(front.skipped)")
    #expect(ranged.items == front.items)
    #expect(ranged.skipped == front.skipped && ranged.skippedCount == front.skippedCount && ranged.error == nil)
    #expect(ranged.bytesRead.count > 10, "delivered a range at a time")
    #expect(ranged.bytesRead == ranged.bytesRead.sorted() && ranged.bytesRead.last == text.utf8.count)
  }

  /// JSON Lines told from content (no `.jsonl` name): a line in a later range
  /// that holds an array, or values one after another, is read as the page's
  /// first lines are, its elements items.
  @Test(arguments: [false, true])
  func linesToldFromContentSpreadTheirArraysInEveryRange(onHelpers: Bool) throws {
    var lines = (0..<6_000).map { #"{"id":\#($0),"title":"item \#($0)"}"# }
    lines[5_000] = #"[{"id":-1},{"id":-2}] {"id":-3}"#
    let text = lines.joined(separator: "\n")
    #expect(text.utf8.count > PageLoad.firstChunk * 2, "ranges follow the first chunk")
    let (path, folder) = try Self.write(text, name: "page.txt")
    defer { try? FileManager.default.removeItem(at: folder) }
    let front = Self.load(path, rangeSize: nil)
    let ranged = Self.load(path, rangeSize: 4_096, parallelism: onHelpers ? .helpers(.normal) : .serial)
    #expect(front.items.count == 6_002, "the array's two elements and the object after it")
    #expect(ranged.items == front.items)
    #expect(ranged.bytesRead.count > 10, "delivered a range at a time")
    #expect(ranged.skipped.isEmpty && front.skipped.isEmpty)
  }

  /// The sink is asked before each batch: told to stop, the ranges deliver no more.
  @Test func aSinkThatSaysStopEndsTheReadingBetweenBatches() throws {
    let text = (0..<40).map { #"{"title":"\#($0)"}"# }.joined(separator: "\n")
    let (path, folder) = try Self.write(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let all = try Self.ranges(path, rangeSize: 50)
    let first = try Self.ranges(path, rangeSize: 50, stopAfter: 1)
    #expect(all.items.count == 40)
    #expect(first.items == Array(all.items.prefix(first.items.count)) && first.items.count < 10, "one batch of two ranges")
    #expect(first.error == nil)
  }

  /// More than 20 bad lines across ranges: the first 20 listed, every one counted.
  @Test func skippedLinesAcrossRangesListTheFirstTwentyAndCountAll() throws {
    let text = (0..<100).map { $0 % 3 == 0 ? "{bad \($0)" : #"{"title":"\#($0)"}"# }.joined(separator: "\n")
    let (path, folder) = try Self.write(text)
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = try Self.ranges(path, rangeSize: 1 << 20)
    let cut = try Self.ranges(path, rangeSize: 30, parallelism: .helpers(.normal))
    #expect(whole.skippedCount == 34 && whole.skipped.count == 20)
    #expect(cut.skipped == whole.skipped && cut.skippedCount == 34 && cut.items == whole.items)
  }
}
