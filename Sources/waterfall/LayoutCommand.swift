import ArgumentParser
import WaterfallApp
import WaterfallLayout

/// `waterfall layout`: the frames the browser computes, as JSON Lines.
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Print the layout's parameters and every frame as JSON Lines.",
    discussion: """
      The first line holds the parameters, then one line per element
      ({"kind":"cell","section":0,"item":3,"x":..,"y":..,"w":..,"h":..}),
      then {"contentHeight":..,"contentWidth":..}. The carousel and the circle
      depend on the screen's height too (--height), and a horizontal layout's rows
      share it.
      """)

  @Argument(help: ArgumentHelp("The data, as for the browser.", valueName: "FILE|DIR|URL|-"))
  var path: String?
  @Option(parsing: .unconditional, help: "Width in cells (1-100000).") var width: Int
  @Option(parsing: .unconditional, help: "Screen height in cells, 2-100000 (the cards get all but the status line).") var height: Int = 24
  @Flag(help: "Load every page of a directory, not just the first.") var allPages = false

  @OptionGroup(title: "Data") var source: SourceOptions
  @OptionGroup(title: "PostgreSQL") var server: PostgresOptions
  @OptionGroup var layout: LayoutOptions
  @OptionGroup(title: "Fields") var fields: FieldOptions
  @OptionGroup(title: "HTTP (a URL)") var http: HTTPOptions

  func validate() throws {
    guard width > 0, width <= 100_000 else { throw ValidationError("--width must be between 1 and 100000") }
    guard height > 1, height <= 100_000 else { throw ValidationError("--height must be between 2 and 100000") }
  }

  func run() throws {
    let size = Size(width: width, height: height)
    let data = loadOrExit(
      path, source, server: server, refinement: layout.refinement(query: nil), roles: layout.roles(fields.roles),
      recursive: layout.recursive, allPages: allPages, feed: http.settings(memoryLimit: .machineDefault),
      measuringAt: LayoutPolicy(options: layout.browserOptions(theme: .unicode), size: size).cardWidth)
    let (loader, store) = (data.loader, data.store)
    var options = layout.browserOptions(theme: .unicode)
    options.layout = layout.layoutKind(for: store, source: loader.source)
    let browser = Browser(store: store, options: options, size: size)
    browser.loading = loader.hasMorePages ? .loading(progress: nil) : .done
    let report = LayoutReport(browser: browser)
    var out = StandardOutput()
    for line in report.lines() { out.line(line) }
    out.flush()
    try finish(data)
  }
}
