#if canImport(Glibc)
  import Glibc
#endif

/// Matches a ``SearchQuery`` against items' compact search texts
/// (``SearchTextBlock``): a first-byte scan of the whole item (`memchr`:
/// vectorised in the C library) rules most items out, and only those left are
/// walked value by value.
///
/// It answers exactly as ``ItemMatcher`` does on the item's JSON (a test checks
/// it on random items): the compact text holds the same folded scalars, as
/// UTF-8, in which a needle's bytes are found exactly where its scalars are
/// (UTF-8 never starts a scalar's bytes inside another's), and a fuzzy needle
/// of ASCII letters is a subsequence of the bytes exactly when it is of the
/// scalars; a fuzzy needle with other letters is tried on the decoded scalars.
///
/// ```swift
/// var matcher = SearchTextMatcher(SearchQuery("mug"), paths: cache.paths)
/// block.bytes.withUnsafeBufferPointer { matcher.matches(text: $0, from: 0, to: 5) }
/// ```
struct SearchTextMatcher {
  private struct Term {
    var term: SearchTerm
    var needle: [UInt8]
    var group: Int
    /// The field's name as lower-case UTF-8.
    var field: [UInt8]?
    /// A fuzzy needle with a scalar above ASCII: tried on decoded scalars.
    var fuzzyScalars: Bool
    /// Per path number: 0 not yet known, 1 looks in it, 2 does not.
    var looksIn: [UInt8] = []
  }

  let paths: SearchTextPaths
  private var terms: [Term]
  private let groupCount: Int
  private let hasNegation: Bool
  private var found: [Bool]
  private var groupsHeld: [Bool]
  private var heldCount = 0
  private var scalars: [UInt32] = []
  /// Groups that hold as soon as one of their exact terms is anywhere in the
  /// text (no negation, no field in the query, an exact term in every group).
  private let exactEverywhere: Bool
  /// Every term is answered by a scan of the whole text, never value by value:
  /// no field, a needle, and exact or fuzzy of ASCII
  /// (``subsequenceInOneValue(_:in:)``).
  private let answeredByScans: Bool

  init(_ query: SearchQuery, paths: SearchTextPaths) {
    self.paths = paths
    var terms: [Term] = []
    for (g, alternatives) in query.groups.enumerated() {
      for term in alternatives {
        var needle: [UInt8] = []
        for v in term.needle { SearchTextBuilder.encode(v, into: &needle) }
        terms.append(
          Term(
            term: term, needle: needle, group: g, field: term.field.map { Array($0.utf8) },
            fuzzyScalars: term.kind == .fuzzy && term.needle.contains { $0 >= 0x80 }))
      }
    }
    self.terms = terms
    groupCount = query.groups.count
    hasNegation = terms.contains { $0.term.negated }
    found = Array(repeating: false, count: terms.count)
    groupsHeld = Array(repeating: false, count: groupCount)
    exactEverywhere =
      !hasNegation && !terms.contains { $0.field != nil }
      && query.groups.allSatisfy { $0.allSatisfy { $0.kind == .exact && !$0.needle.isEmpty } }
    answeredByScans = terms.allSatisfy { term in
      term.field == nil && !term.needle.isEmpty
        && (term.term.kind == .exact || (term.term.kind == .fuzzy && !term.fuzzyScalars))
    }
  }

  /// Whether the item whose compact text is `text[start..<end]` matches.
  mutating func matches(text all: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
    if terms.isEmpty { return true }
    let text = UnsafeBufferPointer(rebasing: all[start..<end])
    if answeredByScans { return matchesByScans(text) }
    // The scan: every group needs a term its bytes could hold.
    var g = 0
    var t = 0
    while g < groupCount {
      var possible = false
      while t < terms.count, terms[t].group == g {
        if !possible {
          let term = terms[t]
          if term.term.negated || term.needle.isEmpty {
            possible = true
          } else if term.term.kind == .fuzzy {
            possible = Self.subsequence(term.needle, in: text)
          } else {
            possible = Self.find(term.needle, in: text) != nil
          }
        }
        t += 1
      }
      if !possible { return false }
      g += 1
    }
    if exactEverywhere { return true }
    // The walk, value by value.
    for i in found.indices { found[i] = false }
    for i in groupsHeld.indices { groupsHeld[i] = false }
    heldCount = 0
    guard let base = text.baseAddress else { return finalAnswer() }
    var p = 0
    let n = text.count
    while p < n {
      // At a header: 0xFF, then the path's digits.
      p += 1
      var number = 0
      var scale = 1
      while p < n, text[p] >= 0xF5, text[p] != 0xFF {
        number += Int(text[p] - 0xF5) * scale
        scale *= 10
        p += 1
      }
      let valueEnd: Int
      if p < n, let next = memchr(base + p, 0xFF, n - p) {
        valueEnd = UnsafeRawPointer(next) - UnsafeRawPointer(base)
      } else {
        valueEnd = n
      }
      check(UnsafeBufferPointer(rebasing: text[p..<valueEnd]), path: number)
      if !hasNegation, heldCount == groupCount { return true }
      p = valueEnd
    }
    return finalAnswer()
  }

  /// The answer when every term is ``answeredByScans``: each group holds when
  /// one of its terms is found (or, negated, is not), every term found by one
  /// scan of the whole text.
  private func matchesByScans(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var t = 0
    for g in 0..<groupCount {
      var holds = false
      while t < terms.count, terms[t].group == g {
        if !holds {
          let found =
            terms[t].term.kind == .exact
            ? Self.find(terms[t].needle, in: text) != nil
            : terms[t].needle.withUnsafeBufferPointer { Self.subsequenceInOneValue($0, in: text) }
          holds = found != terms[t].term.negated
        }
        t += 1
      }
      if !holds { return false }
    }
    return true
  }

  private func finalAnswer() -> Bool {
    var holds = Array(repeating: false, count: groupCount)
    for (t, term) in terms.enumerated() where found[t] != term.term.negated { holds[term.group] = true }
    return !holds.contains(false)
  }

  /// Tries every unanswered term on one value.
  private mutating func check(_ value: UnsafeBufferPointer<UInt8>, path: Int) {
    for t in terms.indices where !found[t] {
      if terms[t].field != nil, !looks(t, in: path) { continue }
      if holds(t, value) {
        found[t] = true
        let g = terms[t].group
        if !terms[t].term.negated, !groupsHeld[g] {
          groupsHeld[g] = true
          heldCount += 1
        }
      }
    }
  }

  /// Whether term `t` (which has a field) looks in path `number`, as the matcher decides.
  private mutating func looks(_ t: Int, in number: Int) -> Bool {
    if number < terms[t].looksIn.count, terms[t].looksIn[number] != 0 { return terms[t].looksIn[number] == 1 }
    let path = paths.path(number)
    let field = terms[t].field!
    let yes =
      path.count >= field.count && path.starts(with: field)
      && (path.count == field.count || path[field.count] == UInt8(ascii: "."))
    if number >= terms[t].looksIn.count { terms[t].looksIn += Array(repeating: 0, count: number + 1 - terms[t].looksIn.count) }
    terms[t].looksIn[number] = yes ? 1 : 2
    return yes
  }

  /// Whether term `t`'s needle (negation aside) is in `value`.
  private mutating func holds(_ t: Int, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
    let needle = terms[t].needle
    let n = needle.count
    let kind = terms[t].term.kind
    if n == 0 { return kind != .equal || value.isEmpty }
    guard n <= value.count else { return false }
    switch kind {
    case .fuzzy:
      return terms[t].fuzzyScalars ? fuzzyOnScalars(t, value) : Self.subsequence(needle, in: value)
    case .exact:
      return Self.find(needle, in: value) != nil
    case .prefix:
      return needle.withUnsafeBufferPointer { memcmp(value.baseAddress!, $0.baseAddress!, n) == 0 }
    case .suffix:
      return needle.withUnsafeBufferPointer { memcmp(value.baseAddress! + (value.count - n), $0.baseAddress!, n) == 0 }
    case .equal:
      return value.count == n && needle.withUnsafeBufferPointer { memcmp(value.baseAddress!, $0.baseAddress!, n) == 0 }
    }
  }

  /// A fuzzy needle above ASCII, tried on the value's scalars.
  private mutating func fuzzyOnScalars(_ t: Int, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
    scalars.removeAll(keepingCapacity: true)
    for scalar in String(decoding: value, as: UTF8.self).unicodeScalars { scalars.append(scalar.value) }
    return scalars.withUnsafeBufferPointer { terms[t].term.matches($0) }
  }

  // MARK: Scans

  /// Where `needle` first is in `hay`: its first byte found with `memchr`,
  /// the rest compared with `memcmp`.
  static func find(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = hay.baseAddress, needle.count <= hay.count else { return needle.isEmpty ? 0 : nil }
    return needle.withUnsafeBufferPointer { n in
      let count = n.count
      let first = Int32(n[0])
      let last = hay.count - count
      var p = 0
      while p <= last, let hit = memchr(base + p, first, last - p + 1) {
        p = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        if count == 1 || memcmp(base + p + 1, n.baseAddress! + 1, count - 1) == 0 { return p }
        p += 1
      }
      return nil
    }
  }

  /// Whether `needle`'s bytes (ASCII) are in order within one value of the
  /// compact text `hay`, whose values each follow a `0xFF` header.
  ///
  /// Each needle byte is found with `memchr` over the rest of the text: one
  /// found past the value's end sends the search to the next value with the
  /// needle's first byte (the earliest first byte of a value leaves the most
  /// room after it), one not found at all ends it. So a value without the
  /// first byte costs nothing, where a walk value by value costs a call each.
  ///
  /// ```swift
  /// // "\u{FF}\u{F6}wo" and "\u{FF}\u{F7}ol": "wool" is in neither value
  /// SearchTextMatcher.subsequenceInOneValue(needle, in: text)   // false
  /// ```
  static func subsequenceInOneValue(_ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = hay.baseAddress, let first = needle.first else { return needle.isEmpty }
    let n = hay.count
    var p = 0
    while p < n, let hit = memchr(base + p, Int32(first), n - p) {
      let valueStart = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
      let valueEnd = valueStart < n ? memchr(base + valueStart, 0xFF, n - valueStart).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? n : n
      var q = valueStart
      var k = 1
      while k < needle.count {
        guard q < n, let next = memchr(base + q, Int32(needle[k]), n - q) else { return false }
        q = UnsafeRawPointer(next) - UnsafeRawPointer(base)
        if q >= valueEnd { break }
        q += 1
        k += 1
      }
      if k == needle.count { return true }
      p = valueEnd
    }
    return false
  }

  /// Whether `needle`'s bytes are in `hay` in order, each found with `memchr`.
  static func subsequence(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = hay.baseAddress else { return needle.isEmpty }
    var p = 0
    for byte in needle {
      guard p < hay.count, let hit = memchr(base + p, Int32(byte), hay.count - p) else { return false }
      p = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
    }
    return true
  }
}
