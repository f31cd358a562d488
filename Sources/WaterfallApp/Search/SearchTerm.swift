/// One term of a search query: what text to find, how, and in which field.
///
/// Terms are written as in fzf: `mug` (fuzzy: its letters in order, anywhere),
/// `'mug` (exact: the letters together), `^mug` (at the start of a value), `mug$`
/// (at its end), `^mug$` (the whole value), `!mug` (no value holds it), plus
/// `field:term` to look in one field only. Matching ignores case.
///
/// ```swift
/// let term = SearchTerm(parsing: "shop:^clay", exactByDefault: false)
/// term.field                          // "shop"
/// term.match(FoldedText("Clay Co"))   // [0, 1, 2, 3]
/// ```
public struct SearchTerm: Sendable, Equatable {
  public enum Kind: Sendable, Equatable, CaseIterable {
    /// The needle's scalars in order, not necessarily together.
    case fuzzy
    /// The needle as it is, anywhere.
    case exact
    /// The needle at the start of a value.
    case prefix
    /// The needle at the end of a value.
    case suffix
    /// The whole value.
    case equal
  }

  public var kind: Kind
  /// True for `!term`: the item matches when no value matches the rest.
  public var negated: Bool
  /// The field to look in (`field:`), lower-cased; nil: every field.
  public var field: String?
  /// The text to find, folded to lower case.
  public var needle: [UInt32]

  public init(kind: Kind, negated: Bool = false, field: String? = nil, needle: String) {
    self.kind = kind
    self.negated = negated
    self.field = field?.lowercased()
    self.needle = FoldedText(needle).scalars
  }

  /// Reads one term as fzf does; with `exactByDefault` (`--exact`) a bare term is
  /// exact and `'term` fuzzy. A lone `!`, `'`, `^` or `$` is looked for as it is.
  public init(parsing text: String, exactByDefault: Bool) {
    var rest = Substring(text)
    negated = false
    if rest.count > 1, rest.hasPrefix("!") {
      negated = true
      rest = rest.dropFirst()
    }
    field = nil
    if let (name, after) = Self.quotedField(rest) {
      field = name.lowercased()
      rest = after
    } else if let colon = rest.firstIndex(of: ":"), colon != rest.startIndex, rest.index(after: colon) != rest.endIndex,
      Self.isFieldName(rest[..<colon])
    {
      field = rest[..<colon].lowercased()
      rest = rest[rest.index(after: colon)...]
    }
    // `!` terms are exact, as in fzf: `!fire` means "no value holds fire".
    var kind: Kind = exactByDefault || negated ? .exact : .fuzzy
    if rest.count > 1, rest.hasPrefix("'") {
      kind = exactByDefault && !negated ? .fuzzy : .exact
      rest = rest.dropFirst()
    } else {
      if rest == "^$" {
        // The whole value, empty: `field:^$`.
        self.kind = .equal
        needle = []
        return
      }
      let starts = rest.count > 1 && rest.hasPrefix("^")
      if starts { rest = rest.dropFirst() }
      let ends = rest.count > 1 && rest.hasSuffix("$") && !rest.hasSuffix("\\$")
      if ends { rest = rest.dropLast() }
      if starts { kind = ends ? .equal : .prefix } else if ends { kind = .suffix }
    }
    self.kind = kind
    needle = FoldedText(String(rest)).scalars
  }

  /// A field named in double quotes at the start of `text`, and what follows
  /// its colon: `"%MEM":^0.1$` names `%MEM`, for the names a bare field
  /// cannot have (``isFieldName(_:)``). Nil when `text` does not start so.
  static func quotedField(_ text: Substring) -> (name: Substring, rest: Substring)? {
    guard text.hasPrefix("\""), let end = text.dropFirst().firstRange(of: "\":"), end.lowerBound != text.index(after: text.startIndex),
      end.upperBound != text.endIndex
    else { return nil }
    return (text[text.index(after: text.startIndex)..<end.lowerBound], text[end.upperBound...])
  }

  /// The term that finds the items whose field `field` is `value`, as typed
  /// after `/`: `section:^libs$`, spaces escaped (`name:^Hello\ World$`), a
  /// field no bare name can be in double quotes (`"%MEM":^0.1$`), an empty
  /// value as `field:^$`. Nil when the search language cannot say it: a name
  /// holding `"` or a space, a value holding a backslash before a space or at its end.
  ///
  /// ```swift
  /// SearchTerm.equality(field: "section", value: "libs")   // "section:^libs$"
  /// ```
  public static func equality(field: String, value: String) -> String? {
    guard !field.isEmpty, !field.contains("\""), !field.contains(" "), !field.contains(":"),
      !value.contains("\\ "), !value.hasSuffix("\\"), !value.contains(where: \.isNewline)
    else { return nil }
    let name = isFieldName(Substring(field)) ? field : "\"" + field + "\""
    guard !value.isEmpty else { return name + ":^$" }
    return name + ":^" + value.replacing(" ", with: "\\ ") + "$"
  }

  /// A field name: a letter or `_`, then letters, digits, `_`, `-` or `.`.
  static func isFieldName(_ name: Substring) -> Bool {
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
    return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
  }

  /// The term as it would be typed (`!shop:^clay`), given how bare terms read.
  public func written(exactByDefault: Bool) -> String {
    var text = negated ? "!" : ""
    if let field { text += (Self.isFieldName(Substring(field)) ? field : "\"" + field + "\"") + ":" }
    let needleText = String(String.UnicodeScalarView(needle.compactMap(Unicode.Scalar.init)))
    if kind == .equal, needle.isEmpty { return text + "^$" }
    switch kind {
    case .fuzzy: text += exactByDefault ? "'" + needleText : needleText
    case .exact: text += exactByDefault || negated ? needleText : "'" + needleText
    case .prefix: text += "^" + needleText
    case .suffix: text += needleText + "$"
    case .equal: text += "^" + needleText + "$"
    }
    return text
  }

  /// Whether the term looks in a field with path `path` (`tags`, `size.w`): every
  /// field without `field:`, else the field named or one inside it.
  public func applies(to path: String) -> Bool {
    guard let field else { return true }
    guard path.utf8.count >= field.utf8.count else { return false }
    let lower = path.lowercased()
    return lower == field || lower.hasPrefix(field + ".")
  }

  /// Where the needle is in `text` (folded positions, ascending), or nil when it
  /// is not there. Negation is not applied here: this is the positive test.
  ///
  /// A fuzzy needle takes the first place its last scalar can end, then the
  /// latest start before it (the tightest such span, as fzf's first algorithm).
  public func match(_ text: FoldedText) -> [Int]? {
    let hay = text.scalars
    let n = needle.count
    // `^$` holds for the empty value only; any other empty needle, anywhere.
    if n == 0 { return kind == .equal && !hay.isEmpty ? nil : [] }
    guard n <= hay.count else { return nil }
    switch kind {
    case .fuzzy:
      var j = 0
      var end = -1
      for (i, scalar) in hay.enumerated() where scalar == needle[j] {
        j += 1
        if j == n {
          end = i
          break
        }
      }
      guard end >= 0 else { return nil }
      var positions = [Int](repeating: 0, count: n)
      j = n - 1
      var i = end
      while j >= 0 {
        if hay[i] == needle[j] {
          positions[j] = i
          j -= 1
        }
        i -= 1
      }
      return positions
    case .exact:
      guard let start = Self.find(needle, in: hay) else { return nil }
      return Array(start..<(start + n))
    case .prefix:
      return hay.starts(with: needle) ? Array(0..<n) : nil
    case .suffix:
      return hay[(hay.count - n)...].elementsEqual(needle) ? Array((hay.count - n)..<hay.count) : nil
    case .equal:
      return hay == needle ? Array(0..<n) : nil
    }
  }

  /// Whether the needle is in `text`, without making positions.
  public func matches(_ text: FoldedText) -> Bool {
    text.scalars.withUnsafeBufferPointer { matches($0) }
  }

  /// Whether the needle is in the folded scalars `hay`.
  public func matches(_ hay: UnsafeBufferPointer<UInt32>) -> Bool {
    let n = needle.count
    if n == 0 { return kind != .equal || hay.isEmpty }
    guard n <= hay.count else { return false }
    switch kind {
    case .fuzzy:
      var j = 0
      let first = needle[0]
      for scalar in hay where scalar == (j == 0 ? first : needle[j]) {
        j += 1
        if j == n { return true }
      }
      return false
    case .exact:
      return Self.find(needle, in: hay) != nil
    case .prefix:
      for k in 0..<n where hay[k] != needle[k] { return false }
      return true
    case .suffix:
      let start = hay.count - n
      for k in 0..<n where hay[start + k] != needle[k] { return false }
      return true
    case .equal:
      guard hay.count == n else { return false }
      for k in 0..<n where hay[k] != needle[k] { return false }
      return true
    }
  }

  /// The first place `needle` occurs in `hay`.
  static func find<Hay: RandomAccessCollection<UInt32>>(_ needle: [UInt32], in hay: Hay) -> Int? where Hay.Index == Int {
    let n = needle.count
    guard n <= hay.count else { return nil }
    if n == 0 { return 0 }
    let first = needle[0]
    var i = 0
    while i <= hay.count - n {
      if hay[i] == first {
        var k = 1
        while k < n, hay[i + k] == needle[k] { k += 1 }
        if k == n { return i }
      }
      i += 1
    }
    return nil
  }
}
