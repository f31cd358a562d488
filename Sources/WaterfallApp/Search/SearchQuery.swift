#if canImport(Glibc)
  import Glibc
#endif

/// A search as typed after `/`, in fzf's language: space-separated terms that
/// must all match, `a | b` for either, and ``SearchTerm``'s forms for each term.
///
/// A value type: parsing and matching touch nothing else, so workers share it.
/// An item matches when each group has a term that holds: a positive term holds
/// when some value (of its field, with `field:`) matches it, a `!` term when none
/// does. Use `\ ` for a space inside a term.
///
/// ```swift
/// let query = SearchQuery("mug shop:^clay !chipped | 'new")
/// query.matches(SearchFields([("title", "Blue mug"), ("shop", "Clay Co")]))   // true
/// ```
public struct SearchQuery: Sendable, Equatable {
  /// Groups that must all hold; the terms of a group are alternatives.
  public var groups: [[SearchTerm]]

  /// Parses `text`; `exactByDefault` (`--exact`) makes bare terms exact.
  public init(_ text: String, exactByDefault: Bool = false) {
    groups = []
    var joinNext = false
    for token in Self.tokens(of: text) {
      if token == "|" {
        joinNext = !groups.isEmpty
        continue
      }
      let term = SearchTerm(parsing: token, exactByDefault: exactByDefault)
      if joinNext {
        groups[groups.count - 1].append(term)
      } else {
        groups.append([term])
      }
      joinNext = false
    }
  }

  public init(groups: [[SearchTerm]]) {
    self.groups = groups
  }

  /// Whether the query has no term: it matches everything.
  public var isEmpty: Bool { groups.isEmpty }

  /// `text` split at spaces not escaped with a backslash.
  static func tokens(of text: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    var escaped = false
    for character in text {
      if escaped {
        if character != " " { current.append("\\") }
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == " " {
        if !current.isEmpty { tokens.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaped { current.append("\\") }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  // MARK: Matching

  /// Whether the query matches an item with these values.
  public func matches(_ fields: SearchFields) -> Bool {
    groups.allSatisfy { group in group.contains { holds($0, in: fields) } }
  }

  private func holds(_ term: SearchTerm, in fields: SearchFields) -> Bool {
    let found = fields.values.contains { term.applies(to: $0.path) && term.matches($0.text) }
    return found != term.negated
  }

  /// Where the query matched, or nil when it does not match: for each group, the
  /// first alternative that holds, and for a positive one, the first value it
  /// matched.
  public func match(_ fields: SearchFields) -> SearchMatch? {
    var result = SearchMatch()
    for group in groups {
      var held = false
      for term in group {
        if term.negated {
          if holds(term, in: fields) {
            held = true
            break
          }
          continue
        }
        for (index, value) in fields.values.enumerated() where term.applies(to: value.path) {
          if let positions = term.match(value.text) {
            result.add(value.text.units(of: positions), toValue: index)
            held = true
            break
          }
        }
        if held { break }
      }
      if !held { return nil }
    }
    return result
  }

  /// The units of `text` to highlight on a card: wherever a positive term that
  /// looks in one of `fields` (every term without `field:`) matches it.
  ///
  /// ```swift
  /// SearchQuery("mg").highlights(in: FoldedText("Mug"), fields: ["title"])   // [0, 2]
  /// ```
  public func highlights(in text: FoldedText, fields: [String]) -> [Int] {
    var found = Set<Int>()
    for group in groups {
      for term in group where !term.negated && !term.needle.isEmpty {
        guard term.field == nil || fields.contains(where: term.applies(to:)) else { continue }
        if let positions = term.match(text) { found.formUnion(text.units(of: positions)) }
      }
    }
    return found.sorted()
  }

  // MARK: Shortcuts

  /// Whether every item this query matches, `older` matches too, so a search can
  /// look only within `older`'s matches: the same groups, each kept or its single
  /// fuzzy, exact or prefix term grown at the end, and perhaps more groups.
  ///
  /// ```swift
  /// SearchQuery("mug").narrows(SearchQuery("mu"))    // true
  /// SearchQuery("!mug").narrows(SearchQuery("!mu"))  // false: it matches more
  /// ```
  public func narrows(_ older: SearchQuery) -> Bool {
    guard groups.count >= older.groups.count else { return false }
    for (new, old) in zip(groups, older.groups) where new != old {
      guard new.count == 1, old.count == 1 else { return false }
      let n = new[0]
      let o = old[0]
      guard !n.negated, !o.negated, n.field == o.field, n.kind == o.kind, n.kind != .suffix, n.kind != .equal,
        n.needle.starts(with: o.needle)
      else { return false }
    }
    return true
  }

  /// Whether an item whose JSON text is `raw` may match: false only when some
  /// group cannot hold anywhere in the text, which is then not parsed at all.
  ///
  /// Every value's text appears in `raw` as it is, unless `raw` has escapes
  /// (then the answer is true); a byte of a multi-byte character stands for `i`
  /// and `k`, the only ASCII letters a scalar above ASCII lowers to (`İ` and the
  /// Kelvin sign), so text in other scripts rules out an ASCII term at once.
  public func mayMatch(raw: UnsafeBufferPointer<UInt8>) -> Bool {
    // An escape may hide any letter: such an item is walked (memchr: this scan
    // touches every byte of every item a pass reads in its JSON).
    if let base = raw.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), raw.count) != nil { return true }
    for group in groups {
      var possible = false
      for term in group {
        if term.negated || term.needle.contains(where: { $0 >= 0x80 }) || term.needle.isEmpty {
          possible = true
        } else if term.kind == .fuzzy {
          possible = Self.rawSubsequence(term.needle, raw)
        } else {
          possible = Self.rawContains(term.needle, raw)
        }
        if possible { break }
      }
      if !possible { return false }
    }
    return true
  }

  @inline(__always) private static func rawEquals(_ byte: UInt8, _ scalar: UInt32) -> Bool {
    if byte >= 0x80 { return scalar == 0x69 || scalar == 0x6B }
    return UInt32(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == scalar
  }

  static func rawSubsequence(_ needle: [UInt32], _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    var j = 0
    for byte in raw where rawEquals(byte, needle[j]) {
      j += 1
      if j == needle.count { return true }
    }
    return false
  }

  static func rawContains(_ needle: [UInt32], _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = needle.count
    guard n <= raw.count else { return false }
    var i = 0
    while i <= raw.count - n {
      if rawEquals(raw[i], needle[0]) {
        var k = 1
        while k < n, rawEquals(raw[i + k], needle[k]) { k += 1 }
        if k == n { return true }
      }
      i += 1
    }
    return false
  }
}
