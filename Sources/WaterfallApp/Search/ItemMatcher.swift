/// Matches a ``SearchQuery`` against items' JSON texts as fast as a worker can:
/// one walk over the bytes (``FoldedJSONWalker``, the matcher its visitor),
/// each string and number folded into a reused buffer and tried against every
/// term still unanswered, no value built.
///
/// It answers exactly as `query.matches(SearchFields(JSONParser.parse(json)))`
/// does (a test checks it on random items). It stops at the value where every
/// term is found (with no `!` term, the rest cannot change the answer); text
/// that is not JSON before that point matches nothing. The store only keeps
/// items the loader parsed. A matcher keeps scratch space, so each worker has its own.
///
/// ```swift
/// var matcher = ItemMatcher(SearchQuery("shop:clay mug"))
/// json.withUnsafeBufferPointer { matcher.matches(json: $0) }
/// ```
public struct ItemMatcher: FoldedJSONVisitor {
  public let query: SearchQuery
  /// Every term, flattened; `group[i]` is term i's group.
  private let terms: [SearchTerm]
  private let group: [Int]
  /// Each term's field, as lower-case UTF-8.
  private let fields: [[UInt8]?]
  private var found: [Bool]
  private var scalars: [UInt32] = []
  /// Whether any term is negated: then every value must be seen.
  private let hasNegation: Bool
  /// Positive terms found so far, and how many groups they satisfy.
  private var groupsHeld: [Bool]
  private var heldCount = 0
  /// The member path of the value being read (``FoldedJSONWalker`` keeps it).
  var path: [UInt8] = []
  /// Whether a term has a field: only then are keys read.
  let readsKeys: Bool

  public init(_ query: SearchQuery) {
    self.query = query
    var terms: [SearchTerm] = []
    var group: [Int] = []
    for (g, alternatives) in query.groups.enumerated() {
      for term in alternatives {
        terms.append(term)
        group.append(g)
      }
    }
    self.terms = terms
    self.group = group
    fields = terms.map { $0.field.map { Array($0.utf8) } }
    readsKeys = fields.contains { $0 != nil }
    hasNegation = terms.contains { $0.negated }
    groupsHeld = Array(repeating: false, count: query.groups.count)
    found = Array(repeating: false, count: terms.count)
    scalars.reserveCapacity(256)
  }

  /// Whether the item whose JSON text is `json` matches.
  public mutating func matches(json: UnsafeBufferPointer<UInt8>) -> Bool {
    if terms.isEmpty { return true }
    guard query.mayMatch(raw: json) else { return false }
    for i in found.indices { found[i] = false }
    for i in groupsHeld.indices { groupsHeld[i] = false }
    heldCount = 0
    path.removeAll(keepingCapacity: true)
    guard FoldedJSONWalker.walk(json, &self) else { return false }
    if isDone { return true }
    var holds = Array(repeating: false, count: query.groups.count)
    for (t, term) in terms.enumerated() where found[t] != term.negated { holds[group[t]] = true }
    return !holds.contains(false)
  }

  // MARK: The walk's visitor

  /// Every group held and no `!` term: the rest cannot change the answer.
  var isDone: Bool { !hasNegation && heldCount == groupsHeld.count }

  mutating func beginValue() {
    scalars.removeAll(keepingCapacity: true)
  }

  @inline(__always) mutating func append(scalar: UInt32) {
    scalars.append(scalar)
  }

  /// Tries every unanswered term on the folded value in `scalars`.
  mutating func endValue() {
    scalars.withUnsafeBufferPointer { hay in
      for t in terms.indices where !found[t] {
        if let field = fields[t] {
          guard path.count >= field.count, path.starts(with: field), path.count == field.count || path[field.count] == UInt8(ascii: ".")
          else { continue }
        }
        if terms[t].matches(hay) {
          found[t] = true
          if !terms[t].negated, !groupsHeld[group[t]] {
            groupsHeld[group[t]] = true
            heldCount += 1
          }
        }
      }
    }
  }
}
