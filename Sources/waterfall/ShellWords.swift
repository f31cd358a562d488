/// Text split into words as `/bin/sh` splits a command line, without running
/// anything: blanks and line breaks part words; `'…'` keeps everything as it
/// is; `"…"` too, but for `\"`, `\\`, `` \` ``, `\$` and a backslash before a
/// line break; a backslash outside quotes keeps the next character; `#` at the
/// start of a word begins a comment to the end of the line. `$` and globs are
/// not expanded: the words are options, not commands.
///
/// ```swift
/// try ShellWords.split(#"--columns 2 --header 'two words' # a comment"#)
/// // ["--columns", "2", "--header", "two words"]
/// ```
enum ShellWords {
  struct Unclosed: Error, CustomStringConvertible {
    var quote: Unicode.Scalar
    var description: String { "an unclosed \(quote)" }
  }

  /// Reads `text` by Unicode scalars, as the shell reads bytes: a quote
  /// followed by a combining mark is still a quote.
  static func split(_ text: String) throws(Unclosed) -> [String] {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var inWord = false
    var iterator = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    func next() -> Unicode.Scalar? {
      if let c = pending {
        pending = nil
        return c
      }
      return iterator.next()
    }
    while let c = next() {
      switch c {
      case " ", "\t", "\n", "\r":
        if inWord { words.append(String(word)) }
        word = String.UnicodeScalarView()
        inWord = false
      case "#" where !inWord:
        while let d = next(), d != "\n" {}
      case "\\":
        inWord = true
        guard let d = next() else { break }
        if d != "\n" { word.append(d) }
      case "'":
        inWord = true
        while true {
          guard let d = next() else { throw Unclosed(quote: "'") }
          if d == "'" { break }
          word.append(d)
        }
      case "\"":
        inWord = true
        while true {
          guard let d = next() else { throw Unclosed(quote: "\"") }
          if d == "\"" { break }
          if d == "\\", let e = next() {
            switch e {
            case "\"", "\\", "`", "$": word.append(e)
            case "\n": break
            default:
              word.append(d)
              pending = e
            }
            continue
          }
          word.append(d)
        }
      default:
        inWord = true
        word.append(c)
      }
    }
    if inWord { words.append(String(word)) }
    return words
  }
}
