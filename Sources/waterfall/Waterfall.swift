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
      FILE is a JSON array or JSON Lines; DIR is a folder of pages (1.json, 2.json, …),
      or of pictures (PNG, JPEG: one card each); - (or a pipe) reads standard input.
      Cards show their items' pictures in terminals with 256 colours or more.
      Press ? in the browser for every key.
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
extension ItemOrder: ExpressibleByArgument {}

/// Options shaping the cards' layout.
struct LayoutOptions: ParsableArguments {
  @Option(help: "waterfall, grid, grid-large or list.")
  var layout: LayoutKind = .waterfall
  @Option(help: ArgumentHelp("A fixed number of columns (1-12); otherwise they follow the width.", valueName: "n"))
  var columns: Int?
  @Option(help: ArgumentHelp("The narrowest card when columns follow the width.", valueName: "cells"))
  var minCardWidth: Int = 26
  @Option(help: ArgumentHelp("How items go to columns: shortest (the shortest column), ltr or rtl (in turn).", valueName: "order"))
  var order: ItemOrder = .shortestFirst
  @Option(name: .customLong("group-by"), help: ArgumentHelp("Group items into sections by this field's value, each under a header.", valueName: "field"))
  var groupBy: String?
  @Flag(help: "Switch layouts at once, without animating.")
  var noAnimation = false

  func validate() throws {
    if let columns, !(1...12).contains(columns) { throw ValidationError("--columns must be between 1 and 12") }
    if minCardWidth < 4 { throw ValidationError("--min-card-width must be at least 4") }
  }

  /// `roles` with the grouping field, if any.
  func roles(_ roles: FieldRoles) -> FieldRoles {
    var roles = roles
    if let groupBy { roles.group = [groupBy] }
    return roles
  }

  func browserOptions(theme: CardTheme) -> Browser.Options {
    var options = Browser.Options()
    options.layout = layout
    options.columns = columns
    options.minimumCardWidth = minCardWidth
    options.order = order
    options.groups = groupBy != nil
    options.animates = !noAnimation
    options.theme = theme
    return options
  }
}

/// The source named by `argument` (standard input when it is absent and stdin
/// is a pipe), or exits 2 with why not.
func resolveOrExit(_ argument: String?) -> DataSource {
  do {
    if let argument { return try DataSource.resolve(argument) }
  } catch {
    fail(error.description)
  }
  guard isatty(0) == 0 else { fail("no data: give a FILE or DIR, or pipe JSON to standard input (see --help)") }
  return .standardInput
}

/// The data the commands that print and end (`render`, `layout`) loaded on
/// this thread, and what went wrong on the way.
struct LoadedData {
  var loader: Loader
  var store: ItemStore
  /// Errors that stopped a page, in order; the items before each were kept.
  var errors: [LoadError]
}

/// Loads the first page (or every page) on this thread.
///
/// Bad input never costs a good item: an error stops its page but keeps the
/// items before it, and is reported when the command ends (``finish(_:)``). Only
/// when nothing at all is left to show does the program end here, with the
/// message and status 2.
func loadOrExit(_ argument: String?, roles: FieldRoles, allPages: Bool = false) -> LoadedData {
  let source = resolveOrExit(argument)
  let store = ItemStore(roles: roles)
  let loader = Loader(source: source, store: store)
  var errors: [LoadError] = []
  func loadNext() {
    do { try loader.loadNextPage() } catch { errors.append(error) }
  }
  loadNext()
  // A first page with nothing to show gives way to the next.
  while loader.hasMorePages && (allPages || store.count == 0) { loadNext() }
  if store.count == 0 {
    if let error = errors.first {
      reportSkippedLines(loader.skipped)
      fail(error.description)
    }
    if !loader.skipped.isEmpty { failNotJSON(source, loader.skipped) }
  }
  return LoadedData(loader: loader, store: store, errors: errors)
}

/// Ends a command that printed what it had: the skipped lines and the errors on
/// standard error, and status 2 if an error stopped a page.
func finish(_ data: LoadedData) throws {
  reportSkippedLines(data.loader.skipped)
  for error in data.errors { writeStandardError("waterfall: \(error)\n") }
  if !data.errors.isEmpty { throw ExitCode(2) }
}

/// Exits 2 for a source none of whose lines is JSON: most likely not a data file.
func failNotJSON(_ source: DataSource, _ skipped: [SkippedLine]) -> Never {
  reportSkippedLines(skipped)
  fail("\(source.name): no items: \(skipped.count == 1 ? "its one line is" : "all \(skipped.count) lines are") not valid JSON")
}

/// Reports the JSON Lines lines that were skipped, on standard error.
func reportSkippedLines(_ skipped: [SkippedLine]) {
  for line in skipped { writeStandardError("waterfall: \(line)\n") }
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
