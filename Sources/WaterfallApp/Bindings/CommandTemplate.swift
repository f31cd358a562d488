/// A bound command (`execute(less {path})`) with its placeholders found, each
/// to be replaced by its values quoted for the shell where it stands.
///
/// The command is read as `/bin/sh` will read it, so each placeholder's quoting
/// fits its place: bare, a value is one single-quoted word; inside the
/// command's own double or single quotes (`"{title}"`, `'{title}'`), those
/// quotes are closed around it and opened again; between backquotes, the
/// escaping the shell undoes there is added. Whatever a value holds (`$(…)`,
/// backquotes, `'; rm -rf ~; '`, a newline), it reaches the command as
/// literal text and is never run. Placeholders inside `${…}`, nested
/// backquotes or a `#` comment (which a line break in a value would end), or
/// after a here-document's `<<` (whose body the shell does not unquote), or
/// between backquotes that also hold a backslash (the shell unescapes the body
/// before it reads it), and quotes the command leaves open, are refused when
/// `--bind` is read. A backquote ends a backquoted body whatever quotes or
/// nested pairs (`\``…`\``) are open inside it, as the shell finds the end
/// first; with a placeholder, one left open there is refused. The
/// command is read by Unicode scalars, as the shell reads bytes.
///
/// ```swift
/// let template = try CommandTemplate(parsing: "printf '%s\\n' {title} > out")
/// template.expand { _ in ["$(touch x)"] }   // printf '%s\n' '$(touch x)' > out
/// ```
public struct CommandTemplate: Hashable, Sendable {
  /// Where a placeholder stands in the shell's reading of the command.
  struct Quoting: Hashable, Sendable {
    enum Context: Hashable, Sendable {
      /// Among a command's words (also inside `$(…)`).
      case words
      case singleQuoted
      case doubleQuoted
    }
    var context: Context
    /// Between backquotes.
    var inBackquotes: Bool
  }

  enum Part: Hashable, Sendable {
    case text(String)
    case placeholder(CommandPlaceholder, Quoting)
  }

  /// The command as written.
  public let source: String
  let parts: [Part]

  /// Reads `source`, or throws a ``BindError`` saying what keeps it from being
  /// quoted safely.
  public init(parsing source: String) throws(BindError) {
    self.source = source
    parts = try Self.parts(of: source)
  }

  /// The placeholders, in order.
  public var placeholders: [CommandPlaceholder] {
    parts.compactMap { if case .placeholder(let p, _) = $0 { p } else { nil } }
  }

  /// Whether the command needs an item (it has a placeholder other than `{q}`).
  public var needsItem: Bool { placeholders.contains(where: \.needsItem) }

  /// The command with every placeholder replaced by its values (`values`
  /// gives them: one for the selected item, one per item for `{+…}`), each
  /// quoted for its place.
  public func expand(_ values: (CommandPlaceholder) -> [String]) -> String {
    var out = ""
    for part in parts {
      switch part {
      case .text(let text): out += text
      case .placeholder(let placeholder, let quoting):
        let words = values(placeholder).map(ShellQuoting.quoted).joined(separator: " ")
        var piece: String
        switch quoting.context {
        case .words: piece = words.isEmpty ? "''" : words
        case .doubleQuoted: piece = "\"" + words + "\""
        case .singleQuoted: piece = "'" + words + "'"
        }
        if quoting.inBackquotes { piece = ShellQuoting.escapedForBackquotes(piece) }
        out += piece
      }
    }
    return out
  }

  // MARK: Reading the command as the shell will

  /// What the shell is reading: `parenthesis` is a subshell's `(…)`, after
  /// which a word starts; `substitution` is `$(…)`, after which the word goes on
  /// (so a `#` there is no comment, as after a closing backquote).
  private enum Level {
    case words, singleQuoted, doubleQuoted, backquotes, parenthesis, substitution, braces
  }

  private static func parts(of source: String) throws(BindError) -> [Part] {
    // Scalars, as the shell reads bytes: a quote followed by a combining mark is
    // still a quote (as Characters, the two would be one).
    let characters = Array(source.unicodeScalars)
    var parts: [Part] = []
    var text = ""
    var stack: [Level] = [.words]
    var i = 0
    // Whether the next scalar starts a word (where `#` starts a comment).
    var atWordStart = true
    // Whether an unquoted `<<` came: a here-document's body is not quoted as
    // its command is, so no placeholder may follow.
    var hereDocument = false
    func next(_ offset: Int = 1) -> Unicode.Scalar? { i + offset < characters.count ? characters[i + offset] : nil }
    // Within backquotes: whether the body holds a backslash, and a placeholder.
    // The shell unescapes a body before reading it, which this reading does not
    // follow: the two together are refused.
    var bodyBackslash = false
    var bodyPlaceholder = false
    // Whether a quote, or a nested pair of backquotes, opened between backquotes
    // was still open at their end.
    var quoteCutByBackquote = false
    var nestedCutByBackquote = false
    func checkBody() throws(BindError) {
      if bodyBackslash && bodyPlaceholder {
        throw BindError("a placeholder between backquotes that hold a backslash in '\(source)': use $(…)")
      }
    }
    while i < characters.count {
      let c = characters[i]
      let level = stack.last ?? .words
      let startsWord = atWordStart
      atWordStart = false
      if stack.contains(.backquotes) {
        if c == "\\" {
          bodyBackslash = true
          try checkBody()
          if level != .backquotes {
            // The shell finds the body's end before reading it: there a
            // backslash escapes the next scalar whatever quotes are open (so
            // `\`` inside quotes does not end the body).
            text.unicodeScalars.append(c)
            if let n = next() { text.unicodeScalars.append(n) }
            i += 2
            continue
          }
        }
        if c == "`", let outermost = stack.firstIndex(of: .backquotes) {
          // The shell ends a backquoted body at its first unescaped backquote,
          // whatever quotes or nested pairs (`\``…`\``) it has opened inside (it
          // finds the end first): the outermost body ends here.
          // A quote left open there is read as each shell likes (POSIX:
          // "undefined results"); a nested pair left open is a syntax error to
          // dash, while bash runs the body and reads on: with a placeholder,
          // both are refused below.
          let inside = stack[(outermost + 1)...]
          if inside.contains(where: { $0 == .singleQuoted || $0 == .doubleQuoted }) { quoteCutByBackquote = true }
          if inside.contains(.backquotes) { nestedCutByBackquote = true }
          stack.removeSubrange(outermost...)
          text.unicodeScalars.append(c)
          i += 1
          continue
        }
      } else {
        bodyBackslash = false
        bodyPlaceholder = false
      }
      if c == "{" {
        if next() == "{" {
          text.unicodeScalars.append("{")
          i += 2
          continue
        }
        let preceded = i > 0 && characters[i - 1] == "$"
        if !preceded, let close = characters[(i + 1)...].firstIndex(of: "}"),
          let placeholder = CommandPlaceholder(parsing: String(String.UnicodeScalarView(characters[(i + 1)..<close])))
        {
          let backquotes = stack.filter { $0 == .backquotes }.count
          if backquotes > 1 { throw BindError("a placeholder inside nested backquotes in '\(source)': use $(…)") }
          if stack.contains(.braces) { throw BindError("a placeholder inside ${…} in '\(source)'") }
          if hereDocument { throw BindError("a placeholder after a here-document's << in '\(source)'") }
          if backquotes > 0 {
            bodyPlaceholder = true
            try checkBody()
          }
          let context: Quoting.Context =
            switch level {
            case .singleQuoted: .singleQuoted
            case .doubleQuoted: .doubleQuoted
            default: .words
            }
          if !text.isEmpty { parts.append(.text(text)) }
          text = ""
          parts.append(.placeholder(placeholder, Quoting(context: context, inBackquotes: backquotes > 0)))
          i = close + 1
          continue
        }
      }
      text.unicodeScalars.append(c)
      i += 1
      switch level {
      case .singleQuoted:
        if c == "'" { stack.removeLast() }
      case .doubleQuoted:
        switch c {
        case "\\":
          if let n = next(0) { text.unicodeScalars.append(n); i += 1 }
        case "\"": stack.removeLast()
        case "`": stack.append(.backquotes); atWordStart = true
        case "$" where next(0) == "(": text.unicodeScalars.append("("); i += 1; stack.append(.substitution); atWordStart = true
        case "$" where next(0) == "{": text.unicodeScalars.append("{"); i += 1; stack.append(.braces)
        default: break
        }
      case .words, .backquotes, .parenthesis, .substitution, .braces:
        switch c {
        case "#" where startsWord && level != .braces:
          // A comment, to the end of the line: the shell reads none of it, so a
          // value there (with a line break) would become a command.
          // Between backquotes it also ends at the body's backquote, which the
          // shell finds before it reads the comment.
          let inBody = stack.contains(.backquotes)
          while let n = next(0), n != "\n", !(inBody && n == "`") {
            // The shell's search for the body's end skips an escaped scalar
            // (`\``, in a comment too): a backslash in a body, as below.
            if inBody, n == "\\", let escaped = next(1), escaped == "`" || escaped == "\\" || escaped == "$" {
              bodyBackslash = true
              try checkBody()
              text.unicodeScalars.append(n)
              text.unicodeScalars.append(escaped)
              i += 2
              continue
            }
            if n == "{", let close = characters[(i + 1)...].firstIndex(of: "}"),
              CommandPlaceholder(parsing: String(String.UnicodeScalarView(characters[(i + 1)..<close]))) != nil
            {
              throw BindError("a placeholder inside a # comment in '\(source)'")
            }
            text.unicodeScalars.append(n)
            i += 1
          }
        case "\\" where level == .backquotes && next(0) == "`":
          // An escaped backquote between backquotes opens (or closes) a nested pair.
          text.unicodeScalars.append("`")
          i += 1
          if stack.filter({ $0 == .backquotes }).count > 1 { stack.removeLast() } else { stack.append(.backquotes) }
          atWordStart = true
        case "\\":
          if let n = next(0) { text.unicodeScalars.append(n); i += 1 }
        case "'": stack.append(.singleQuoted)
        case "\"": stack.append(.doubleQuoted)
        case "`":
          // Opens a body (every unescaped backquote in one ended it, above).
          stack.append(.backquotes)
          atWordStart = true
        case "$" where next(0) == "(": text.unicodeScalars.append("("); i += 1; stack.append(.substitution); atWordStart = true
        case "$" where next(0) == "{": text.unicodeScalars.append("{"); i += 1; stack.append(.braces)
        case "<" where next(0) == "<" && level != .braces:
          hereDocument = true
          atWordStart = true
        case "(":
          stack.append(.parenthesis)
          atWordStart = true
        case ")" where level == .parenthesis:
          stack.removeLast()
          atWordStart = true
        case ")" where level == .substitution:
          stack.removeLast()
        case "}" where level == .braces: stack.removeLast()
        case " ", "\t", "\n", ";", "&", "|", "<", ">", ")": atWordStart = true
        default: break
        }
      }
    }
    if !text.isEmpty { parts.append(.text(text)) }
    let hasPlaceholder = parts.contains(where: { if case .placeholder = $0 { true } else { false } })
    if quoteCutByBackquote, hasPlaceholder {
      throw BindError("a quote left open at the end of backquotes in '\(source)': close it inside them, or use $(…)")
    }
    if nestedCutByBackquote, hasPlaceholder {
      throw BindError("nested backquotes (\\`) left open at the end of backquotes in '\(source)': close them with \\`, or use $(…)")
    }
    switch stack.last ?? .words {
    case .words: break
    case .singleQuoted: throw BindError("an unclosed ' in '\(source)'")
    case .doubleQuoted: throw BindError("an unclosed \" in '\(source)'")
    case .backquotes: throw BindError("an unclosed ` in '\(source)'")
    case .parenthesis, .substitution: throw BindError("an unclosed ( in '\(source)'")
    case .braces: throw BindError("an unclosed ${ in '\(source)'")
    }
    return parts
  }
}
