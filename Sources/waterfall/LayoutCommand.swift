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
      then {"contentHeight":..}.
      """)

  @Argument(help: ArgumentHelp("The data, as for the browser.", valueName: "FILE|DIR|-"))
  var path: String?
  @Option(help: "Width in cells.") var width: Int
  @Flag(help: "Load every page of a directory, not just the first.") var allPages = false

  @OptionGroup var layout: LayoutOptions
  @OptionGroup(title: "Fields") var fields: FieldOptions

  func validate() throws {
    guard width > 0, width <= 100_000 else { throw ValidationError("--width must be between 1 and 100000") }
  }

  func run() throws {
    let data = loadOrExit(path, roles: layout.roles(fields.roles), allPages: allPages)
    let (loader, store) = (data.loader, data.store)
    let browser = Browser(store: store, options: layout.browserOptions(theme: .unicode), size: Size(width: width, height: 24))
    browser.loading = loader.hasMorePages ? .loading(progress: nil) : .done
    let report = LayoutReport(browser: browser)
    for line in report.lines() { print(line) }
    try finish(data)
  }
}
