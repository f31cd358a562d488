#if canImport(Glibc)
  import Glibc
#endif

/// A program the scale benchmark measures in a pseudo-terminal: `waterfall`, or
/// `less -S` and `fzf` for context. It says how to start the program on a file,
/// how to tell that the first screen is up and that everything is loaded, and
/// which keys make the steps whose bytes are counted.
struct ScaleSubject {
  /// What a step's bytes stand for in the figures.
  enum Role {
    /// Should move the content by one row; the first that does is the one-row figure.
    case oneRow
    case page
    case redraw
    /// Counted and shown, judged by no aim.
    case context
  }

  /// One key (or mouse event) whose answer is counted.
  struct Step {
    var key: String
    var label: String
    var role: Role
    /// The bytes to send; the screen tells the modes the program has set.
    var keys: (ScreenModel) -> [UInt8]
  }

  /// A stable name for `--json` keys: `waterfall`, `less`, `fzf`.
  var key: String
  /// The name in the table: `waterfall`, `less -S`, `fzf`.
  var name: String
  var program: String
  var arguments: (String) -> [String]
  /// Whether the file is given on standard input (fzf) rather than as an argument.
  var readsStandardInput = false
  /// Whether every line of the file is an entry to it (fzf), rather than every item:
  /// then ``loaded`` is given the file's line count.
  var countsLines = false
  var environment: [String] = []
  /// Whether the first screen is drawn.
  var firstScreen: (ScreenModel) -> Bool
  /// Keys that go to the last item, sent again and again until ``loaded`` holds;
  /// `nil` when loading needs no keys (fzf counts what it has read).
  var endKeys: [UInt8]?
  /// Whether every one of `count` items is loaded and the last one reached.
  var loaded: (ScreenModel, Int) -> Bool
  /// Keys that go back to the first item.
  var homeKeys: [UInt8]
  var steps: [Step]
  /// The keys pressed one by one to time key-to-screen, in turn.
  var presses: [(count: Int, keys: (ScreenModel) -> [UInt8])]
  var quitKeys: [UInt8]
  /// Whether the program writes `WATERFALL_TRACE` frame times.
  var traced = false

  /// The browser itself, from `binary`.
  static func waterfall(binary: String) -> ScaleSubject {
    let wheel: (ScreenModel) -> [UInt8] = {
      TerminalKeys.wheelDown(column: $0.width / 2, row: $0.height / 2, sgr: $0.privateModes.contains(1006))
    }
    return ScaleSubject(
      key: "waterfall", name: "waterfall", program: binary, arguments: { [$0] },
      firstScreen: { screen in
        screen.contains(anyOf: ["┌", "┏", "╭", "╔"]) && screen.contains(anyOf: ["└", "┗", "╰", "╚"])
      },
      endKeys: TerminalKeys.text("G"),
      loaded: { screen, count in
        guard let position = StatusPosition(parsing: screen.line(screen.height - 1)) else { return false }
        return position.total == count && position.isAtEnd
      },
      homeKeys: TerminalKeys.text("g"),
      steps: [
        Step(key: "ctrlE", label: "Ctrl-E (one-row scroll, if bound)", role: .oneRow) { _ in TerminalKeys.controlE },
        Step(key: "wheel", label: "wheel notch", role: .oneRow, keys: wheel),
        Step(key: "down", label: "j (selection to the card below)", role: .context) { _ in TerminalKeys.text("j") },
        Step(key: "page", label: "PgDn (a page)", role: .page) { _ in TerminalKeys.pageDown },
        Step(key: "redraw", label: "Ctrl-L (full redraw)", role: .redraw) { _ in TerminalKeys.controlL },
      ],
      presses: [(300, { _ in TerminalKeys.text("j") }), (100, { _ in TerminalKeys.pageDown }), (100, wheel)],
      quitKeys: TerminalKeys.text("q"), traced: true)
  }

  /// `less -S`, for context; `nil` when it is not installed.
  static func less() -> ScaleSubject? {
    guard let program = findExecutable("less") else { return nil }
    return ScaleSubject(
      key: "less", name: "less -S", program: program, arguments: { ["-S", $0] },
      environment: ["LESSHISTFILE=-"],
      firstScreen: { $0.contains("{\"id\":1,") },
      endKeys: TerminalKeys.text("G"),
      loaded: { screen, count in screen.contains("{\"id\":\(count),") },
      homeKeys: TerminalKeys.text("g"),
      steps: [
        Step(key: "oneRow", label: "j (one line)", role: .oneRow) { _ in TerminalKeys.text("j") },
        Step(key: "page", label: "PgDn (a page)", role: .page) { _ in TerminalKeys.pageDown },
        Step(key: "redraw", label: "Ctrl-L (full redraw)", role: .redraw) { _ in TerminalKeys.controlL },
      ],
      presses: [(100, { _ in TerminalKeys.text("j") }), (50, { _ in TerminalKeys.pageDown })],
      quitKeys: TerminalKeys.text("q"))
  }

  /// `fzf` reading the file on standard input, for context; `nil` when it is not
  /// installed. Its list grows upwards from the prompt, so Up and PgUp go on
  /// through the items. Every line is an entry, whatever the file's format; its
  /// first screen is its counter's first entries (`3000/3000`, of any file).
  static func fzf() -> ScaleSubject? {
    guard let program = findExecutable("fzf") else { return nil }
    let up: (ScreenModel) -> [UInt8] = { TerminalKeys.up(application: $0.privateModes.contains(1)) }
    return ScaleSubject(
      key: "fzf", name: "fzf", program: program, arguments: { _ in [] }, readsStandardInput: true, countsLines: true,
      environment: ["FZF_DEFAULT_OPTS="],
      firstScreen: { screen in screen.lines.contains { (fzfCounter($0)?.matched ?? 0) > 0 } },
      endKeys: nil,
      loaded: { screen, count in screen.contains("\(count)/\(count)") },
      homeKeys: [],
      steps: [
        Step(key: "oneRow", label: "Up (cursor one line on)", role: .oneRow, keys: up),
        Step(key: "page", label: "PgUp (a page on)", role: .page) { _ in TerminalKeys.text("\u{1B}[5~") },
        Step(key: "redraw", label: "Ctrl-L (full redraw)", role: .redraw) { _ in TerminalKeys.controlL },
      ],
      presses: [(100, up), (50, { _ in TerminalKeys.text("\u{1B}[5~") })],
      quitKeys: [0x1B])
  }

  /// fzf's counter line (`  12/3000`, after its spinner when it is reading):
  /// the entries matched and read; nil for any other line.
  ///
  /// ```swift
  /// ScaleSubject.fzfCounter("⠋ 12/3000")  // (12, 3000)
  /// ```
  static func fzfCounter(_ line: String) -> (matched: Int, read: Int)? {
    let text = line.trimmed.drop { !$0.isASCII || $0 == " " }
    let halves = text.split(separator: "/", maxSplits: 1)
    guard halves.count == 2, let matched = Int(halves[0]),
      let read = Int(halves[1].prefix { $0.isASCII && $0.isNumber })
    else { return nil }
    return (matched, read)
  }

  /// The first `name` on `PATH` that can be run.
  static func findExecutable(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}

extension ScreenModel {
  /// Whether any row contains any of `texts`.
  func contains(anyOf texts: [String]) -> Bool {
    lines.contains { line in texts.contains { line.contains($0) } }
  }
}
