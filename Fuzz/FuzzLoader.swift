// libFuzzer target: the page reader (JSON arrays, streams of values and JSON
// Lines, the format told from the bytes), the packing scanner every untrusted byte
// goes through, the JSON parser, and everything an item goes through on its way
// to the screen.
//
// Invariants (Support/PageChecks.swift): parsing never crashes; each item's kept
// text is one JSON value; the scanner's packed card equals the parser's; the value
// survives writing and reading back; the cheap skipper agrees with the full
// parser; locations are 1-based; card lines fit; a browser fed the items draws
// only safe glyphs.

@testable import WaterfallApp

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let bytes = input.remainingBytes()

  _ = ForeignEncoding.detect(bytes)
  var roles = FieldRoles()
  roles.group = ["shop"]
  let page = PageParser.parse(bytes, path: "fuzz.json", roles: roles)
  checkPage(page, bytes: bytes, roles: roles)

  // The skipper and the parser agree on where a value ends, and on whether it is one.
  bytes.withUnsafeBufferPointer { buffer in
    var parser = JSONParser(bytes: buffer)
    var skipper = JSONParser(bytes: buffer)
    let parsed = try? parser.parseValue()
    let skipped: Void? = try? skipper.skipValue()
    require((parsed == nil) == (skipped == nil), "parseValue and skipValue disagree")
    if parsed != nil { require(parser.position == skipper.position, "parseValue and skipValue end apart") }
  }
  return 0
}
