import Foundation
import Testing
import WaterfallLayout
import TestSupport
import WaterfallView

@testable import WaterfallApp

/// Cards that always say something: an item without the named fields shows its
/// first plain fields as `key: value` lines; `a+b` joins fields; a field the user
/// named that no item has is named in the status bar.
@Suite struct CardFieldsTests {
  static func card(_ json: String, roles: FieldRoles = FieldRoles()) throws -> CardContent {
    let store = ItemStore(roles: roles)
    try store.append(json: Array(json.utf8))
    return store.content(at: 0)
  }

  /// The card both roads make (the scanner's, and CardContent(value:) limited), which must agree.
  static func bothRoads(_ json: String, roles: FieldRoles = FieldRoles()) throws -> CardContent {
    let scanned = try card(json, roles: roles)
    let plain = ItemScanner.limited(CardContent(value: try JSONParser.parse(Array(json.utf8)), roles: roles))
    #expect(scanned == plain, "the two roads differ for \(json)")
    return scanned
  }

  @Test func anItemWithoutNamedFieldsShowsItsFirstFields() throws {
    // iso-codes' 3166-1 without its name: every field, in order.
    let card = try Self.bothRoads(#"{"alpha_2":"AD","alpha_3":"AND","numeric":"020","official_name":"Principality of Andorra"}"#)
    #expect(card.title == "")
    #expect(card.fields == ["alpha_2: AD", "alpha_3: AND", "numeric: 020", "official_name: Principality of Andorra"])
  }

  @Test func nestedObjectsAreNamedByTheirPath() throws {
    let feature = #"{"type":"Feature","properties":{"name":"Andorra","pop":77543,"empty":"","none":null},"#
      + #""geometry":{"type":"Point","coordinates":[1.5,42.5]},"bbox":[{"x":1}]}"#
    let card = try Self.bothRoads(feature)
    #expect(card.fields == ["type: Feature", "properties.name: Andorra", "properties.pop: 77543", "geometry.type: Point", "geometry.coordinates: 1.5, 42.5"])
  }

  @Test func namedFieldsAreLeftOutAndTheCountIsBounded() throws {
    let members = (0..<20).map { #""f\#($0)":\#($0)"# }.joined(separator: ",")
    let card = try Self.bothRoads(#"{"price":"$3","tags":["a"],"w":10,"h":20,"img":"a.png",\#(members)}"#)
    #expect(card.subtitle == "$3" && card.tags == ["a"])
    #expect(card.fields.count == CardContent.maximumFields)
    #expect(card.fields.first == "f0: 0")
    // A long value is cut, between characters.
    let long = try Self.bothRoads(#"{"k":"\#(String(repeating: "é", count: 400))"}"#)
    #expect(long.fields[0].utf8.count <= CardContent.fieldLineLimit + 3)
    #expect(long.fields[0].hasSuffix("é…"))
  }

  @Test func anItemWithATitleOrTextHasNoFallback() throws {
    #expect(try Self.bothRoads(#"{"name":"Andorra","alpha_2":"AD"}"#).fields.isEmpty)
    #expect(try Self.bothRoads(#"{"body":"hello","alpha_2":"AD"}"#).fields.isEmpty)
    // An empty title does not count.
    #expect(try Self.bothRoads(#"{"title":"","alpha_2":"AD"}"#).fields == ["alpha_2: AD"])
  }

  @Test func theCardShowsTheLinesAndItsHeightAgrees() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"alpha_2":"AD","alpha_3":"AND","numeric":"020"}"#.utf8))
    try store.append(json: Array(#"{"alpha_2":"AE","w":100,"h":50,"a":1,"b":2,"c":3,"d":4}"#.utf8))
    for width in [10, 26, 40] {
      for item in 0..<2 {
        #expect(store.cardHeight(at: item, width: width) == CardPlan(content: store.content(at: item), width: width).height)
      }
    }
    // Under a picture, three lines at most.
    #expect(CardPlan(content: store.content(at: 1), width: 26).fields.count == 3)
    var options = Browser.Options()
    options.columns = 2
    let browser = Browser(store: store, options: options, size: Size(width: 60, height: 12))
    let screen = CellBuffer(width: 60, height: 12)
    browser.draw(in: screen)
    #expect(screen.lines[1].contains("alpha_2: AD"))
    #expect(screen.lines[3].contains("numeric: 020"))
  }

  @Test func joinedFieldsShowTogetherAndFallbacksStillWork() throws {
    var roles = FieldRoles()
    roles.title = ["first+last", "name"]
    roles.text = ["city+country"]
    roles.tags = ["tags+topics"]
    let ada = try Self.bothRoads(#"{"first":"Ada","last":"Lovelace","city":"London","country":"UK","tags":["math"],"topics":"engines"}"#, roles: roles)
    #expect(ada.title == "Ada Lovelace")
    #expect(ada.text == "London UK")
    #expect(ada.tags == ["math", "engines"])
    // Only one part: that part; no part: the next candidate.
    #expect(try Self.bothRoads(#"{"last":"Hopper","country":"US"}"#, roles: roles).title == "Hopper")
    #expect(try Self.bothRoads(#"{"name":"Turing","city":"Wilmslow"}"#, roles: roles).title == "Turing")
  }

  @Test func theScannerAndThePlainRoadAgreeOverRandomItems() throws {
    var roles = FieldRoles()
    roles.named = ["nope"]
    var generator = SeededGenerator(seed: 12)
    let keys = ["title", "name", "a", "b", "text", "price", "o", "img", "w", "h"]
    for _ in 0..<300 {
      var members: [String] = []
      for _ in 0..<Int.random(in: 0...5, using: &generator) {
        let key = keys.randomElement(using: &generator)!
        let value = [#""x""#, #""""#, "12", "null", "true", #"{"p":"q","r":[1,2]}"#, #"["s",3]"#].randomElement(using: &generator)!
        members.append(#""\#(key)":\#(value)"#)
      }
      _ = try Self.bothRoads("{" + members.joined(separator: ",") + "}")
      roles.title = ["a+b", "title"]
      _ = try Self.bothRoads("{" + members.joined(separator: ",") + "}", roles: roles)
      roles.title = FieldRoles().title
    }
  }

  @Test func aNamedFieldNoItemHasIsNamedInTheStatusBar() throws {
    var roles = FieldRoles()
    roles.title = ["nope", "name"]
    roles.text = ["city+nowhere"]
    roles.named = ["nope", "name", "city", "nowhere"]
    let store = ItemStore(roles: roles)
    try store.append(json: Array(#"{"name":"Paris","city":"Paris"}"#.utf8))
    #expect(store.fieldsNoItemHas(roles.named) == ["nope", "nowhere"])
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 100, height: 10))
    let screen = CellBuffer(width: 100, height: 10)
    browser.draw(in: screen)
    #expect(screen.lines[9].contains("no item has fields 'nope', 'nowhere'"))
    // Once an item has it, the notice goes.
    try store.append(json: Array(#"{"nope":1,"nowhere":2}"#.utf8))
    browser.storeDidAppend()
    screen.clear()
    browser.draw(in: screen)
    #expect(!screen.lines[9].contains("no item has"))
  }

  @Test func defaultFieldsAreNeverReported() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"x":1}"#.utf8))
    #expect(Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 10)).missingFieldsNotice == nil)
  }
}
