import Foundation
import Testing
import WaterfallLayout
@testable import WaterfallApp

@Suite struct ForeignEncodingTests {
  static func bytes(_ text: String, _ encoding: ForeignEncoding) -> [UInt8] {
    let units = Array(text.utf16)
    switch encoding {
    case .utf16LE: return units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BE: return units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case .utf32LE: return text.unicodeScalars.flatMap { s in (0..<4).map { UInt8((s.value >> (8 * $0)) & 0xFF) } }
    case .utf32BE: return text.unicodeScalars.flatMap { s in (0..<4).reversed().map { UInt8((s.value >> (8 * $0)) & 0xFF) } }
    }
  }

  @Test(arguments: [ForeignEncoding.utf16LE, .utf16BE, .utf32LE, .utf32BE])
  func toldWithAndWithoutAByteOrderMark(encoding: ForeignEncoding) {
    #expect(ForeignEncoding.detect(Self.bytes("\u{FEFF}[1]", encoding)) == encoding)
    #expect(ForeignEncoding.detect(Self.bytes("[1]", encoding)) == encoding)
    #expect(ForeignEncoding.detect(Self.bytes("{\"a\":1}\n", encoding)) == encoding)
  }

  @Test func utf8IsNotForeign() {
    for text in ["", "1", "[1]", "\u{FEFF}[1]", "{\"价\":1}", "\n\n"] {
      #expect(ForeignEncoding.detect(Array(text.utf8)) == nil, "\(text.debugDescription)")
    }
  }

  @Test func thePageParserRefusesItWithTheFix() {
    let page = PageParser.parse(Self.bytes("[{\"a\":1}]", .utf16BE), path: "p.json")
    #expect(page.items.isEmpty)
    #expect(page.error?.description == "p.json: this is UTF-16BE text, and waterfall reads UTF-8 (convert it: iconv -f UTF-16BE -t UTF-8 p.json)")
  }
}

@Suite struct DetailsLimitTests {
  @Test func aHugeValueIsCutWithANoticeAndMadeOncePerWidth() {
    let huge = String(repeating: "lorem ipsum ", count: 1_000_000)
    let view = DetailsView(item: 0, value: .object([JSONMember(key: "body", value: .string(huge)), JSONMember(key: "after", value: .number("1"))]))
    let clock = ContinuousClock()
    var lines: [DetailsView.Line] = []
    let first = clock.measure { lines = view.lines(width: 60) }
    #expect(lines.count == DetailsView.maximumValueLines + 2 + 1)
    #expect(lines[DetailsView.maximumValueLines].value == "… (only the first 1000 lines are shown; --print")
    #expect(lines.last == DetailsView.Line(key: "after", value: "1", row: 1, path: "after"))
    let again = clock.measure { lines = view.lines(width: 60) }
    #expect(again < first / 10, "the second call reuses the lines (\(first), \(again))")
  }

  @Test func nestedValuesAreCutToo() {
    let many = JSONValue.array((0..<50_000).map { .object([JSONMember(key: "n", value: .number(String($0)))]) })
    let lines = DetailsView(item: 0, value: .object([JSONMember(key: "many", value: many)])).lines(width: 40)
    #expect(lines.count <= DetailsView.maximumLines + 2)
    #expect(lines.last?.value.hasPrefix("… (only the first") == true)
  }
}

@Suite struct NestingStackTests {
  /// The deepest nesting the parser accepts, parsed and skipped on a thread with a
  /// 4 MiB stack, half what a dispatch queue's thread has on Linux (8 MiB), where a
  /// background loader parses: the depth guard stops the recursion well before the
  /// stack runs out, in debug and ASan builds too. (Measured: a debug build needs
  /// about 1 MiB for 512 levels, an ASan build about 2 MiB; 512 KiB overflows.)
  @Test func theDeepestAcceptedNestingFitsASmallThreadStack() throws {
    let depth = JSONParser.maximumDepth
    let accepted = Array((String(repeating: "[{\"k\":", count: depth / 2) + "1" + String(repeating: "}]", count: depth / 2)).utf8)
    let refused = Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
    final class Outcome: @unchecked Sendable {
      var parsed = false
      var skipped = false
      var refusal: JSONSyntaxError?
    }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      outcome.parsed = (try? JSONParser.parse(accepted)) != nil
      accepted.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(bytes: buffer)
        outcome.skipped = (try? parser.skipValue()) != nil
      }
      do throws(JSONSyntaxError) { _ = try JSONParser.parse(refused) } catch { outcome.refusal = error }
      done.signal()
    }
    thread.stackSize = 4 * 1024 * 1024
    thread.start()
    done.wait()
    #expect(outcome.parsed)
    #expect(outcome.skipped)
    #expect(outcome.refusal?.message == "nesting deeper than 512 levels")
  }
}
