/// A reference reading of a command as `/bin/sh` reads it, for `FuzzBind`: the
/// command's skeleton, every character the shell acts on (blanks, operators,
/// `$`, unquoted text) kept as it is and every run of literal text (quoted or
/// escaped) as one `L`.
///
/// Two expansions of one command template, one with harmless values and one with
/// the fuzzer's, have the same skeleton exactly when no value ended its quoting:
/// a value that did shows up as unquoted characters, or moves a quote. It reads
/// scalars, as the shell reads bytes (a quote followed by a combining mark is
/// still a quote). Here-documents are not read: ``skeleton`` records where the
/// first `<<` stands (`hereDocument`), and the target checks no value comes
/// after it.
///
/// ```swift
/// ShellSkeleton("printf '%s' 'a'\\''b' > out").tokens   // ["p","r","i","n","t","f"," ","L"," ","L"," ",">"," ","o","u","t"]
/// ```
struct ShellSkeleton {
  var tokens: [String] = []
  /// Whether the text is not a complete command (an unclosed quote or bracket).
  var unclosed = false
  /// The scalar offset of the first unquoted `<<`, if any.
  var hereDocument: Int?

  private let s: [Unicode.Scalar]
  private var i = 0
  /// Offsets into `s` of the text being read, for `hereDocument` (nested bodies
  /// are copies, so only the outermost reading records it).
  private var outermost: Bool

  init(_ text: String) {
    self.init(scalars: Array(text.unicodeScalars), outermost: true)
  }

  private init(scalars: [Unicode.Scalar], outermost: Bool) {
    s = scalars
    self.outermost = outermost
    readWords(until: nil)
    if i < s.count { unclosed = true }
  }

  private mutating func literal() {
    if tokens.last != "L" { tokens.append("L") }
  }

  private mutating func emit(_ text: String) { tokens.append(text) }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < s.count ? s[i + offset] : nil }

  private static let operators: Set<Unicode.Scalar> = [";", "&", "|", "<", ">", "(", ")", "\n"]

  /// Words up to `end` (a `)` or `}` closing what opened them), at depth 0.
  private mutating func readWords(until end: Unicode.Scalar?) {
    var depth = 0
    var atWordStart = true
    while let c = peek() {
      if let end, c == end, depth == 0 {
        return
      }
      let startsWord = atWordStart
      atWordStart = c == " " || c == "\t" || Self.operators.contains(c)
      switch c {
      case "\\":
        i += 1
        if let n = peek() {
          i += 1
          if n != "\n" { literal() }
        }
      case "'":
        i += 1
        literal()
        while let d = peek(), d != "'" { i += 1 }
        if peek() == nil { unclosed = true; return }
        i += 1
      case "\"":
        i += 1
        literal()
        readDoubleQuoted()
        if unclosed { return }
      case "`":
        i += 1
        readBackquotes(inDoubleQuotes: false)
        if unclosed { return }
      case "$":
        i += 1
        readDollar()
        if unclosed { return }
      case "#" where startsWord:
        while let d = peek(), d != "\n" { i += 1 }
        emit("#")
      case "<" where peek(1) == "<":
        if outermost, hereDocument == nil { hereDocument = i }
        i += 2
        emit("<<")
      case "(":
        i += 1
        depth += 1
        emit("(")
      case ")" where depth > 0 || end == ")":
        i += 1
        depth -= 1
        emit(")")
      case " ", "\t":
        i += 1
        if tokens.last != " " { emit(" ") }
      default:
        i += 1
        emit(String(c))
      }
    }
    if end != nil { unclosed = true }
  }

  private mutating func readDoubleQuoted() {
    while let c = peek() {
      switch c {
      case "\"":
        i += 1
        return
      case "\\":
        i += 1
        if let n = peek(), n == "$" || n == "`" || n == "\"" || n == "\\" || n == "\n" { i += 1 }
        literal()
      case "`":
        i += 1
        readBackquotes(inDoubleQuotes: true)
        if unclosed { return }
        literal()
      case "$":
        i += 1
        readDollar()
        if unclosed { return }
        literal()
      default:
        i += 1
        literal()
      }
    }
    unclosed = true
  }

  /// After a `$`: `$(…)`, `${…}`, a name or a special parameter, or a plain `$`.
  private mutating func readDollar() {
    guard let c = peek() else {
      emit("$")
      return
    }
    if c == "(" {
      i += 1
      emit("$(")
      readWords(until: ")")
      if unclosed { return }
      i += 1
      emit(")")
    } else if c == "{" {
      i += 1
      emit("${")
      readWords(until: "}")
      if unclosed { return }
      i += 1
      emit("}")
    } else if c.properties.isAlphabetic || c == "_" || ("0"..."9").contains(c) || "@*#?-$!".unicodeScalars.contains(c) {
      emit("$" + String(c))
      i += 1
    } else {
      emit("$")
    }
  }

  /// A backquoted body: read to the closing backquote with `\\`, `` \` ``,
  /// `\$` (and `\"` between double quotes) unescaped, then read as a command.
  private mutating func readBackquotes(inDoubleQuotes: Bool) {
    var body: [Unicode.Scalar] = []
    while let c = peek() {
      i += 1
      if c == "`" {
        let inner = ShellSkeleton(scalars: body, outermost: false)
        // A body that is no complete command is the substitution's error, not
        // the command's: marked, so both readings must agree on it.
        if inner.unclosed { emit("`!") }
        if inner.hereDocument != nil { emit("`<<") }
        emit("`(")
        tokens += inner.tokens
        emit(")`")
        return
      }
      if c == "\\", let n = peek(), n == "\\" || n == "`" || n == "$" || (inDoubleQuotes && n == "\"") {
        body.append(n)
        i += 1
      } else {
        body.append(c)
      }
    }
    unclosed = true
  }
}
