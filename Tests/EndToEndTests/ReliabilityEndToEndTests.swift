import Foundation
import Testing
import TestSupport

/// The real binary against faults (issue 15), a table each: usage errors and
/// numeric ranges exit 2; pages that are not regular files are refused in every
/// command; terminals that cannot show a screen and a terminal on standard input
/// are refused; `--print` never claims to have written what it did not; a crash
/// gives the terminal back and says so in one line, at once.
@Suite(.serialized) struct ReliabilityEndToEndTests {
  struct Usage: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let usages: [Usage] = [
    Usage(arguments: ["--columns", "99", "Data/shops"], message: "--columns must be between 1 and 12"),
    Usage(arguments: ["--min-card-width", "9223372036854775807", "Data/shops"], message: "--min-card-width must be between 4 and 500"),
    Usage(arguments: ["render", "--min-card-width=-9223372036854775808", "Data/shops"], message: "--min-card-width must be between 4 and 500"),
    Usage(arguments: ["render", "--min-card-width", "99999999999999999999", "Data/shops"], message: "min-card-width"),
    Usage(arguments: ["--column-spacing", "21", "Data/shops"], message: "--column-spacing must be between 0 and 20"),
    Usage(arguments: ["layout", "--row-spacing=-1", "--width", "80", "Data/shops"], message: "--row-spacing must be between 0 and 20"),
    Usage(arguments: ["render", "--width", "0", "Data/shops"], message: "--width and --height must be between 1 and 10000"),
    Usage(arguments: ["render", "--scroll=-5", "Data/shops"], message: "--scroll must be between 0 and 1000000000"),
    Usage(arguments: ["render", "--select", "9223372036854775807", "Data/shops"], message: "--select must be between 0 and 1000000000"),
    Usage(arguments: ["layout", "--width", "100001", "Data/shops"], message: "--width must be between 1 and 100000"),
    Usage(arguments: ["--insets", "1,2,3", "Data/shops"], message: "--insets"),
    Usage(arguments: ["--bogus", "Data/shops"], message: "Unknown option '--bogus'"),
    Usage(arguments: ["render", "--layout", "spiral", "Data/shops"], message: "spiral"),
    // A negative number after its option is the option's value, told against its range (issue 30).
    Usage(arguments: ["render", "--min-card-width", "-5", "Data/shops"], message: "--min-card-width must be between 4 and 500"),
    Usage(arguments: ["--min-card-width", "-5", "Data/shops"], message: "--min-card-width must be between 4 and 500"),
    Usage(arguments: ["--columns", "-3", "Data/shops"], message: "--columns must be between 1 and 12"),
    Usage(arguments: ["render", "--column-spacing", "-1", "Data/shops"], message: "--column-spacing must be between 0 and 20"),
    Usage(arguments: ["layout", "--row-spacing", "-1", "--width", "80", "Data/shops"], message: "--row-spacing must be between 0 and 20"),
    Usage(arguments: ["layout", "--width", "-80", "Data/shops"], message: "--width must be between 1 and 100000"),
    Usage(arguments: ["layout", "--width", "80", "--height", "-2", "Data/shops"], message: "--height must be between 2 and 100000"),
    Usage(arguments: ["render", "--height", "-1", "Data/shops"], message: "--width and --height must be between 1 and 10000"),
    Usage(arguments: ["render", "--scroll", "-5", "Data/shops"], message: "--scroll must be between 0 and 1000000000"),
    Usage(arguments: ["render", "--select", "-1", "Data/shops"], message: "--select must be between 0 and 1000000000"),
    Usage(arguments: ["render", "--insets", "-1", "Data/shops"], message: "--insets '-1': give four numbers 0-100"),
    Usage(arguments: ["--memory-limit", "-5M", "Data/shops"], message: "--memory-limit takes a size such as 512M"),
  ]

  @Test(arguments: usages)
  func usageErrorsExit2(_ usage: Usage) throws {
    let run = try Tmux.waterfall(usage.arguments)
    #expect(run.status == 2, "\(run.err)")
    #expect(run.err.hasPrefix("waterfall: "), "\(run.err)")
    #expect(run.err.contains(usage.message), "\(run.err)")
    #expect(run.out.isEmpty)
  }

  /// `z` pressed many times at the widest card width allowed, in every layout.
  @Test func zPressedManyTimesNeverTraps() throws {
    let keys = Array(repeating: "z", count: 40).joined(separator: " ")
    for layout in ["waterfall", "grid", "list", "line", "circle", "mosaic"] {
      let run = try Tmux.waterfall(["render", "Data/shops", "--min-card-width", "500", "--layout", layout, "--keys", keys + " L z z"])
      #expect(run.status == 0, "\(layout): \(run.err)")
    }
  }

  /// Every command on a FIFO, and on a folder one of whose pages is a FIFO, ends
  /// at once (the run's timeout would fail the test) with the page named.
  @Test(arguments: [["render"], ["layout", "--width", "80"], ["render", "--all-pages"], ["layout", "--width", "80", "--all-pages"], []])
  func fifoPagesAreRefusedNotWaitedOn(_ command: [String]) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("alone.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let single = try Tmux.waterfall(command + [fifo])
    #expect(single.status == 2)
    #expect(single.err.contains("not a regular file (a FIFO)"), "\(single.err)")

    let pages = folder.appendingPathComponent("pages")
    try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Tmux.root.appendingPathComponent("Data/shops/1.json").path, toPath: pages.appendingPathComponent("1.json").path)
    #expect(mkfifo(pages.appendingPathComponent("2.json").path, 0o600) == 0)
    guard command.contains("--all-pages") else { return }
    let folderRun = try Tmux.waterfall(command + [pages.path])
    #expect(folderRun.status == 2)
    #expect(folderRun.err.contains("2.json: not a regular file (a FIFO)"), "\(folderRun.err)")
    #expect(!folderRun.out.isEmpty, "the first page's items are kept")
  }

  /// What the browser refuses before it opens a screen, in a real terminal.
  struct Refusal: Sendable, CustomTestStringConvertible {
    var name: String
    var command: String
    var message: String
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(name: "TERM=dumb", command: "TERM=dumb waterfall Data/shops", message: "cannot move the cursor"),
    Refusal(name: "a printing terminal", command: "TERM=vt52-basic waterfall Data/shops 2>/dev/null || TERM=dumb waterfall Data/shops", message: "cannot move the cursor"),
    Refusal(name: "- with a terminal on stdin", command: "waterfall -", message: "waterfall: standard input is a terminal; give a file or pipe data in"),
    Refusal(name: "a FIFO page", command: "mkfifo /tmp/wf-fifo-$$.json; waterfall /tmp/wf-fifo-$$.json; s=$?; rm -f /tmp/wf-fifo-$$.json; (exit $s)", message: "not a regular file (a FIFO)"),
  ]

  @Test(arguments: refusals)
  func refusedBeforeTheScreenOpens(_ refusal: Refusal) throws {
    let tmux = try Tmux(refusal.command, width: 100, height: 20, name: "refusal\(refusal.name)")
    let exit = try tmux.waitForExit()
    #expect(exit.status == 2)
    #expect(exit.stty == "icanon echo")
    let screen = try tmux.capture().joined()
    #expect(screen.contains(refusal.message), "\(screen)")
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  /// `--print` with a file changed under it, or standard output that cannot take
  /// the item: a message and status 2, never a silent 0.
  @Test(arguments: [("changed", "the file changed since it was read"), ("full", "No space left on device"), ("closed pipe", "Broken pipe")])
  func printNeverClaimsWhatItDidNotWrite(_ test: (String, String)) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("items.jsonl")
    try Data(#"{"title":"alpha","text":"one"}"#.utf8 + [0x0A]).write(to: file)
    let quoted = Tmux.shellQuote(file.path)
    let command: String
    switch test.0 {
    case "full": command = "waterfall --print \(quoted) > /dev/full"
    // SIGPIPE ignored (inherited), the reader gone: the write fails with EPIPE.
    case "closed pipe": command = "trap '' PIPE; { waterfall --print \(quoted); echo W=$? >&2; } | true"
    default: command = "waterfall --print \(quoted) > /dev/null"
    }
    let tmux = try Tmux(command, width: 100, height: 20, name: "print\(test.0.filter(\.isLetter))")
    _ = try tmux.waitFor(text: "alpha")
    if test.0 == "changed" {
      try Data(#"{"title":"ALPHA","text":"one"}"#.utf8 + [0x0A]).write(to: file)
    }
    try tmux.send("Enter")
    let exit = try tmux.waitForExit()
    let screen = try tmux.capture().joined()
    #expect(screen.contains(test.1), "\(screen)")
    if test.0 == "closed pipe" { #expect(screen.contains("W=2"), "\(screen)") } else { #expect(exit.status == 2) }
    #expect(exit.stty == "icanon echo")
  }

  /// A crash gives the terminal back, says so in one line and ends at once with
  /// 128 + the signal: no backtracer waiting for a key.
  @Test(arguments: [SIGILL, SIGABRT, SIGTRAP, SIGFPE, SIGBUS])
  func aCrashRestoresTheTerminalAndEndsAtOnce(_ signal: Int32) throws {
    let tmux = try Tmux("ulimit -c 0; waterfall Data/notes.jsonl", width: 100, height: 20, name: "crash\(signal)")
    _ = try tmux.waitFor("the cards") { ($0.last { !$0.isEmpty } ?? "").hasPrefix(" 1/") }
    Foundation.kill(try tmux.programPID(), signal)
    let exit = try tmux.waitForExit(timeout: 5)
    #expect(exit.status == 128 + Int(signal))
    #expect(exit.stty == "icanon echo")
    #expect(try tmux.display("#{alternate_on}") == "0")
    let lines = try tmux.capture().filter { $0.contains("waterfall: crashed") }
    #expect(lines.count == 1, "\(lines)")
  }
}
