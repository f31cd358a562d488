import Foundation
import TestSupport
import Testing

@testable import WaterfallApp

/// What `FuzzBind` found (Fuzz/Seeds/FuzzBind/finding-*): bound commands whose
/// placeholders the template quoted for the wrong place, so that an item's value
/// could end its quoting and run a command.
@Suite struct BindFuzzFindingsTests {
  /// Commands a value could break out of: refused when `--bind` is read.
  static let refused = [
    // A `#` comment ends at a line break, and a value's line break is not quoted there.
    "vim {path} # {title}",
    "echo {path}; #{title}",
    "echo $(# {title}\n)",
    // A comment that swallows the closing `)` and `"`: the shell sees $( unclosed.
    "ecm `cat {path}` \"$(#x})\"",
    // A here-document's body is not unquoted: `'$(touch x)'` in it runs touch.
    "cat <<EOF\n{title}\nEOF",
    // The shell ends a backquoted body at its first backquote, quotes or not:
    // `'` there left the rest unquoted where the template thought it quoted.
    "echo `'`'{title}`",
    "echo `'`'\"{title}\"",
    // A backslash in a body the shell unescapes before reading: `\\'` there is a
    // quoted quote, here it opened one.
    "echo `echo \\\\' '{title}`",
    // `\`` in quotes inside backquotes is escaped for the shell's search for the
    // body's end: the body never ends (it ended there before).
    "echo `x' \\` \"{title}\"",
    // A comment between backquotes ends at the body's backquote: here the later
    // backquote opens a body that never ends.
    "vi`m {path} # x` y\nz`",
    // A quote opened between backquotes and open at their end: POSIX leaves
    // how it reads undefined, and the reference reader read the rest unclosed.
    "echo `cat \"x` {path} \"y\"",
    "become(ec{ho `cat {path}` \"$(echo `x \"y` z)\")",
    // A comment between backquotes does not end at an escaped backquote: the
    // shell's search for the body's end skips it, and the body goes on.
    "echo `# \\`\n{title} ``",
    // A nested pair (`\``…`\``) open at an unescaped backquote: the shell ends the
    // outermost body there, where the template ended the nested pair and read on
    // inside the outer body, one body behind the shell from then on. dash refuses
    // such a command whole ("EOF in backquote substitution"); bash runs the next
    // backquotes as a body, with the value in it.
    "echo `x \\`y`` {+title} `\\`y``",
    "{``8\u{FFFD}```````cuc\\`####``\u{FFFD}\u{FFFD}`\u{01}\u{01}```m {pap}>>>>>>",
    "vim {000xe:xecute:vim y{path} im {p`thpa){pa\u{FFFD}th} i``````````pa){path\\```h",
  ]

  @Test(arguments: refused) func aPlaceholderTheShellWouldNotQuoteIsRefused(_ command: String) {
    #expect(throws: BindError.self, "\(command.debugDescription)") { try CommandTemplate(parsing: command) }
  }

  /// bash, which is /bin/sh on Fedora and macOS, runs a backquoted body that
  /// leaves a nested pair open and reads on: `` `x \`y` `` ended, for the
  /// template, only the nested pair, so it took the next backquote for the
  /// outer body's end and `{+title}` for a place among words, where bash runs it
  /// as the command of a body. Refused now; were it expanded, bash would run
  /// `touch MARK` from the values.
  @Test func aNestedPairOpenAtTheBodysEndIsRefused() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mark = folder.appendingPathComponent("MARK").path
    let template = try? CommandTemplate(parsing: "echo `x \\`y`` {+title} `\\`y``")
    #expect(template == nil, "accepted")
    guard let template, FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let line = template.expand { _ in ["touch", mark] }
    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = ["-c", line]
    bash.standardOutput = FileHandle.nullDevice
    bash.standardError = FileHandle.nullDevice
    try bash.run()
    bash.waitUntilExit()
    #expect(!FileManager.default.fileExists(atPath: mark), "bash ran a command: \(line)")
  }

  /// A nested pair closed inside the body reads as the shell reads it: the
  /// word goes on after the outer body's end, and a value there stays text.
  /// Run through the real /bin/sh.
  @Test func aClosedNestedPairEndsWithItsBody() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mark = folder.appendingPathComponent("MARK").path
    let out = folder.appendingPathComponent("OUT").path
    let template = try CommandTemplate(parsing: "printf '%s' `echo \\`echo a\\``{title} > \(out)")
    let line = template.expand { _ in ["$(touch \(mark))"] }
    #expect(ShellCommand.run(line, on: .none) == 0, "\(line)")
    #expect(!FileManager.default.fileExists(atPath: mark), "ran a command: \(line)")
    #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "a$(touch \(mark))")
  }

  /// With no placeholder, a command is the user's own to get right: sh says.
  @Test func aQuoteOpenAtABackquotesEndWithNoPlaceholderIsTheUsersOwn() throws {
    _ = try CommandTemplate(parsing: "echo `cat \"x` \"y\"")
  }

  /// `#` inside a word, and `<<` quoted, are no comment and no here-document.
  @Test func aHashInAWordAndAQuotedLessLessAreKept() throws {
    let template = try CommandTemplate(parsing: "echo a#{title} '<<' \"#{path}\"")
    #expect(template.expand { _ in ["v"] } == "echo a#'v' '<<' \"#\"'v'\"\"")
  }

  /// A quote followed by a combining mark is a quote to the shell (it reads
  /// bytes): the placeholder after it is inside single quotes, and a value that
  /// would run a command stays text. Run through the real /bin/sh.
  @Test func aQuoteFollowedByACombiningMarkIsStillAQuote() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mark = folder.appendingPathComponent("MARK").path
    let out = folder.appendingPathComponent("OUT").path
    // Read by Characters, `'́` was no quote: {title} stood among words, and its
    // quotes closed the shell's.
    let template = try CommandTemplate(parsing: "printf '%s' '\u{301} {title} '\u{301} > \(out)")
    let line = template.expand { _ in ["$(touch \(mark))"] }
    #expect(ShellCommand.run(line, on: .none) == 0, "\(line)")
    #expect(!FileManager.default.fileExists(atPath: mark), "ran a command: \(line)")
    #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "\u{301} $(touch \(mark)) \u{301}")
  }

  /// A value's backquote followed by a combining mark is escaped between
  /// backquotes too: read by Characters, `` `ٗ `` was no backquote, stayed
  /// unescaped, and ended the body, so the value's next backquotes ran a
  /// command. Run through the real /bin/sh.
  @Test func aBackquoteFollowedByACombiningMarkIsEscapedInBackquotes() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mark = folder.appendingPathComponent("MARK").path
    let out = folder.appendingPathComponent("OUT").path
    let template = try CommandTemplate(parsing: "printf '%s' `printf '%s' {title}` > \(out)")
    let value = "a`\u{657}touch \(mark)`\u{657}b"
    let line = template.expand { _ in [value] }
    _ = ShellCommand.run(line, on: .none)
    #expect(!FileManager.default.fileExists(atPath: mark), "ran a command: \(line)")
    // The substitution is unquoted: split at the space, printed back to back.
    #expect((try? String(contentsOfFile: out, encoding: .utf8)) == value.replacingOccurrences(of: " ", with: ""))
  }

  /// A `#` right after a substitution's end (`` `…`# ``, `$(…)#`) is in the
  /// same word, no comment: the template read it as one, so a `'` after it was
  /// "in a comment" while the shell opened a quote with it, and the value on the
  /// next line stood outside any quote and ran. Run through the real /bin/sh.
  @Test(arguments: ["printf '%s' `echo x`#'\n{title} #' > OUT", "printf '%s' $(echo x)#'\n{title} #' > OUT"])
  func aHashAfterASubstitutionIsNoComment(_ command: String) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mark = folder.appendingPathComponent("MARK").path
    let out = folder.appendingPathComponent("OUT").path
    let template = try CommandTemplate(parsing: command.replacingOccurrences(of: "OUT", with: out))
    let line = template.expand { _ in ["$(touch \(mark))"] }
    #expect(ShellCommand.run(line, on: .none) == 0, "\(line)")
    #expect(!FileManager.default.fileExists(atPath: mark), "ran a command: \(line)")
    #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "x#\n$(touch \(mark)) #")
  }
}
