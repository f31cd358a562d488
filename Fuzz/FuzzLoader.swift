// libFuzzer target: the page parser (JSON arrays and JSON Lines), the JSON parser
// and everything an item goes through on its way to the screen.
//
// Invariants: parsing never crashes; an item's kept text is one JSON value that
// parses back to the same value, and the value survives writing and reading back;
// the cheap skipper agrees with the full parser; locations are 1-based; and a
// browser fed the items draws only safe glyphs.

import WaterfallLayout
import WaterfallTerminal
import WaterfallView

@testable import WaterfallApp

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let bytes = input.remainingBytes()

  _ = ForeignEncoding.detect(bytes)
  let page = PageParser.parse(bytes, path: "fuzz.json")
  for line in page.skipped {
    require(line.location.line >= 1 && line.location.column >= 1, "skipped line at \(line.location)")
  }
  if case .syntax(_, let location, let message)? = page.error {
    require(location.line >= 1 && location.column >= 1 && !message.isEmpty, "error at \(location): \(message)")
  }

  let store = ItemStore(roles: FieldRoles())
  for item in page.items {
    let again = try? JSONParser.parse(Array(item.json))
    require(again == item.value, "the kept text \(String(decoding: item.json, as: UTF8.self).debugDescription) does not parse back")
    let written = Array(item.value.compactText.utf8)
    require((try? JSONParser.parse(written)) == item.value, "compactText does not round-trip: \(item.value.compactText.debugDescription)")
    store.append(json: item.json, value: item.value)
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

  // What the user would see, for a few items on a small screen.
  guard store.count > 0, store.count <= 40, bytes.count <= 8192 else { return 0 }
  for index in 0..<store.count {
    let content = store.content(at: index)
    for width in [3, 12, 27] {
      let plan = CardPlan(content: content, width: width)
      require(plan.height >= 3, "a card shorter than its border")
      for line in plan.title + plan.text + [plan.subtitle, plan.tags].compactMap({ $0 }) {
        require(DisplayText.width(of: line) <= width - 2, "a card line wider than the card: \(line.debugDescription)")
      }
    }
    _ = store.matches(index, query: "a")
  }
  let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 44, height: 14))
  let screen = CellBuffer(width: 44, height: 14)
  for key in [Key.down, .right, .enter, .pageDown, .end, .escape] {
    _ = browser.handle(.key(key))
    screen.clear()
    browser.draw(in: screen)
    for line in screen.lines {
      for scalar in line.unicodeScalars {
        let v = scalar.value
        require(!(v < 0x20 || (0x7F..<0xA0).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)),
          "an unsafe scalar U+\(String(v, radix: 16)) on screen")
      }
    }
  }
  return 0
}
