/// A search query (fzf's syntax, ``SearchQuery``) as an SQL condition over a
/// table's columns, every value typed by the user a parameter.
///
/// Each term becomes a case-insensitive `LIKE` over every column the in-memory
/// search would look in (``SQLDialect/searches(_:_:path:)``):
///
/// | term       | pattern      |
/// |------------|--------------|
/// | `teak`     | `%t%e%a%k%`  |
/// | `'teak`    | `%teak%`     |
/// | `^teak`    | `teak%`      |
/// | `teak$`    | `%teak`      |
/// | `^teak$`   | `teak`       |
///
/// `%`, `_` and `\` typed are escaped with `\`. A term holds when some column
/// matches (`COALESCE(a OR b, FALSE)`, so a NULL is no match); `!term` is
/// `NOT` of that; `a | b` joins terms with `OR`; groups are joined with `AND`.
/// `field:term` looks in the columns named `field` (case ignored) or in one
/// named `field.x`; `meta.color:` looks under the key `color` of the JSON
/// column `meta` (PostgreSQL). A field no column has matches nothing (and its
/// `!` everything), as in memory.
///
/// Where the SQL and the in-memory matcher (``ItemMatcher``) differ:
/// - Case: the in-memory search folds with Unicode's lower-case mapping.
///   PostgreSQL's `ILIKE` folds by the database's `LC_CTYPE` (all of Unicode
///   under a UTF-8 locale, ASCII only under `C`); SQLite's `LIKE` folds ASCII
///   only, so `é` does not find `É` there. A letter whose lower case is two
///   scalars (`İ`) is matched by neither the same way.
/// - Ranking: the SQL only filters. Fuzzy matches come in the order asked for
///   (``SQLOrder``), not by how tightly they match; the in-memory search does
///   not rank either, so the sets agree.
/// - JSON (PostgreSQL): strings and numbers are compared as `jsonb` gives
///   them (`1e2` is `100`); a `json` column with a key written twice is seen
///   once. A key after `field.` is found case ignored, but a key that itself
///   holds a dot is not, and only one level of arrays is passed through on
///   the way to it.
/// - What only the loader adds: a picture's reference (`pg-bytea:…`) and its
///   size, and the text shown for a BLOB or `bytea` (`<PNG picture, …>`), are
///   searched in memory and not in SQL.
/// - Numbers: PostgreSQL searches a number's text as it prints it (`12.50`
///   for a `numeric(4,2)`), which is what the loader shows. SQLite's text of a
///   REAL can differ from the loader's (`1.0e+20` against `1e+20`), so a term
///   can match one and not the other on such values.
/// - Columns whose names differ only in case are all searched by `field:`, as
///   in memory; a query whose result repeats a column name cannot be searched
///   by the server (the name is ambiguous there).
///
/// ```swift
/// let filter = SQLFilter(SearchQuery("mug !shop:clay"), columns: columns, dialect: .postgres)
/// filter.fragment.sql   // "COALESCE(\"title\" ILIKE $1 OR \"shop\" ILIKE $1, FALSE) AND NOT COALESCE(\"shop\" ILIKE $2, FALSE)"
/// ```
public struct SQLFilter: Sendable, Equatable {
  /// The condition (`TRUE` for an empty query) and its parameters.
  public var fragment: SQLFragment

  public init(_ query: SearchQuery, columns: [SQLColumn], dialect: SQLDialect, firstParameter: Int = 1) {
    var parameters: [SQLValue] = []
    func parameter(_ value: SQLValue) -> String {
      parameters.append(value)
      return dialect.parameter(firstParameter + parameters.count - 1)
    }
    var groups: [String] = []
    for group in query.groups {
      let terms = group.map { term -> String in
        // The columns the term looks in, each whole or under a JSON path.
        var targets: [(column: SQLColumn, keys: [String]?)] = []
        for column in columns {
          let name = column.name.lowercased()
          if let field = term.field, name != field, !name.hasPrefix(field + ".") {
            guard dialect.looksIntoJSON, column.kind == .json, field.hasPrefix(name + ".") else { continue }
            let keys = field.dropFirst(name.count + 1).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            targets.append((column, keys))
          } else if dialect.searches(column, "") != nil {
            targets.append((column, nil))
          }
        }
        // A parameter only where the statement uses it: the server refuses more.
        let pattern = targets.isEmpty ? "" : parameter(.text(Self.pattern(term)))
        let tests = targets.compactMap { target in
          dialect.searches(target.column, pattern, path: target.keys.map { parameter(.text(Self.jsonPath($0))) })
        }
        let holds = tests.isEmpty ? "FALSE" : "COALESCE(" + tests.joined(separator: " OR ") + ", FALSE)"
        return term.negated ? "NOT " + holds : holds
      }
      groups.append(terms.count == 1 ? terms[0] : "(" + terms.joined(separator: " OR ") + ")")
    }
    fragment = SQLFragment(groups.isEmpty ? "TRUE" : groups.joined(separator: " AND "), parameters: parameters)
  }

  /// The `LIKE` pattern of a term, its needle escaped.
  ///
  /// ```swift
  /// SQLFilter.pattern(SearchTerm(parsing: "te_k", exactByDefault: false))   // "%t%e%\\_%k%"
  /// ```
  public static func pattern(_ term: SearchTerm) -> String {
    let parts = term.needle.map { value -> String in
      let scalar = Unicode.Scalar(value).map(String.init) ?? ""
      return scalar == "%" || scalar == "_" || scalar == "\\" ? "\\" + scalar : scalar
    }
    let needle = parts.joined()
    switch term.kind {
    case .fuzzy: return "%" + parts.map { $0 + "%" }.joined()
    case .exact: return "%" + needle + "%"
    case .prefix: return needle + "%"
    case .suffix: return "%" + needle
    case .equal: return needle
    }
  }

  /// A PostgreSQL JSON path to every value under `keys` (each found with its
  /// case ignored), through one level of arrays at each step, as the in-memory
  /// search's paths skip arrays.
  ///
  /// ```swift
  /// SQLFilter.jsonPath(["color"])
  /// // lax $[*] ? (@.type() == "object").keyvalue() ? (@.key like_regex "^color$" flag "i").value.**
  /// ```
  public static func jsonPath(_ keys: [String]) -> String {
    var path = "lax $"
    for key in keys {
      var pattern = "^"
      for scalar in key.unicodeScalars {
        let isWord = scalar.value >= 0x80 || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        pattern += (isWord ? "" : "\\") + String(scalar)
      }
      pattern += "$"
      let literal = pattern.replacingOccurrences("\\", with: "\\\\").replacingOccurrences("\"", with: "\\\"")
      path += "[*] ? (@.type() == \"object\").keyvalue() ? (@.key like_regex \"\(literal)\" flag \"i\").value"
    }
    return path + ".**"
  }
}
