import Foundation
import Testing
import TestSupport
@testable import WaterfallApp

/// The parser reads a string's plain bytes eight at a time (``JSONParser/plainRunEnd(from:)``):
/// it stops exactly where a byte-by-byte reading stops, at every place in a word.
@Suite struct JSONStringRunTests {
  /// Where a byte-by-byte reading stops: the first quote, backslash or control.
  static func reference(_ bytes: [UInt8], from start: Int) -> Int {
    bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? bytes.count
  }

  static func run(_ bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { JSONParser(bytes: $0).plainRunEnd(from: start) }
  }

  @Test func everyStopIsFoundAtEveryPlace() {
    // Stops and the bytes beside them in value: none of the neighbours may stop a run.
    let stops: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x0A, 0x1F]
    let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xE4, 0xFF, UInt8(ascii: "a")]
    for filler in plain {
      for length in 0...40 {
        let line = [UInt8](repeating: filler, count: length)
        for start in 0...length { #expect(Self.run(line, from: start) == length) }
        for place in 0..<length {
          for stop in stops {
            var bytes = line
            bytes[place] = stop
            for start in [0, max(0, place - 9), place] {
              #expect(Self.run(bytes, from: start) == Self.reference(bytes, from: start), "filler \(filler), stop \(stop) at \(place) of \(length), from \(start)")
            }
          }
        }
      }
    }
  }

  @Test func randomBytesStopWhereAByteByByteReadingDoes() {
    var random = SeededGenerator(seed: 31)
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...70, using: &random)
      // Mostly plain bytes, a stop now and then.
      let bytes = (0..<length).map { _ in
        Int.random(in: 0..<20, using: &random) == 0 ? [0x22, 0x5C, 0x09, 0x1F][Int.random(in: 0..<4, using: &random)] : UInt8.random(in: 0x20...0xFF, using: &random)
      }
      let start = Int.random(in: 0...length, using: &random)
      #expect(Self.run(bytes, from: start) == Self.reference(bytes, from: start))
    }
  }

  @Test func stringsReadTheSameThroughEveryPath() throws {
    let texts = [
      #""""#, #""plain text longer than a word""#, #""tab\there and \"quotes\" \\ slash""#,
      #""ünïcödé 茶碗 😀 \u00e9\ud83d\ude00""#, #""\u0041BCDEFGHIJ\n""#, #""12345678""#, #""1234567\"""#,
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      let expected = try JSONSerializationReference.string(text)
      try bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(bytes: buffer)
        #expect(try parser.parseString() == expected, "\(text)")
        #expect(parser.position == bytes.count)
        parser = JSONParser(bytes: buffer)
        var utf8: [UInt8] = []
        try parser.appendString(to: &utf8)
        #expect(String(decoding: utf8, as: UTF8.self) == expected, "\(text)")
        parser = JSONParser(bytes: buffer)
        try parser.skipString()
        #expect(parser.position == bytes.count, "\(text)")
      }
    }
    // A control character or a missing end is still an error, at its place.
    for (text, place) in [("\"abcdefghij\u{01}klm\"", 11), ("\"abcdefghijklmnop", 0)] {
      let bytes = Array(text.utf8)
      bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(bytes: buffer)
        #expect(throws: JSONSyntaxError.self) { try parser.skipString() }
        parser = JSONParser(bytes: buffer)
        do throws(JSONSyntaxError) {
          _ = try parser.parseString()
          Issue.record("\(text) parsed")
        } catch {
          #expect(error.offset == place, "\(text)")
        }
      }
    }
  }
}

/// What Foundation reads a JSON string as, to compare the parser's paths with.
enum JSONSerializationReference {
  static func string(_ json: String) throws -> String {
    let array = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
    return try #require(array?.first)
  }
}
