// libFuzzer target: the page reader (JSON arrays, streams of values and JSON
// Lines, the format told from the bytes), the packing scanner every untrusted byte
// goes through, the JSON parser, and everything an item goes through on its way
// to the screen.
//
// Invariants (Support/PageChecks.swift): parsing never crashes; each item's kept
// text is one JSON value; the scanner's packed card equals the parser's; the value
// survives writing and reading back; the cheap skipper agrees with the full
// parser; locations are 1-based; card lines fit; a browser fed the items draws
// only safe glyphs; the sort's key reader agrees with parsing the item.

@testable import WaterfallApp

/// Made once: every input is parsed with the same roles (grouped by `shop`).
let scanner: ItemScanner = {
  var roles = FieldRoles()
  roles.group = ["shop"]
  return ItemScanner(roles: roles)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let bytes = input.remainingBytes()

  _ = ForeignEncoding.detect(bytes)
  let roles = scanner.roles
  let page = PageParser.parse(bytes, path: "fuzz.json", scanner: scanner)
  checkPage(page, bytes: bytes, roles: roles)

  // The sort's byte walk reads a field as parsing the item does (NaN reads as NaN both ways).
  if case .json = page.shape {
    for item in page.items.prefix(64) {
      guard let json = item.json else { continue }
      json.withUnsafeBufferPointer { buffer in
        for field in ["price", "title", "shop", "id"] {
          let fast = Sorter.key(of: buffer, field: field)
          let parsed = Sorter.parsedKey(of: buffer, field: field)
          require(String(describing: fast) == String(describing: parsed), "the sort's key reader and the parser disagree on \(field)")
        }
      }
    }
  }

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
