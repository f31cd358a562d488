import Testing

@testable import WaterfallApp

/// ``FoldedJSONWalker`` with a visitor of its own: the example of its
/// documentation, keys skipped when the visitor reads none, and a walk that
/// stops where the visitor is done.
@Suite struct FoldedJSONWalkerTests {
  /// Each value as `path:text` (``FoldedJSONVisitor``'s example), done after `stopAfter` values.
  struct Values: FoldedJSONVisitor {
    var path: [UInt8] = []
    var readsKeys = true
    var stopAfter = Int.max
    var texts: [String] = []
    var text: [UInt8] = []

    var isDone: Bool { texts.count >= stopAfter }
    mutating func beginValue() { text = path + Array(":".utf8) }
    mutating func append(scalar: UInt32) { text.append(scalar: scalar) }
    mutating func endValue() { texts.append(String(decoding: text, as: UTF8.self)) }
  }

  static func walk(_ json: String, _ values: inout Values) -> Bool {
    Array(json.utf8).withUnsafeBufferPointer { FoldedJSONWalker.walk($0, &values) }
  }

  @Test func theDocumentationsExample() {
    var values = Values()
    #expect(Self.walk(#"{"Shop":{"Name":"CLAY Mug"},"w":12}"#, &values))
    #expect(values.texts == ["shop.name:clay mug", "w:12"])
  }

  @Test func pathsFoldAndNestThroughArrays() {
    var values = Values()
    #expect(Self.walk(#" {"A\u0042":[{"Ü":"x"},[1E2]],"":{"e":true,"f":"\u212A"}} "#, &values))
    #expect(values.texts == ["ab.ü:x", "ab:1e2", "f:k"])
  }

  @Test func keysAreSkippedUnreadWhenTheVisitorReadsNone() {
    var values = Values(readsKeys: false)
    #expect(Self.walk(#"{"a\uZZZZ":{"B":"C"}}"#, &values))
    #expect(values.texts == [":c"])
    var reading = Values()
    #expect(!Self.walk(#"{"a\uZZZZ":{"B":"C"}}"#, &reading))
  }

  @Test func theWalkStopsWhereTheVisitorIsDone() {
    var values = Values(stopAfter: 1)
    #expect(Self.walk(#"["a","b"] not JSON"#, &values))
    #expect(values.texts == [":a"])
    var all = Values()
    #expect(!Self.walk(#"["a","b"] not JSON"#, &all))
    #expect(all.texts == [":a", ":b"])
  }
}
