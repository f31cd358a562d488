import ArgumentParser
import WaterfallApp
import WaterfallLayout
import WaterfallView

/// `waterfall render`: the screen a user would see, as text.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render", abstract: "Print the screen the browser would show, as text.")

  @Argument(help: ArgumentHelp("The data, as for the browser.", valueName: "FILE|DIR|URL|-"))
  var path: String?
  @Option(parsing: .unconditional, help: "Screen width in cells (1-10000).") var width: Int = 80
  @Option(parsing: .unconditional, help: "Screen height in cells (1-10000).") var height: Int = 24
  @Option(parsing: .unconditional, help: ArgumentHelp("Rows to scroll the cards by (0-1000000000).", valueName: "rows")) var scroll: Int?
  @Option(parsing: .unconditional, help: ArgumentHelp("The item to select (0 is the first; at most 1000000000).", valueName: "item")) var select: Int?
  @Flag(help: "Show the selected item's details.") var details = false
  @Option(help: ArgumentHelp("Keys to press first, by tmux name: \"Down Right /mug Enter\".", valueName: "keys")) var keys: String?
  @Flag(help: "Draw boxes with ASCII characters.") var ascii = false
  @Flag(help: "Load every page of a directory, not just the first.") var allPages = false
  @Flag(help: "Draw the items' pictures, as the browser does in colour (here as block symbols without their colours).")
  var pictures = false

  @OptionGroup(title: "Data") var source: SourceOptions
  @OptionGroup(title: "PostgreSQL") var server: PostgresOptions
  @OptionGroup var layout: LayoutOptions
  @OptionGroup(title: "Fields") var fields: FieldOptions
  @OptionGroup(title: "HTTP (a URL)") var http: HTTPOptions
  @OptionGroup(title: "Pictures") var pictureOptions: PictureOptions

  func validate() throws {
    guard width > 0, width <= 10_000, height > 0, height <= 10_000 else {
      throw ValidationError("--width and --height must be between 1 and 10000")
    }
    if let scroll, !(0...1_000_000_000).contains(scroll) { throw ValidationError("--scroll must be between 0 and 1000000000") }
    if let select, !(0...1_000_000_000).contains(select) { throw ValidationError("--select must be between 0 and 1000000000") }
  }

  func run() throws {
    let size = Size(width: width, height: height)
    let data = loadOrExit(
      path, source, server: server, refinement: layout.refinement(query: nil), roles: layout.roles(fields.roles),
      recursive: layout.recursive, allPages: allPages, through: select, feed: http.settings(memoryLimit: .machineDefault),
      measuringAt: LayoutPolicy(options: layout.browserOptions(theme: ascii ? .ascii : .unicode), size: size).cardWidth)
    let (loader, store) = (data.loader, data.store)
    var options = layout.browserOptions(theme: ascii ? .ascii : .unicode)
    options.layout = layout.layoutKind(for: store, source: loader.source)
    options.animates = false
    let browser = Browser(store: store, options: options, size: size)
    browser.skippedCount = loader.skipped.count
    browser.groupsFound = loader.sectionsFound
    browser.loading = loader.hasMorePages ? .loading(progress: nil) : .done
    if pictures {
      browser.pictures = Pictures.synchronous(
        baseDirectory: loader.source.sourceDescription.baseDirectory, symbols: pictureOptions.symbols, bytesForPath: loader.source.pictureBytes)
    }
    if let select { browser.select(item: select) }
    if let scroll { browser.scroll(to: scroll) }
    if details { browser.openDetails() }
    if let keys {
      let parsed: [Key]
      do { parsed = try KeyNames.parse(keys) } catch { throw ValidationError(error.description) }
      for key in parsed { _ = browser.handle(.key(key)) }
      // Whatever the keys scrolled comes to rest, as it would on screen.
      browser.comeToRest()
    }
    let screen = CellBuffer(width: width, height: height)
    browser.drawDecodingPictures(in: screen)
    StandardOutput.print(screen.text)
    try finish(data)
  }
}
