// libFuzzer target: the search's translation to SQL (SQLFilter, SQLDialect) for
// PostgreSQL and SQLite, over columns of every kind.
//
// Input: a dialect byte, a first parameter number, up to four columns (a kind
// byte and a name byte each), then the search text up to the first 0xFF, then
// text the LIKE patterns are tried on (one per 0xFE).
// Invariants: what the user typed never reaches the SQL text: the statement is
// the same when every needle (and every JSON key after `field.`) is replaced by
// a harmless one; the placeholders are exactly firstParameter… of the
// parameters, each used; every term's LIKE pattern, matched by a reference
// LIKE (`%`, `_`, `\` escapes, ASCII case folded), agrees with the in-memory
// matcher on ASCII text.

@testable import WaterfallApp

/// The scalars the LIKE check's text is made of: where LIKE's specials and case meet.
let alphabet = Array("aAbB%_\\ x.".unicodeScalars)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchSQL(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let dialect: SQLDialect = input.bool() ? .postgres : .sqlite
  let first = input.int(in: 1...5)
  let names = ["title", "shop", "meta", "price", "Title", "n"]
  let kinds: [SQLColumn.Kind] = [.text, .number, .json, .boolean, .binary, .other]
  var columns: [SQLColumn] = []
  for _ in 0..<input.int(in: 1...4) {
    let name = input.choose(names)
    columns.append(SQLColumn(name: name, expression: "\"\(name)\"", kind: input.choose(kinds)))
  }
  let all = input.remainingBytes()
  let cut = all.firstIndex(of: 0xFF) ?? all.count
  let text = String(decoding: all[..<cut], as: UTF8.self)
  let hays = (cut < all.count ? all[(cut + 1)...] : []).split(separator: 0xFE, omittingEmptySubsequences: false).prefix(4).map {
    String(String.UnicodeScalarView($0.map { alphabet[Int($0) % alphabet.count] }))
  }

  let query = SearchQuery(text, exactByDefault: input.bool())
  let filter = SQLFilter(query, columns: columns, dialect: dialect, firstParameter: first)
  checkParameters(filter.fragment, dialect: dialect, first: first, text: text)

  // The same statement with every needle and key harmless.
  let harmless = SearchQuery(groups: query.groups.map { group in
    group.map { term in
      var term = term
      term.needle = term.needle.isEmpty ? [] : [0x78]
      if let field = term.field, let dot = field.firstIndex(of: ".") {
        let keys = field[field.index(after: dot)...].split(separator: ".", omittingEmptySubsequences: false)
        term.field = String(field[..<dot]) + "." + keys.map { _ in "k" }.joined(separator: ".")
      }
      return term
    }
  })
  let plain = SQLFilter(harmless, columns: columns, dialect: dialect, firstParameter: first)
  require(
    plain.fragment.sql == filter.fragment.sql,
    "\(text.debugDescription): the SQL depends on what was typed:\n\(filter.fragment.sql)\nagainst\n\(plain.fragment.sql)")

  for term in query.groups.joined() where term.needle.allSatisfy({ $0 < 0x80 }) {
    let pattern = Array(SQLFilter.pattern(term).unicodeScalars)
    for hay in hays {
      let liked = like(pattern, Array(hay.unicodeScalars))
      require(liked != nil, "the pattern \(String(String.UnicodeScalarView(pattern)).debugDescription) ends in a lone escape")
      let matched = term.matches(FoldedText(hay))
      require(
        liked == matched,
        "\(text.debugDescription): LIKE \(String(String.UnicodeScalarView(pattern)).debugDescription) on \(hay.debugDescription) says \(liked!), the matcher \(matched)")
    }
  }
  return 0
}

/// The statement's placeholders are exactly `first…` of its parameters.
func checkParameters(_ fragment: SQLFragment, dialect: SQLDialect, first: Int, text: String) {
  let sql = Array(fragment.sql.unicodeScalars)
  let sign: Unicode.Scalar = dialect.kind == .postgres ? "$" : "?"
  var used: Set<Int> = []
  var i = 0
  while i < sql.count {
    if sql[i] == "'" {
      // A literal of the translation's own ('strict $.**', '{}').
      i += 1
      while i < sql.count, sql[i] != "'" { i += 1 }
    } else if sql[i] == sign {
      var j = i + 1
      var number = 0
      while j < sql.count, let digit = Int(String(sql[j])), ("0"..."9").contains(sql[j]) {
        number = number * 10 + digit
        j += 1
      }
      require(j > i + 1, "\(text.debugDescription): a \(sign) with no number in \(fragment.sql)")
      used.insert(number)
      i = j
      continue
    }
    i += 1
  }
  let expected = Set(fragment.parameters.indices.map { first + $0 })
  require(used == expected, "\(text.debugDescription): placeholders \(used.sorted()) for \(fragment.parameters.count) parameters from \(first) in \(fragment.sql)")
  for parameter in fragment.parameters {
    guard case .text = parameter else {
      require(false, "\(text.debugDescription): a search parameter that is not text: \(parameter)")
      return
    }
  }
}

/// Whether `pattern` (SQL LIKE with `\` escaping) matches all of `text`, ASCII
/// case ignored; nil for a pattern ending in a lone `\`.
func like(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool? {
  enum Piece: Equatable { case any, one, scalar(UInt32) }
  var pieces: [Piece] = []
  var i = 0
  while i < pattern.count {
    let c = pattern[i]
    if c == "\\" {
      guard i + 1 < pattern.count else { return nil }
      pieces.append(.scalar(fold(pattern[i + 1])))
      i += 2
      continue
    }
    pieces.append(c == "%" ? .any : c == "_" ? .one : .scalar(fold(c)))
    i += 1
  }
  let hay = text.map(fold)
  // reach[j]: the pieces so far match hay[..<j].
  var reach = [Bool](repeating: false, count: hay.count + 1)
  reach[0] = true
  for piece in pieces {
    var next = [Bool](repeating: false, count: hay.count + 1)
    switch piece {
    case .any:
      var on = false
      for j in 0...hay.count {
        on = on || reach[j]
        next[j] = on
      }
    case .one:
      for j in 0..<hay.count where reach[j] { next[j + 1] = true }
    case .scalar(let value):
      for j in 0..<hay.count where reach[j] && hay[j] == value { next[j + 1] = true }
    }
    reach = next
  }
  return reach[hay.count]
}

private func fold(_ c: Unicode.Scalar) -> UInt32 {
  c.value >= 0x41 && c.value <= 0x5A ? c.value | 0x20 : c.value
}
