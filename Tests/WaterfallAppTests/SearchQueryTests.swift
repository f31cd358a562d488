import TestSupport
import Testing
@testable import WaterfallApp

/// The query language, parsing and matching, against a brute-force filter.
@Suite struct SearchQueryTests {
  // MARK: Parsing

  @Test(arguments: [
    ("mug", SearchTerm.Kind.fuzzy, false, nil as String?, "mug"),
    ("'mug", .exact, false, nil, "mug"),
    ("^mug", .prefix, false, nil, "mug"),
    ("mug$", .suffix, false, nil, "mug"),
    ("^mug$", .equal, false, nil, "mug"),
    ("!mug", .exact, true, nil, "mug"),
    ("!^mug", .prefix, true, nil, "mug"),
    ("shop:clay", .fuzzy, false, "shop", "clay"),
    ("tags:'new", .exact, false, "tags", "new"),
    ("!Shop:^Clay", .prefix, true, "shop", "clay"),
    ("12:30", .fuzzy, false, nil, "12:30"),
    ("shop:", .fuzzy, false, nil, "shop:"),
    ("'", .fuzzy, false, nil, "'"),
    ("!", .fuzzy, false, nil, "!"),
    ("^", .fuzzy, false, nil, "^"),
  ])
  func parsesATerm(text: String, kind: SearchTerm.Kind, negated: Bool, field: String?, needle: String) {
    let term = SearchTerm(parsing: text, exactByDefault: false)
    #expect(term == SearchTerm(kind: kind, negated: negated, field: field, needle: needle))
  }

  @Test func exactByDefaultSwapsBareAndQuoted() {
    #expect(SearchTerm(parsing: "mug", exactByDefault: true).kind == .exact)
    #expect(SearchTerm(parsing: "'mug", exactByDefault: true).kind == .fuzzy)
    #expect(SearchTerm(parsing: "^mug", exactByDefault: true).kind == .prefix)
  }

  @Test func groupsAndAlternatives() {
    let query = SearchQuery("mug  ^clay | wood$ |  !chip |")
    #expect(query.groups.map { $0.map(\.kind) } == [[.fuzzy], [.prefix, .suffix, .exact]])
    #expect(SearchQuery("| a").groups.count == 1)
    #expect(SearchQuery("").isEmpty)
    #expect(SearchQuery("   ").isEmpty)
    #expect(SearchQuery(#"blue\ mug"#).groups == [[SearchTerm(kind: .fuzzy, needle: "blue mug")]])
  }

  // MARK: Matching

  @Test func fieldTermsLookInTheirFieldOnly() {
    let item = SearchFields([("title", "Blue mug"), ("shop", "Clay Co"), ("tags", "new"), ("size.w", "200")])
    #expect(SearchQuery("shop:clay").matches(item))
    #expect(!SearchQuery("title:clay").matches(item))
    #expect(SearchQuery("tags:'new").matches(item))
    #expect(SearchQuery("size:200").matches(item))
    #expect(SearchQuery("size.w:^2").matches(item))
    #expect(!SearchQuery("siz:200").matches(item), "a field is named whole, not by a prefix")
    #expect(SearchQuery("!shop:wood mug").matches(item))
    #expect(!SearchQuery("!shop:clay").matches(item))
    #expect(SearchQuery("nothing | ^blue").matches(item))
    #expect(!SearchQuery("nothing | ^mug").matches(item))
  }

  @Test func itemFieldsComeFromEveryDepth() throws {
    let value = try JSONParser.parse(Array(#"{"title":"Mug","tags":["new","sale"],"size":{"w":200},"ok":true,"n":null}"#.utf8))
    #expect(SearchFields(value).values.map(\.path) == ["title", "tags", "tags", "size.w"])
    #expect(SearchQuery("size:200 tags:sale").matches(SearchFields(value)))
  }

  @Test func highlightPositions() {
    func positions(_ query: String, _ text: String, field: String = "title") -> [Int] {
      SearchQuery(query).highlights(in: FoldedText(text), fields: [field])
    }
    #expect(positions("mg", "Mug") == [0, 2])
    // The tightest span: the first end, then the latest start before it.
    #expect(positions("ab", "a a b b") == [2, 4])
    #expect(positions("'ug", "Mug mug") == [1, 2])
    #expect(positions("^mu", "Mug mug") == [0, 1])
    #expect(positions("ug$", "Mug mug") == [5, 6])
    #expect(positions("^mug$", "MUG") == [0, 1, 2])
    #expect(positions("!mug", "Mug") == [])
    #expect(positions("m g", "Mug") == [0, 2], "every term's positions")
    #expect(positions("x | u", "Mug") == [1])
    #expect(positions("shop:m", "Mug") == [], "a term for another field")
    #expect(positions("shop:m", "Mug", field: "shop") == [0])
    // Positions are scalars of the text, even where lower case has two.
    #expect(positions("ib", "İb") == [0, 1])
    #expect(positions("éb", "ÉtaB") == [0, 3])
  }

  @Test func matchGivesPositionsPerValue() {
    let item = SearchFields([("title", "Blue mug"), ("shop", "Clay Co")])
    let match = SearchQuery("mug shop:co").match(item)
    #expect(match?.positions == [0: [5, 6, 7], 1: [5, 6]])
    #expect(SearchQuery("!mug").match(item) == nil)
    #expect(SearchQuery("!tea").match(item)?.positions == [:])
  }

  @Test func narrowing() {
    #expect(SearchQuery("mug").narrows(SearchQuery("mu")))
    #expect(SearchQuery("mu g").narrows(SearchQuery("mu")))
    #expect(SearchQuery("^mug").narrows(SearchQuery("^mu")))
    #expect(!SearchQuery("mug$").narrows(SearchQuery("mu$")))
    #expect(!SearchQuery("!mug").narrows(SearchQuery("!mu")))
    #expect(!SearchQuery("a | b").narrows(SearchQuery("a")))
    #expect(!SearchQuery("mug").narrows(SearchQuery("mug x")))
  }

  @Test func rawPrefilterNeverRejectsAMatch() {
    var rng = SeededGenerator(seed: 13)
    for _ in 0..<2_000 {
      let item = Self.randomItem(&rng)
      let query = Self.randomQuery(&rng).query
      let json = Array(Self.json(item).utf8)
      let parsed = SearchFields(try! JSONParser.parse(json))
      if query.matches(parsed) {
        #expect(json.withUnsafeBufferPointer { query.mayMatch(raw: $0) }, "\(Self.json(item))")
      }
    }
    #expect(!Array(#"{"t":"Mug"}"#.utf8).withUnsafeBufferPointer { SearchQuery("tea").mayMatch(raw: $0) })
    #expect(Array(#"{"t":"\u0074ea"}"#.utf8).withUnsafeBufferPointer { SearchQuery("tea").mayMatch(raw: $0) })
    #expect(Array(#"{"t":"\#u{212A}ey"}"#.utf8).withUnsafeBufferPointer { SearchQuery("key").mayMatch(raw: $0) })
  }

  // MARK: The property: the search is the brute-force filter

  @Test func searchEqualsBruteForceFilter() {
    var rng = SeededGenerator(seed: 2026)
    let items = (0..<300).map { _ in Self.randomItem(&rng) }
    for round in 0..<400 {
      let (query, groups, exact) = Self.randomQuery(&rng)
      let found = items.indices.filter { query.matches(SearchFields(items[$0])) }
      let expected = items.indices.filter { Self.bruteForce(groups, items[$0]) }
      #expect(found == expected, "round \(round): \(groups) exactByDefault \(exact)")
      #expect(found == items.indices.filter { query.match(SearchFields(items[$0])) != nil })
    }
  }

  /// One term as the generator thinks of it: kind, negation, field, needle.
  struct Plain: CustomStringConvertible {
    var kind: SearchTerm.Kind
    var negated: Bool
    var field: String?
    var needle: String
    var description: String { "\(negated ? "!" : "")\(field.map { $0 + ":" } ?? "")\(kind)(\(needle))" }
  }

  static let alphabet: [Character] = ["a", "b", "c", "A", "B", "é", "É", "1"]
  static let paths = ["title", "shop", "tags", "size.w"]

  static func randomText(_ rng: inout SeededGenerator, _ lengths: ClosedRange<Int>) -> String {
    String((0..<Int.random(in: lengths, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
  }

  static func randomItem(_ rng: inout SeededGenerator) -> [(String, String)] {
    (0..<Int.random(in: 0...4, using: &rng)).map { _ in (paths.randomElement(using: &rng)!, randomText(&rng, 0...6)) }
  }

  static func json(_ item: [(String, String)]) -> String {
    "{" + item.map { #""\#($0.0)":"\#($0.1)""# }.joined(separator: ",") + "}"
  }

  static func randomQuery(_ rng: inout SeededGenerator) -> (query: SearchQuery, groups: [[Plain]], exact: Bool) {
    let exact = Bool.random(using: &rng)
    var groups: [[Plain]] = []
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      var group: [Plain] = []
      for _ in 0..<Int.random(in: 1...2, using: &rng) {
        let negated = Int.random(in: 0..<4, using: &rng) == 0
        var kind = SearchTerm.Kind.allCases.randomElement(using: &rng)!
        if negated, kind == .fuzzy { kind = .exact }
        let field = Bool.random(using: &rng) ? nil : ["title", "shop", "size", "size.w", "tag"].randomElement(using: &rng)!
        group.append(Plain(kind: kind, negated: negated, field: field, needle: randomText(&rng, 1...3)))
      }
      groups.append(group)
    }
    let text = groups.map { group in
      group.map { plain in
        SearchTerm(kind: plain.kind, negated: plain.negated, field: plain.field, needle: plain.needle).written(exactByDefault: exact)
      }.joined(separator: " | ")
    }.joined(separator: " ")
    return (SearchQuery(text, exactByDefault: exact), groups, exact)
  }

  static func bruteForce(_ groups: [[Plain]], _ item: [(String, String)]) -> Bool {
    groups.allSatisfy { group in
      group.contains { term in
        let found = item.contains { path, value in
          guard term.field.map({ path == $0 || path.hasPrefix($0 + ".") }) ?? true else { return false }
          let v = value.lowercased()
          let n = term.needle.lowercased()
          switch term.kind {
          case .fuzzy:
            var rest = Substring(v)
            for c in n {
              guard let i = rest.firstIndex(of: c) else { return false }
              rest = rest[rest.index(after: i)...]
            }
            return true
          case .exact: return v.contains(n)
          case .prefix: return v.hasPrefix(n)
          case .suffix: return v.hasSuffix(n)
          case .equal: return v == n
          }
        }
        return found != term.negated
      }
    }
  }

  // MARK: The workers' matcher

  /// A random JSON text: nested objects and arrays, escapes, numbers, non-ASCII.
  static func randomJSON(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
    func string() -> String {
      let pieces = ["a", "b", "C", "é", "É", "\\u0041", "\\u00e9", "\\n", "\\\"", "1", " ", "\\ud83d\\ude00", "İ", "\u{212A}"]
      return "\"" + (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() + "\""
    }
    let choice = depth > 2 ? Int.random(in: 0..<3, using: &rng) : Int.random(in: 0..<6, using: &rng)
    switch choice {
    case 0: return string()
    case 1: return ["12", "-3.5", "1E3", "0", "2.50"].randomElement(using: &rng)!
    case 2: return ["true", "false", "null"].randomElement(using: &rng)!
    case 3: return "[" + (0..<Int.random(in: 0...3, using: &rng)).map { _ in randomJSON(&rng, depth: depth + 1) }.joined(separator: ",") + "]"
    default:
      let keys = ["title", "shop", "Size", "w", "tags"]
      return "{" + (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        "\"\(keys.randomElement(using: &rng)!)\": " + randomJSON(&rng, depth: depth + 1)
      }.joined(separator: ", ") + "}"
    }
  }

  @Test func theWorkersMatcherAgreesWithTheParsedValues() {
    var rng = SeededGenerator(seed: 77)
    var checked = 0
    for _ in 0..<3_000 {
      let json = Array(Self.randomJSON(&rng).utf8)
      guard let value = try? JSONParser.parse(json) else { continue }
      checked += 1
      var words = ["a", "ab", "'b1", "^c", "a$", "!b", "é", "k", "i", "size:1", "size.w:^2", "title:a | shop:b", "'\"", "e3", "😀"]
      words.shuffle(using: &rng)
      let query = SearchQuery(words.prefix(Int.random(in: 1...3, using: &rng)).joined(separator: " "))
      var matcher = ItemMatcher(query)
      let fast = json.withUnsafeBufferPointer { matcher.matches(json: $0) }
      #expect(fast == query.matches(SearchFields(value)), "\(String(decoding: json, as: UTF8.self)) \(query)")
    }
    #expect(checked > 2_000)
    var matcher = ItemMatcher(SearchQuery("a"))
    #expect(!Array(#"{"t" "a"}"#.utf8).withUnsafeBufferPointer { matcher.matches(json: $0) }, "not JSON: no match")
  }
}
