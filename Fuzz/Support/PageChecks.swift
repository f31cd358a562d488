import WaterfallLayout
import WaterfallTerminal
import WaterfallView

@testable import WaterfallApp

/// The searches every item of a checked page is matched with: a term, a phrase and
/// a negation, alternatives with anchors, a field. Read once.
let searchChecks = ["a", "'1 !x", "^a | 0$", "title:'a"].map { (text: $0, query: SearchQuery($0)) }

/// The invariants every parsed page keeps, whatever format it came in: shared by
/// the page targets (`FuzzLoader`, `FuzzCSV`, `FuzzJSONPath`). `itemCheck` is
/// called with each item's parsed value, for a target's own invariants.
///
/// ```swift
/// let page = PageParser.parse(bytes, path: "fuzz.csv", options: ReadOptions(format: .csv))
/// checkPage(page, bytes: bytes, roles: FieldRoles())
/// ```
func checkPage(_ page: PageParser.Page, bytes: [UInt8], roles: FieldRoles, itemCheck: ((JSONValue) -> Void)? = nil) {
  for line in page.skipped.listed {
    require(line.location.line >= 1 && line.location.column >= 1, "skipped line at \(line.location)")
  }
  if case .syntax(_, let location, let message)? = page.error {
    require(location.line >= 1 && location.column >= 1 && !message.isEmpty, "error at \(location): \(message)")
  }

  // What the user would see runs for a few items on a small screen: those pages
  // keep each item's text and value for it (the second half, below).
  let shows = (1...40).contains(page.items.count) && bytes.count <= 8192
  var shown: [(json: [UInt8], value: JSONValue)] = []
  for item in page.items {
    guard let kept = item.json else {
      require(false, "a page parsed from memory kept no text for an item")
      return
    }
    // The item's place in the page holds its kept text (what the browser reads
    // again from the file).
    require(item.offset >= 0 && item.length == kept.count && item.offset + item.length <= bytes.count
      && bytes[item.offset..<(item.offset + item.length)].elementsEqual(kept),
      "an item at \(item.offset) of \(item.length) bytes keeps \(kept.count) other bytes")
    // A CSV record's bytes read as JSON through its header.
    let json = page.shape.json(from: kept)
    // The kept text is one JSON value, and the card packed from its bytes is the
    // one the plain road (parse, CardContent, cut, pack) makes.
    guard let value = try? JSONParser.parse(json) else {
      require(false, "the kept text \(String(decoding: json, as: UTF8.self).debugDescription) does not parse")
      return
    }
    itemCheck?(value)
    // Members of a map take their key as title: only items packed from their
    // JSON text (plain items, CSV records) compare here.
    switch page.shape {
    case .json, .csv:
      var plain: [UInt8] = []
      ItemScanner.limited(CardContent(value: value, roles: roles)).pack(into: &plain)
      CardContent.appendText(roles.first(roles.id, in: value)?.text, to: &plain)
      CardContent.appendText(roles.group.isEmpty ? nil : roles.first(roles.group, in: value)?.text, to: &plain)
      if plain != item.packed {
        require(false, "the scanner's card differs from the parser's for \(String(decoding: json, as: UTF8.self).debugDescription)")
      }
    case .member, .sqlite: break
    }
    let written = Array(value.compactText.utf8)
    require((try? JSONParser.parse(written)) == value, "compactText does not round-trip: \(value.compactText.debugDescription)")
    if shows { shown.append((json, value)) }
  }
  guard shows else { return }

  // The store the browser reads, filled as a loader fills it: the items as
  // scanned, in a page that reads them as the parser did (its shape).
  let store = ItemStore(roles: roles)
  let memory = store.addMemoryPage(path: "fuzz")
  store.setShape(page.shape, ofPage: memory)
  store.append(page.items, toPage: memory)
  var matchers = searchChecks.map { ItemMatcher($0.query) }
  for index in 0..<store.count {
    let content = store.content(at: index)
    for width in [3, 12, 27] {
      let plan = CardPlan(content: content, width: width)
      // A card that says one line is one row without a box (CompactCard).
      require(plan.isCompact ? plan.height == 1 : plan.height >= 3, "a card shorter than its border")
      let inner = plan.isCompact ? width : width - 2
      for line in plan.title + plan.text + [plan.subtitle, plan.tags].compactMap({ $0 }) {
        require(DisplayText.width(of: line) <= inner, "a card line wider than the card: \(line.debugDescription)")
      }
    }
    // The search's one pass over the item's bytes agrees with the query on its
    // parsed values (valid UTF-8 only: the two repair bad bytes apart). Each
    // matcher serves every item of the page, as a search worker's does.
    let (json, value) = shown[index]
    if String(validating: json, as: UTF8.self) != nil {
      let fields = SearchFields(value)
      for m in matchers.indices {
        let fast = json.withUnsafeBufferPointer { matchers[m].matches(json: $0) }
        let (text, query) = searchChecks[m]
        require(fast == query.matches(fields), "search \(text): \(fast) over the bytes, not over the values")
      }
    }
  }
  let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 44, height: 14))
  let screen = CellBuffer(width: 44, height: 14)
  // Drawn after the keys that change what is on screen: after ↓ (the grid as after
  // →, the selection elsewhere) and Esc (the grid as before Enter) every page of
  // the grown corpus showed no scalar the other four draws did not (2,599 pages).
  for (key, draws) in [(Key.down, false), (.right, true), (.enter, true), (.pageDown, true), (.end, true), (.escape, false)] {
    _ = browser.handle(.key(key))
    guard draws else { continue }
    screen.clear()
    browser.draw(in: screen)
    // Every scalar on screen, as the terminal is sent them (the runs of each row:
    // what `lines` spells, without building a string a row).
    for y in 0..<screen.size.height {
      screen.forEachRun(inRow: y, columns: screen.size.width) { _, _, scalars in
        // The condition tested here, `require` called only for a scalar that fails it.
        for v in scalars where v < 0x20 || (0x7F..<0xA0).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
          require(false, "an unsafe scalar U+\(String(v, radix: 16)) on screen")
        }
      }
    }
  }
}
