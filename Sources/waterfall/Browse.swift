import ArgumentParser
import WaterfallApp
import WaterfallLayout
import WaterfallTerminal
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive browser: `waterfall [FILE|DIR|-]`.
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse", abstract: "Browse the items (the default command).")

  @Argument(help: ArgumentHelp("A JSON array or JSON Lines file, a directory of pages, or - for standard input.", valueName: "FILE|DIR|-"))
  var path: String?

  @OptionGroup var layout: LayoutOptions
  @OptionGroup(title: "Fields") var fields: FieldOptions

  @Flag(help: "Enter prints the selected item's JSON to stdout and exits 0; Esc or q exits 1.")
  var print = false
  @Flag(help: "No colours (also when NO_COLOR is set).")
  var noColor = false
  @Flag(help: "Draw boxes with ASCII characters.")
  var ascii = false
  @Flag(help: "Do not capture the mouse.")
  var noMouse = false

  func run() throws {
    let (loader, store) = loadOrExit(path, roles: fields.roles)
    let colors = !noColor && getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true
    var theme = ascii ? CardTheme.ascii : CardTheme.automatic(colors: true)
    if !colors { theme = theme.withoutColors }
    var options = layout.browserOptions(theme: theme)
    options.printMode = print
    let browser = Browser(store: store, options: options, size: Size(width: 80, height: 24))
    browser.skippedCount = loader.skipped.count
    var appOptions = TerminalApp.Options()
    appOptions.colors = colors
    appOptions.mouse = !noMouse
    let outcome: TerminalApp.Outcome
    do {
      // Pages after the first load up front until paging on demand arrives.
      while loader.hasMorePages {
        do { try loader.loadNextPage() } catch { writeStandardError("waterfall: \(error)\n") }
      }
      browser.storeDidAppend()
      outcome = try TerminalApp.run(browser: browser, loader: loader, options: appOptions)
    } catch {
      fail(error.description)
    }
    for line in loader.skipped { writeStandardError("waterfall: \(line)\n") }
    switch outcome {
    case .quit(let status):
      throw ExitCode(status)
    case .print(let bytes):
      writeStandardOutput(bytes + [0x0A])
    }
  }
}
