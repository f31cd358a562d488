import ArgumentParser
import WaterfallApp
import WaterfallLayout
import WaterfallTerminal
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

@main
struct Waterfall: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall",
    abstract: "Browse JSON items as a waterfall of cards in the terminal.",
    discussion: """
      FILE is a JSON array or JSON Lines; DIR is a folder of pages (1.json, 2.json, …);
      - (or a pipe) reads standard input. Press ? in the browser for every key.
      """,
    version: "waterfall 0.1.0",
    subcommands: [Browse.self, LayoutCommand.self, RenderCommand.self],
    defaultSubcommand: Browse.self)
}

/// Options naming the fields that play each part on a card.
struct FieldOptions: ParsableArguments {
  @Option(name: .customLong("title-field"), help: ArgumentHelp("Field(s) holding the title, comma-separated.", valueName: "names"))
  var title: String?
  @Option(name: .customLong("subtitle-field"), help: ArgumentHelp("Field(s) holding the subtitle (price).", valueName: "names"))
  var subtitle: String?
  @Option(name: .customLong("image-field"), help: ArgumentHelp("Field(s) holding the image path.", valueName: "names"))
  var image: String?
  @Option(name: .customLong("width-field"), help: ArgumentHelp("Field(s) holding the image width.", valueName: "names"))
  var width: String?
  @Option(name: .customLong("height-field"), help: ArgumentHelp("Field(s) holding the image height.", valueName: "names"))
  var height: String?
  @Option(name: .customLong("tags-field"), help: ArgumentHelp("Field(s) holding the tags.", valueName: "names"))
  var tags: String?
  @Option(name: .customLong("text-field"), help: ArgumentHelp("Field(s) holding the text.", valueName: "names"))
  var text: String?
  @Option(name: .customLong("id-field"), help: ArgumentHelp("Field(s) identifying an item across reloads.", valueName: "names"))
  var id: String?

  var roles: FieldRoles {
    var roles = FieldRoles()
    func split(_ value: String?) -> [String]? {
      value.map { $0.split(separator: ",").map { String($0) } }
    }
    if let v = split(title) { roles.title = v }
    if let v = split(subtitle) { roles.subtitle = v }
    if let v = split(image) { roles.image = v }
    if let v = split(width) { roles.width = v }
    if let v = split(height) { roles.height = v }
    if let v = split(tags) { roles.tags = v }
    if let v = split(text) { roles.text = v }
    if let v = split(id) { roles.id = v }
    return roles
  }
}

extension LayoutKind: ExpressibleByArgument {}

/// Options shaping the cards' layout.
struct LayoutOptions: ParsableArguments {
  @Option(help: "waterfall, grid, grid-large or list.")
  var layout: LayoutKind = .waterfall
  @Option(help: ArgumentHelp("A fixed number of columns (1-12); otherwise they follow the width.", valueName: "n"))
  var columns: Int?
  @Option(help: ArgumentHelp("The narrowest card when columns follow the width.", valueName: "cells"))
  var minCardWidth: Int = 26

  func validate() throws {
    if let columns, !(1...12).contains(columns) { throw ValidationError("--columns must be between 1 and 12") }
    if minCardWidth < 4 { throw ValidationError("--min-card-width must be at least 4") }
  }

  func browserOptions(theme: CardTheme) -> Browser.Options {
    var options = Browser.Options()
    options.layout = layout
    options.columns = columns
    options.minimumCardWidth = minCardWidth
    options.theme = theme
    return options
  }
}

/// Loads the first page (or the whole file), or exits 2 with the error.
///
/// A syntax error keeps the items before it: it is reported on standard error and
/// the program goes on. Only an error that leaves nothing to show (no item read and
/// no page left) ends it, with status 2.
func loadOrExit(_ argument: String?, roles: FieldRoles) -> (Loader, ItemStore) {
  let source: DataSource
  do {
    if let argument {
      source = try DataSource.resolve(argument)
    } else if isatty(0) == 0 {
      source = .standardInput
    } else {
      fail("no data: give a FILE or DIR, or pipe JSON to standard input (see --help)")
    }
  } catch {
    fail(error.description)
  }
  let store = ItemStore(roles: roles)
  let loader = Loader(source: source, store: store)
  do {
    try loader.loadNextPage()
  } catch {
    guard store.count > 0 || loader.hasMorePages else {
      reportSkippedLines(loader)
      fail(error.description)
    }
    writeStandardError("waterfall: \(error)\n")
  }
  if store.count == 0, !loader.skipped.isEmpty, !loader.hasMorePages {
    // Not one line was JSON: most likely not a data file at all.
    reportSkippedLines(loader)
    let count = loader.skipped.count
    fail("\(source.name): no items: \(count == 1 ? "its one line is" : "all \(count) lines are") not valid JSON")
  }
  return (loader, store)
}

/// Loads every page left, reporting each page that fails on standard error.
func loadRemainingPages(_ loader: Loader) {
  while loader.hasMorePages {
    do { try loader.loadNextPage() } catch { writeStandardError("waterfall: \(error)\n") }
  }
}

/// Reports the JSON Lines lines that were skipped, on standard error.
func reportSkippedLines(_ loader: Loader) {
  for line in loader.skipped { writeStandardError("waterfall: \(line)\n") }
}

func fail(_ message: String) -> Never {
  writeStandardError("waterfall: \(message)\n")
  exit(2)
}

/// Writes `text` to standard error, each line sanitised as the screen is (file
/// names and messages quote data, and standard error is usually the terminal).
func writeStandardError(_ text: String) {
  let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayText.sanitized($0) }
  var bytes = Array(safe.joined(separator: "\n").utf8)
  _ = write(2, &bytes, bytes.count)
}

func writeStandardOutput(_ bytes: [UInt8]) {
  var offset = 0
  while offset < bytes.count {
    let n = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    if n <= 0 { break }
    offset += n
  }
}
