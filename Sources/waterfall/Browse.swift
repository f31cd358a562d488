import ArgumentParser
import WaterfallApp
import WaterfallLayout
import WaterfallTerminal
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif


/// The interactive browser: `waterfall [FILE|DIR|URL|-]`, the program's top level
/// for the user (see ``Main``): its options are what `waterfall --help` shows.
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall",
    abstract: "Browse JSON items as a waterfall of cards in the terminal.",
    discussion: """
      FILE is JSON (an array, an object holding the items, or a stream of
      values), JSON Lines, CSV or TSV with a header row, or a SQLite database
      (--table, --sql); DIR is a folder of pages (1.json, 2.json, …), or of
      pictures (PNG, JPEG, GIF, WebP: one card each), or with -r a folder of
      such folders, each a section; URL is a feed over http or https, page
      after page (its Link header, --next or --page-param); - (or a pipe)
      reads standard input.
      Pictures show in 256 colours, or 24-bit with COLORTERM=truecolor,
      drawn with block symbols (--symbols). Options in the file
      WATERFALL_DEFAULT_OPTS_FILE names, then in WATERFALL_DEFAULT_OPTS,
      come before the command line's (which win), as FZF_DEFAULT_OPTS does.
      """)

  @Argument(help: ArgumentHelp("A JSON, JSON Lines, CSV, TSV or SQLite file, a directory of pages, an http(s) URL, or - for standard input.", valueName: "FILE|DIR|URL|-"))
  var path: String?

  @OptionGroup(title: "Data") var sourceOptions: SourceOptions
  @OptionGroup(title: "PostgreSQL") var server: PostgresOptions
  @OptionGroup(title: "Picking (as fzf)") var picker: PickerOptions
  @OptionGroup var layout: LayoutOptions
  @OptionGroup(title: "Fields") var fields: FieldOptions
  @OptionGroup(title: "Pictures") var pictureOptions: PictureOptions
  @OptionGroup(title: "Pictures") var fetchOptions: FetchOptions
  @OptionGroup(title: "HTTP (waterfall URL)") var http: HTTPOptions
  @Option(help: ArgumentHelp("auto (kitty graphics or sixel where the terminal has them, else block symbols), kitty, sixel, blocks or none (placeholders only).", valueName: "how"))
  var pictures: PictureOptions.Choice = .auto

  @Flag(help: "Enter prints the selected item's JSON (a folder's picture: its absolute path) to stdout and exits 0; Esc or q exits 1. With marked items (-m), every marked item, one a line, in the order marked.")
  var print = false
  @Flag(help: "As --print, each item ended by a NUL instead of a newline (for xargs -0).")
  var print0 = false
  @Flag(name: [.customShort("m"), .customLong("multi")], help: "Tab marks items and moves on, Shift-Tab back; --multi=MAX marks at most MAX.")
  var multi = false
  /// `--multi=MAX`, rewritten by ``Main`` (argument-parser has no option whose value may be left out).
  @Option(name: .customLong("multi-limit"), help: .hidden)
  var multiLimit: Int?
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
    let source = resolveOrExit(path, sourceOptions, server: server, recursive: layout.recursive, feed: http.settings(memoryLimit: limit))
    picker.refuseSQL(on: source)
    if let filter = picker.filter {
      FilterRun(text: filter, exact: layout.exact, sort: layout.sort.flatMap { try? SortOrder(parsing: $0) })
        .run(source: source, roles: layout.roles(fields.roles), options: sourceOptions.readOptions)
    }
    let colors = !noColor && getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true
    var theme = ascii ? CardTheme.ascii : CardTheme.automatic(colors: true)
    theme = picker.theme(over: theme)
    if !colors { theme = theme.withoutColors }
    var options = layout.browserOptions(theme: theme)
    options.printMode = print || print0
    if print0 { options.printTerminator = 0 }
    if multi || multiLimit != nil { options.multi = multiLimit ?? Int.max }
    options.keyMap = picker.keyMap
    options.header = picker.header
    options.preview = picker.previewOptions
    options.query = picker.query
    pictureOptions.apply(to: &options)
    fetchOptions.apply(to: &options)
    http.apply(to: &options, source: source)
    PictureOptions.apply(pictures, to: &options)

    // A server with no --table or --sql: its tables and views are listed
    // first (a picker), and Enter browses one; Esc there comes back.
    let catalogue = (source as? PostgresSource).flatMap { $0.isCatalogue ? $0 : nil }
    let first: BrowsingScreen
    switch prepare(source, options: catalogue.map { _ in PostgresPicker.options(over: options) } ?? options) {
    case .success(let screen): first = screen
    case .failure(let failure): failure.exit()
    }

    var terminal = TerminalSession.Options()
    terminal.colors = colors
    terminal.mouse = !noMouse
    let ending: TerminalApp.Ending
    var shown = first
    do {
      let session = try TerminalSession(options: terminal)
      defer { session.end() }
      let wakeUp = session.wakeUp
      first.relay.attach { wakeUp.signal() }
      if let catalogue {
        ending = PostgresPicker(catalogue: catalogue, screen: first).run(in: session, options: options) { source, options in
          prepare(source, options: options)
        } shown: { shown = $0 }
      } else {
        ending = first.run(in: session)
      }
    } catch {
      fail(error.description)
    }
    try finish(ending, of: shown)
  }

  /// A source read and waiting to be shown: its browser, what loads it, and
  /// the relay that wakes the run loop when items come.
  struct BrowsingScreen {
    var source: any ItemSource
    var browser: Browser
    var controller: LoadController
    var relay: WakeRelay

    /// Runs the browser until the user leaves it; the reading ends with it
    /// (a server's statement is cancelled, not left to run).
    func run(in session: TerminalSession) -> TerminalApp.Ending {
      let wakeUp = session.wakeUp
      relay.attach { wakeUp.signal() }
      let ending = TerminalApp.run(
        browser: browser, controller: controller, session: session, baseDirectory: source.sourceDescription.baseDirectory)
      controller.end()
      return ending
    }
  }

  /// Why a source could not be shown: the message and what was skipped.
  struct PrepareFailure: Error {
    var message: String
    var skipped = SkippedLines()
    var notJSON: (any ItemSource)?

    func exit() -> Never {
      reportSkippedLines(skipped)
      if let notJSON { failNotJSON(notJSON, skipped) }
      fail(message)
    }
  }

  /// Opens `source` (searched, sorted and grouped by it when it can, as the
  /// options say) and reads the start of it before the screen shows it: an
  /// error there is the program's end with its message, or, inside the
  /// picker, the picker's notice.
  func prepare(_ opened: any ItemSource, options: Browser.Options) -> Result<BrowsingScreen, PrepareFailure> {
    let refinement = layout.refinement(query: options.query)
    let source = opened.refined(by: refinement) ?? opened
    let store = ItemStore(roles: layout.roles(fields.roles))
    let relay = WakeRelay()
    // Searches, sorts and layouts run on the workers' threads, which wake the
    // run loop once the screen is open.
    let browser = Browser(
      store: store, options: options, size: Size(width: 80, height: 24),
      configuration: Browser.Configuration(workers: .background(wake: relay.signal)))
    let controller = LoadController(
      source: source, store: store, options: sourceOptions.readOptions, memoryLimit: limit, wake: relay.signal)
    controller.watches = watch
    // A source that searches and sorts where the data lives is asked to; the browser does neither.
    if controller.refinesAtSource { browser.searchAndSortAtSource(refinement) }

    // Read the start of the data before the screen opens: an error there ends
    // the program with its message, no screen shown.
    browser.apply(controller.start())
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(source.sourceDescription.startsSlowly ? Self.pipeWait : Self.fileWait)
    // A feed's body may come slowly: its first cards show as soon as they are in
    // (an error after them is said in the status bar, as a later page's is).
    let showsFirstItems = source is HTTPFeedSource
    // The loader signals the relay whenever it has something: wait for that, not in a loop.
    var seen = relay.signalCount
    while !controller.firstPageSettled && !(showsFirstItems && store.count > 0) && clock.now < deadline {
      let update = controller.drain()
      browser.apply(update)
      if !update.changed { seen = relay.wait(after: seen, until: deadline) }
    }
    browser.apply(controller.drain())
    // CSV and database rows open as a table, once their first items say they are rows.
    browser.open(in: layout.layoutKind(for: store, source: source))
    // Bad input never costs a good item: an error keeps the items before it and
    // is reported at the end. Only when nothing at all is left to show does the
    // program end here.
    if store.count == 0, controller.isIdle, !controller.hasMorePages {
      if let error = controller.errors.first {
        controller.end()
        return .failure(PrepareFailure(message: error.description, skipped: controller.skipped))
      }
      if !controller.skipped.isEmpty {
        return .failure(PrepareFailure(message: "", skipped: controller.skipped, notJSON: source))
      }
    }
    return .success(BrowsingScreen(source: source, browser: browser, controller: controller, relay: relay))
  }

  /// Reports what the reading skipped and what stopped it, prints what was
  /// picked, and ends with the status the user's leaving asks.
  func finish(_ ending: TerminalApp.Ending, of screen: BrowsingScreen) throws {
    let (browser, controller) = (screen.browser, screen.controller)
    reportSkippedLines(controller.skipped)
    for line in controller.errors.report { writeStandardError("waterfall: \(line)\n") }
    // The items `print` kept come first; having printed them, a picker ends well.
    let terminator: UInt8 = print0 ? 0 : 0x0A
    for bytes in ending.printed { writeStandardOutput(bytes + [terminator]) }
    switch ending.outcome {
    case .quit(let status):
      if let refusal = browser.printRefusal { fail(refusal) }
      if status == 1, print || print0, !ending.printed.isEmpty { throw ExitCode(controller.errors.isEmpty ? 0 : 2) }
      throw ExitCode(controller.errors.isEmpty || status != 0 ? status : 2)
    case .back:
      throw ExitCode(print || print0 ? 1 : 0)
    case .print(let bytes):
      writeStandardOutput(bytes + [terminator])
    case .become(let line):
      fail(ShellCommand.become(line))
    }
  }
}
