import ArgumentParser
import WaterfallApp
import WaterfallLayout
import WaterfallTerminal
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif


/// The interactive browser: `waterfall [FILE|DIR|-]`, the program's top level
/// for the user (see ``Main``): its options are what `waterfall --help` shows.
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall",
    abstract: "Browse JSON items as a waterfall of cards in the terminal.",
    discussion: """
      FILE is JSON (an array, an object holding the items, or a stream of
      values), JSON Lines, CSV or TSV with a header row, or a SQLite database
      (--table, --query); DIR is a folder of pages (1.json, 2.json, …), or of
      pictures (PNG, JPEG, GIF, WebP: one card each), or with -r a folder of
      such folders, each a section; - (or a pipe) reads standard input.
      Pictures show in 256 colours, or 24-bit with COLORTERM=truecolor,
      drawn with block symbols (--symbols).
      """)

  @Argument(help: ArgumentHelp("A JSON, JSON Lines, CSV, TSV or SQLite file, a directory of pages, or - for standard input.", valueName: "FILE|DIR|-"))
  var path: String?

  @OptionGroup(title: "Data") var sourceOptions: SourceOptions
  @OptionGroup var layout: LayoutOptions
  @OptionGroup(title: "Fields") var fields: FieldOptions
  @OptionGroup(title: "Pictures") var pictureOptions: PictureOptions
  @Option(help: ArgumentHelp("auto (kitty graphics or sixel where the terminal has them, else block symbols), kitty, sixel, blocks or none (placeholders only).", valueName: "how"))
  var pictures: PictureOptions.Choice = .auto

  @Flag(help: "Enter prints the selected item's JSON (a folder's picture: its absolute path) to stdout and exits 0; Esc or q exits 1.")
  var print = false
  @Flag(help: "Reload when the file or directory changes, keeping the selection.")
  var watch = false
  @Option(parsing: .unconditional, help: ArgumentHelp("Pause reading when the program's memory reaches this size: 512M, 2G (\(MemoryLimit.rangeText); default: half the memory).", valueName: "size"))
  var memoryLimit: String?
  @Flag(help: "No colours (also when NO_COLOR is set).")
  var noColor = false
  @Flag(help: "Draw boxes with ASCII characters.")
  var ascii = false
  @Flag(help: "Do not capture the mouse.")
  var noMouse = false
  /// Answered before parsing (``Main``); declared so that help lists it.
  @Flag(name: [.customShort("V"), .long], help: "Show the version.")
  var version = false

  /// How long to wait for the first chunk before the screen opens: a file's
  /// comes at once; a pipe may be slow to start, and the screen then opens
  /// saying it is loading.
  static let fileWait: UInt64 = 1_000
  static let pipeWait: UInt64 = 200

  func validate() throws {
    if let memoryLimit {
      do { _ = try MemoryLimit(parsing: memoryLimit) } catch { throw ValidationError(error.description) }
    }
  }

  /// The memory at which reading pauses: the one given, or half the machine's.
  var limit: MemoryLimit {
    memoryLimit.flatMap { try? MemoryLimit(parsing: $0) } ?? .machineDefault
  }

  func run() throws {
    let source = resolveOrExit(path, sourceOptions, recursive: layout.recursive)
    let colors = !noColor && getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true
    var theme = ascii ? CardTheme.ascii : CardTheme.automatic(colors: true)
    if !colors { theme = theme.withoutColors }
    var options = layout.browserOptions(theme: theme)
    options.printMode = print
    pictureOptions.apply(to: &options)
    PictureOptions.apply(pictures, to: &options)
    let store = ItemStore(roles: layout.roles(fields.roles))
    let browser = Browser(store: store, options: options, size: Size(width: 80, height: 24))
    let relay = WakeRelay()
    let controller = LoadController(
      argument: path, source: source, store: store, options: sourceOptions.readOptions, memoryLimit: limit,
      wake: relay.signal)
    controller.watches = watch

    // Read the start of the data before the screen opens: an error there ends
    // the program with its message, no screen shown.
    browser.apply(controller.start())
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(source == .standardInput ? Self.pipeWait : Self.fileWait)
    while !controller.firstPageSettled && clock.now < deadline {
      let update = controller.drain()
      browser.apply(update)
      if !update.changed { usleep(500) }
    }
    browser.apply(controller.drain())
    // Bad input never costs a good item: an error keeps the items before it and
    // is reported at the end. Only when nothing at all is left to show does the
    // program end here.
    if store.count == 0, controller.isIdle, !controller.hasMorePages {
      if let error = controller.errors.first {
        reportSkippedLines(controller.skipped)
        fail(error.description)
      }
      if !controller.skipped.isEmpty { failNotJSON(source, controller.skipped) }
    }

    var terminal = TerminalSession.Options()
    terminal.colors = colors
    terminal.mouse = !noMouse
    let outcome: TerminalApp.Outcome
    do {
      let session = try TerminalSession(options: terminal)
      defer { session.end() }
      let wakeUp = session.wakeUp
      relay.attach { wakeUp.signal() }
      outcome = TerminalApp.run(browser: browser, controller: controller, session: session)
    } catch {
      fail(error.description)
    }
    reportSkippedLines(controller.skipped)
    for line in controller.errors.report { writeStandardError("waterfall: \(line)\n") }
    switch outcome {
    case .quit(let status):
      if let refusal = browser.printRefusal { fail(refusal) }
      throw ExitCode(controller.errors.isEmpty || status != 0 ? status : 2)
    case .print(let bytes):
      writeStandardOutput(bytes + [0x0A])
    }
  }
}
