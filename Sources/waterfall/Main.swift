import ArgumentParser
import WaterfallNetwork
import WaterfallTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The program's entry: `waterfall [options] [FILE|DIR|URL|-]` browses (``Browse``);
/// `waterfall layout …` and `waterfall render …` are subcommands for scripts
/// (``Subcommands``).
///
/// The browser's options are the top level's, so `waterfall --help` shows all a
/// browsing user needs, followed by the subcommands and the main keys. (With
/// swift-argument-parser a command whose own positional argument may be any path
/// cannot also have subcommands: it would take `render` for a path. So the first
/// argument picks the command here.)
///
/// ```sh
/// waterfall Data/shops          # Browse
/// waterfall render Data/shops   # Subcommands → RenderCommand
/// waterfall -V                  # waterfall 0.1.0
/// ```
@main
enum Main {
  /// What `--version` prints; the number is shared with the HTTP user agent.
  static let version = "waterfall \(WaterfallVersion.number)"

  static func main() {
    CrashHandler.install(program: "waterfall")
    StandardOutput.guardStandardDescriptors()
    let arguments = multiLimits(Array(CommandLine.arguments.dropFirst()))
    let options = arguments.prefix { $0 != "--" }
    if let first = arguments.first, Subcommands.names.contains(first), !(first == "help" && arguments.count == 1) {
      run(Subcommands.self, arguments)
    }
    if options.contains("-V") || options.contains("--version") {
      StandardOutput.print(version)
      exit(0)
    }
    if options.contains("-h") || options.contains("--help") || arguments == ["help"] {
      StandardOutput.print(help(columns: nil))
      exit(0)
    }
    var defaults: DefaultOptions
    do { defaults = try DefaultOptions.load(environment: DefaultOptions.environment) } catch { fail(error.description) }
    for index in defaults.sources.indices { defaults.sources[index].words = Self.multiLimits(defaults.sources[index].words) }
    if !defaults.sources.isEmpty, let blamed = blame(defaults, arguments) {
      writeStandardError("waterfall: \(blamed)\n")
      exit(usageStatus)
    }
    run(Browse.self, defaults.words + arguments)
  }

  /// When the default options with `arguments` cannot be parsed and the fault
  /// is theirs, what is wrong and where it came from
  /// (`WATERFALL_DEFAULT_OPTS: Unknown option '--colums'`); nil otherwise.
  static func blame(_ defaults: DefaultOptions, _ arguments: [String]) -> String? {
    func failure(_ words: [String]) -> String? {
      do {
        _ = try Browse.parseAsRoot(words)
        return nil
      } catch {
        guard Browse.exitCode(for: error) != .success else { return nil }
        let message = Browse.fullMessage(for: error)
        let line = message.split(separator: "\n").first.map(String.init) ?? message
        return line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line
      }
    }
    guard let combined = failure(defaults.words + arguments), failure(arguments) != combined else { return nil }
    for source in defaults.sources {
      if let reason = failure(source.words) { return "\(source.origin): \(reason)" }
    }
    return nil
  }

  /// `arguments` with fzf's `--multi=MAX` written as `--multi-limit MAX`
  /// (argument-parser has no option whose value may be left out), before `--`.
  ///
  /// ```swift
  /// Main.multiLimits(["-m", "--multi=3", "x.json"])   // ["-m", "--multi-limit", "3", "x.json"]
  /// ```
  static func multiLimits(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var done = false
    for argument in arguments {
      if argument == "--" { done = true }
      if !done, argument.hasPrefix("--multi=") {
        out += ["--multi-limit", String(argument.dropFirst("--multi=".count))]
      } else {
        out.append(argument)
      }
    }
    return out
  }

  /// Parses `arguments` as `command` and runs it, then exits: 0, the status the
  /// command threw, or 2 with a usage message for arguments it cannot take (not
  /// argument-parser's 64: every error of this program exits 2, as fzf's do).
  ///
  /// ```sh
  /// waterfall --columns 99 x.json   # waterfall: --columns must be between 1 and 12 … (status 2)
  /// ```
  static func run(_ command: any ParsableCommand.Type, _ arguments: [String]) -> Never {
    do {
      var parsed = try command.parseAsRoot(arguments)
      try parsed.run()
      exit(0)
    } catch {
      let code = command.exitCode(for: error)
      let message = command.fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { StandardOutput.print(message) }
        exit(0)
      }
      if !message.isEmpty {
        // "waterfall: …", as every other message of the program.
        var text = message.hasPrefix("Error: ") ? "waterfall: " + message.dropFirst(7) : message
        if !text.hasSuffix("\n") { text += "\n" }
        writeStandardError(text)
      }
      exit(code == .validationFailure ? usageStatus : code.rawValue)
    }
  }

  /// The status of a usage error, as of every other error.
  static let usageStatus: Int32 = 2

  /// The whole of `waterfall --help`: the browser's options, then the
  /// subcommands and the keys.
  static func help(columns: Int?) -> String {
    var text = Browse.helpMessage(columns: columns)
    while text.hasSuffix("\n") { text.removeLast() }
    return text + "\n\n" + """
      SUBCOMMANDS:
        layout                  Print the layout's parameters and every frame as
                                JSON Lines.
        render                  Print the screen the browser would show, as text.

        See 'waterfall help <subcommand>' for detailed help.

      KEYS:
        arrows, hjkl            move; PgUp PgDn, b Space, Ctrl-U Ctrl-D: pages
        g G, Home End           the first or last card (G loads every page)
        Enter                   the item's details (n N: next, previous; y: copy)
        /                       filter as you type
        L, + -                  switch the layout; more or fewer columns
        ?                       every key
        Esc, q                  back, or quit

      EXAMPLES:
        waterfall Data/shops
        cat items.jsonl | waterfall
        waterfall --print items.json | jq .
        waterfall -f 'wool shop:^clay' items.jsonl | jq -r .title
        waterfall --bind 'ctrl-o:execute(less {path})' Data/pictures
      """
  }
}

/// The subcommands for scripts and tests, under the program's name.
struct Subcommands: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall",
    abstract: "Browse JSON items as a waterfall of cards in the terminal.",
    discussion: "Run 'waterfall --help' for the browser's options.",
    version: Main.version,
    subcommands: [LayoutCommand.self, RenderCommand.self, KeysCommand.self])

  /// The first arguments that name a subcommand (`keys` is hidden; `help` is
  /// argument-parser's).
  static let names: Set<String> = ["layout", "render", "keys", "help"]
}
