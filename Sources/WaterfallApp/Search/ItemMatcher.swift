/// Matches a ``SearchQuery`` against items' JSON texts as fast as a worker can:
/// one walk over the bytes, each string and number folded into a reused buffer
/// and tried against every term still unanswered, no value built.
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
public struct ItemMatcher {
  public let query: SearchQuery
  /// Every term, flattened; `group[i]` is term i's group.
  private let terms: [SearchTerm]
  private let group: [Int]
  private let hasFields: Bool
  /// Each term's field, as lower-case UTF-8.
  private let fields: [[UInt8]?]
  private var found: [Bool]
  private var scalars: [UInt32] = []
  private var path: [UInt8] = []
  private var key: [UInt8] = []
  /// Whether any term is negated: then every value must be seen.
  private let hasNegation: Bool
  /// Positive terms found so far, and how many groups they satisfy.
  private var groupsHeld: [Bool]
  private var heldCount = 0

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
    hasFields = fields.contains { $0 != nil }
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
    var position = 0
    skipSpace(json, &position)
    guard walkValue(json, &position, depth: 0) else { return false }
    // Every group held early: the rest of the text was not walked, so its
    // syntax is not checked (the loader checked it when it read the item).
    if !hasNegation, heldCount == groupsHeld.count { return true }
    skipSpace(json, &position)
    guard position == json.count else { return false }
    var holds = Array(repeating: false, count: query.groups.count)
    for (t, term) in terms.enumerated() where found[t] != term.negated { holds[group[t]] = true }
    return !holds.contains(false)
  }

  // MARK: The walk

  private func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) {
    while p < b.count, b[p] == 0x20 || b[p] == 0x0A || b[p] == 0x0D || b[p] == 0x09 { p += 1 }
  }

  /// Walks one value at `p`; false when the text is not JSON.
  private mutating func walkValue(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, depth: Int) -> Bool {
    if !hasNegation, heldCount == groupsHeld.count { return true }
    guard p < b.count, depth <= 512 else { return false }
    switch b[p] {
    case UInt8(ascii: "{"):
      p += 1
      skipSpace(b, &p)
      if p < b.count, b[p] == UInt8(ascii: "}") {
        p += 1
        return true
      }
      while true {
        skipSpace(b, &p)
        guard p < b.count, b[p] == UInt8(ascii: "\"") else { return false }
        let saved = path.count
        if hasFields {
          guard readKey(b, &p) else { return false }
          if !path.isEmpty { path.append(UInt8(ascii: ".")) }
          path += key
        } else {
          guard skipString(b, &p) else { return false }
        }
        skipSpace(b, &p)
        guard p < b.count, b[p] == UInt8(ascii: ":") else { return false }
        p += 1
        skipSpace(b, &p)
        guard walkValue(b, &p, depth: depth + 1) else { return false }
        if !hasNegation, heldCount == groupsHeld.count { return true }
        path.removeSubrange(saved...)
        skipSpace(b, &p)
        guard p < b.count else { return false }
        if b[p] == UInt8(ascii: ",") {
          p += 1
        } else if b[p] == UInt8(ascii: "}") {
          p += 1
          return true
        } else {
          return false
        }
      }
    case UInt8(ascii: "["):
      p += 1
      skipSpace(b, &p)
      if p < b.count, b[p] == UInt8(ascii: "]") {
        p += 1
        return true
      }
      while true {
        skipSpace(b, &p)
        guard walkValue(b, &p, depth: depth + 1) else { return false }
        if !hasNegation, heldCount == groupsHeld.count { return true }
        skipSpace(b, &p)
        guard p < b.count else { return false }
        if b[p] == UInt8(ascii: ",") {
          p += 1
        } else if b[p] == UInt8(ascii: "]") {
          p += 1
          return true
        } else {
          return false
        }
      }
    case UInt8(ascii: "\""):
      guard readScalars(b, &p) else { return false }
      check()
      return true
    case UInt8(ascii: "t"): return word(b, &p, "true")
    case UInt8(ascii: "f"): return word(b, &p, "false")
    case UInt8(ascii: "n"): return word(b, &p, "null")
    default:
      // A number, as written.
      let start = p
      while p < b.count, (b[p] >= 0x30 && b[p] <= 0x39) || b[p] == UInt8(ascii: "-") || b[p] == UInt8(ascii: "+")
        || b[p] == UInt8(ascii: ".") || b[p] == UInt8(ascii: "e") || b[p] == UInt8(ascii: "E")
      {
        p += 1
      }
      guard p > start else { return false }
      scalars.removeAll(keepingCapacity: true)
      for i in start..<p { scalars.append(UInt32(b[i] | (b[i] == UInt8(ascii: "E") ? 0x20 : 0))) }
      check()
      return true
    }
  }

  private func word(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ text: StaticString) -> Bool {
    let n = text.utf8CodeUnitCount
    guard p + n <= b.count else { return false }
    for i in 0..<n where b[p + i] != text.utf8Start[i] { return false }
    p += n
    return true
  }

  /// Tries every unanswered term on the folded value in `scalars`.
  private mutating func check() {
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

  private func skipString(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Bool {
    p += 1
    while p < b.count {
      if b[p] == UInt8(ascii: "\\") {
        p += 2
      } else if b[p] == UInt8(ascii: "\"") {
        p += 1
        return true
      } else {
        p += 1
      }
    }
    return false
  }

  /// Reads the string at `p` (its opening quote) as folded scalars into `scalars`.
  private mutating func readScalars(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Bool {
    scalars.removeAll(keepingCapacity: true)
    p += 1
    while p < b.count {
      let byte = b[p]
      if byte == UInt8(ascii: "\"") {
        p += 1
        return true
      }
      let scalar: UInt32
      if byte == UInt8(ascii: "\\") {
        guard let escaped = JSONStringScalars.unescape(b, &p) else { return false }
        scalar = escaped
      } else if byte < 0x80 {
        scalars.append(byte >= 0x41 && byte <= 0x5A ? UInt32(byte | 0x20) : UInt32(byte))
        p += 1
        continue
      } else {
        guard let decoded = JSONStringScalars.decodeUTF8(b, &p) else { return false }
        scalar = decoded
      }
      fold(scalar)
    }
    return false
  }

  /// Appends `value`'s lower case to `scalars`.
  @inline(__always) private mutating func fold(_ value: UInt32) {
    if value < 0x80 {
      scalars.append(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
      return
    }
    if LowercaseTable.leavesAlone(value) {
      scalars.append(value)
      return
    }
    guard let scalar = Unicode.Scalar(value) else {
      scalars.append(0xFFFD)
      return
    }
    if !scalar.properties.changesWhenLowercased {
      scalars.append(value)
    } else {
      for lower in scalar.properties.lowercaseMapping.unicodeScalars { scalars.append(lower.value) }
    }
  }

  /// A key, as lower-case UTF-8 (a field name is compared without case).
  private mutating func readKey(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Bool {
    guard readScalars(b, &p) else { return false }
    key.removeAll(keepingCapacity: true)
    for value in scalars {
      if value < 0x80 {
        key.append(UInt8(value))
      } else if let scalar = Unicode.Scalar(value) {
        key += Array(String(scalar).utf8)
      }
    }
    return true
  }
}
