import ArgumentParser
import WaterfallApp
import WaterfallLayout
import WaterfallTerminal
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// Options naming the fields that play each part on a card: `a,b` names
/// fallbacks (the first one an item has), `a+b` joins fields (those an item has,
/// with a space).
struct FieldOptions: ParsableArguments {
  @Option(
    name: .customLong("title-field"),
    help: ArgumentHelp("Field(s) holding the title: a,b for the first one an item has; a+b joins them.", valueName: "names"))
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

  func validate() throws {
    for (option, value) in [("--width-field", width), ("--height-field", height), ("--image-field", image)] {
      if value?.contains(FieldRoles.joiner) == true {
        throw ValidationError("\(option) takes fallbacks (a,b), not a join (a+b): a picture has one size and one file")
      }
    }
  }

  var roles: FieldRoles {
    var roles = FieldRoles()
    func split(_ value: String?) -> [String]? {
      value.map { $0.split(separator: ",").map { String($0) } }
    }
    roles.named = [title, subtitle, image, width, height, tags, text, id].compactMap(split).joined()
      .flatMap(FieldRoles.parts(of:))
    if let v = split(title) { roles.title = v }
    if let v = split(subtitle) { roles.subtitle = v }
    if let v = split(image) { roles.image = v }
    if let v = split(width) { roles.width = v }
    if let v = split(height) { roles.height = v }
    if let v = split(tags) { roles.tags = v }
    if let v = split(text) { roles.text = v }
    if let v = split(id) { roles.id = v }
    // The data chooses the fields of the roles no option named, when their
    // default names find nothing (InferredFields).
    var open = InferableRoles.all
    if title != nil { open.remove(.title) }
    if subtitle != nil { open.remove(.subtitle) }
    if text != nil { open.remove(.text) }
    if !open.isEmpty { roles.inference = FieldInference(open: open) }
    return roles
  }
}

extension LayoutKind: ExpressibleByArgument {}
extension DataFormat: ExpressibleByArgument {}

/// Options saying what the data is and which part of it to browse.
struct SourceOptions: ParsableArguments {
  @Option(help: ArgumentHelp("json, jsonl, csv, tsv or sqlite; otherwise told from the content (and a .csv or .tsv name).", valueName: "format"))
  var format: DataFormat?
  @Option(name: .customLong("path"), help: ArgumentHelp("Where a JSON document's items are: /features or .features (otherwise its largest array of objects).", valueName: "pointer"))
  var jsonPath: String?
  @Option(help: ArgumentHelp("The table (or view) of a SQLite database or a PostgreSQL server to browse (schema.name).", valueName: "name"))
  var table: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("A read-only SQL query whose rows to browse (SQLite, PostgreSQL).", valueName: "query"))
  var sql: String?

  func validate() throws {
    if table != nil && sql != nil { throw ValidationError("--table and --sql cannot be used together") }
    if let jsonPath {
      do { _ = try JSONPath(jsonPath) } catch { throw ValidationError(error.description) }
    }
  }

  var readOptions: ReadOptions {
    ReadOptions(format: format, path: jsonPath.flatMap { try? JSONPath($0) })
  }
}
extension ItemOrder: ExpressibleByArgument {}
extension ScrollDirection: ExpressibleByArgument {}

/// Options shaping the cards' layout.
struct LayoutOptions: ParsableArguments {
  @Option(help: "waterfall, grid, grid-large, list, table, line (a carousel), circle or mosaic; by default a table for CSV, TSV and database rows without pictures, else a waterfall.")
  var layout: LayoutKind?
  @Option(help: ArgumentHelp("vertical, or horizontal: the waterfall and the grids flow into rows and scroll sideways.", valueName: "direction"))
  var direction: ScrollDirection = .vertical
  @Option(parsing: .unconditional, help: ArgumentHelp("Columns between cards side by side (0-20).", valueName: "cells"))
  var columnSpacing: Int = 1
  @Option(parsing: .unconditional, help: ArgumentHelp("Rows between cards one above the other (0-20).", valueName: "rows"))
  var rowSpacing: Int = 0
  @Option(parsing: .unconditional, help: ArgumentHelp("Space around the cards of each group: TOP,LEFT,BOTTOM,RIGHT (or one number).", valueName: "t,l,b,r"))
  var insets: String?
  @Option(name: .customLong("group-columns"), help: ArgumentHelp("Columns of the groups named, with --group-by: \"Clay=2,Wood=4\".", valueName: "list"))
  var groupColumns: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("A fixed number of columns (1-12); otherwise they follow the width.", valueName: "n"))
  var columns: Int?
  @Option(parsing: .unconditional, help: ArgumentHelp("The narrowest card when columns follow the width (4-500).", valueName: "cells"))
  var minCardWidth: Int = 26
  @Option(help: ArgumentHelp("How items go to columns: shortest (the shortest column), ltr or rtl (in turn). Default: shortest, or ltr while sorted (reading order).", valueName: "order"))
  var order: ItemOrder?
  @Option(name: .customLong("group-by"), help: ArgumentHelp("Group items into sections by this field's value, each under a header.", valueName: "field"))
  var groupBy: String?
  @Flag(help: "Switch layouts at once, without animating.")
  var noAnimation = false
  @Flag(name: .shortAndLong, help: "Read a folder of folders: every folder's pages or pictures, each folder a section.")
  var recursive = false
  @Option(help: ArgumentHelp("Sort the cards by this field's value (numbers and prices as numbers); FIELD:desc the other way.", valueName: "field[:desc]"))
  var sort: String?
  @Flag(name: [.customShort("e"), .long], help: "Search terms match exactly; 'term matches fuzzily (the other way round without it).")
  var exact = false

  /// The narrowest cards one may ask for: a border and two cells of text, up to
  /// a screen wider than any terminal.
  static let minCardWidths = Browser.Options.minimumCardWidths

  func validate() throws {
    if let columns, !(1...12).contains(columns) { throw ValidationError("--columns must be between 1 and 12") }
    if !Self.minCardWidths.contains(minCardWidth) {
      throw ValidationError("--min-card-width must be between \(Self.minCardWidths.lowerBound) and \(Self.minCardWidths.upperBound)")
    }
    if !(0...20).contains(columnSpacing) { throw ValidationError("--column-spacing must be between 0 and 20") }
    if !(0...20).contains(rowSpacing) { throw ValidationError("--row-spacing must be between 0 and 20") }
    _ = try parameters()
    if groupColumns != nil, groupBy == nil { throw ValidationError("--group-columns needs --group-by") }
    if let sort {
      do { _ = try SortOrder(parsing: sort) } catch { throw ValidationError("--sort \(error)") }
    }
  }

  /// The layout's parameters, or a usage error naming the option.
  func parameters() throws -> LayoutParameters {
    var parameters = LayoutParameters()
    parameters.direction = direction
    parameters.columnSpacing = columnSpacing
    parameters.rowSpacing = rowSpacing
    do {
      if let insets { parameters.insets = try LayoutParameters.insets(from: insets) }
    } catch {
      throw ValidationError("--insets \(error)")
    }
    do {
      if let groupColumns { parameters.groupColumns = try LayoutParameters.groupColumns(from: groupColumns) }
    } catch {
      throw ValidationError("--group-columns \(error)")
    }
    return parameters
  }

  /// `roles` with the grouping field, if any.
  func roles(_ roles: FieldRoles) -> FieldRoles {
    var roles = roles
    if let groupBy {
      roles.group = [groupBy]
      roles.named += FieldRoles.parts(of: groupBy)
    }
    return roles
  }

  /// The layout for `store`, read from `source`: the one `--layout` names, or
  /// the one the data opens in (``LayoutKind/opening(_:source:)``).
  func layoutKind(for store: ItemStore, source: any ItemSource) -> LayoutKind {
    layout ?? LayoutKind.opening(store, source: source)
  }

  func browserOptions(theme: CardTheme) -> Browser.Options {
    var options = Browser.Options()
    options.layout = layout ?? .waterfall
    options.columns = columns
    options.minimumCardWidth = minCardWidth
    options.order = order
    options.groups = groupBy != nil || recursive
    options.animates = !noAnimation
    options.exactSearch = exact
    options.sort = sort.flatMap { try? SortOrder(parsing: $0) }
    options.theme = theme
    // validate() checked them already.
    options.parameters = (try? parameters()) ?? LayoutParameters()
    return options
  }
}

/// The source named by `argument` (standard input when it is absent and stdin
/// is a pipe), or exits 2 with why not.
func resolveOrExit(
  _ argument: String?, _ options: SourceOptions, server: PostgresOptions? = nil, recursive: Bool = false,
  feed: FeedSettings = FeedSettings()
) -> any ItemSource {
  if let source = server?.source(argument, options) { return source }
  if argument == "-", isatty(0) != 0 { fail(standardInputIsTerminal) }
  do {
    if let argument {
      return try SourceResolver.resolve(
        argument, recursive: recursive, format: options.format, table: options.table, query: options.sql, feed: feed)
    }
  } catch {
    fail(error.description)
  }
  if options.table != nil || options.sql != nil {
    fail("--table and --sql read a SQLite database or a PostgreSQL server: give its FILE, a postgresql:// URI or --pg")
  }
  guard isatty(0) == 0 else { fail("no data: give a FILE or DIR, or pipe JSON to standard input (see --help)") }
  do { return try SourceResolver.resolve("-") } catch { fail(error.description) }
}

/// Why `-` is refused when standard input is the terminal: the keys typed would
/// be read as data (and the first ones eaten).
let standardInputIsTerminal = "standard input is a terminal; give a file or pipe data in"

/// The data the commands that print and end (`render`, `layout`) loaded on
/// this thread, and what went wrong on the way.
struct LoadedData {
  var loader: Loader
  var store: ItemStore
  /// Errors that stopped a page, in order; the items before each were kept.
  var errors: PageErrors
}

/// Loads the first page (or every page) on this thread.
///
/// Bad input never costs a good item: an error stops its page but keeps the
/// items before it, and is reported when the command ends (``finish(_:)``). Only
/// when nothing at all is left to show does the program end here, with the
/// message and status 2.
func loadOrExit(
  _ argument: String?, _ options: SourceOptions, server: PostgresOptions? = nil, refinement: SourceRefinement? = nil,
  roles: FieldRoles, recursive: Bool = false, allPages: Bool = false, through item: Int? = nil,
  feed: FeedSettings = FeedSettings(), measuringAt cardWidth: Int = 0
) -> LoadedData {
  let resolved = resolveOrExit(argument, options, server: server, recursive: recursive, feed: feed)
  // A source that sorts and groups where the data lives gives its first rows in that order.
  let source = refinement.flatMap { resolved.refined(by: $0) } ?? resolved
  // Cards are measured as they are read, on the reading threads, at the width they will be laid out at.
  let store = ItemStore(roles: roles, measuringWidth: MeasuringWidth(cardWidth))
  let loader = Loader(source: source, store: store, options: options.readOptions)
  var errors = PageErrors()
  func loadNext() {
    do { try loader.loadNextPage() } catch { errors.append(error) }
  }
  loadNext()
  for note in loader.notes { writeStandardError("waterfall: \(note)\n") }
  // A first page with nothing to show gives way to the next, and pages are read
  // until item `item` (`--select`) is among them.
  while loader.hasMorePages && (allPages || store.count == 0 || item.map { store.count <= $0 } == true) { loadNext() }
  loader.measurePictureSizes()
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
  for line in data.errors.report { writeStandardError("waterfall: \(line)\n") }
  if !data.errors.isEmpty { throw ExitCode(2) }
}

/// Exits 2 for a source none of whose lines is JSON: most likely not a data file.
func failNotJSON(_ source: any ItemSource, _ skipped: SkippedLines) -> Never {
  let lines = skipped.count == 1 ? "its one line is not JSON" : "not one of its \(skipped.count.grouped) lines is JSON"
  fail("\(source.sourceDescription.name): looks like text, not data (\(lines), and it is not CSV or TSV); the first: \(skipped.listed.first?.description ?? "")")
}

/// Reports the lines that were skipped, on standard error: the first 20, then a count.
func reportSkippedLines(_ skipped: SkippedLines) {
  for line in skipped.report { writeStandardError("waterfall: \(line)\n") }
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

/// Writes `bytes` to standard output, whole, or exits 2 saying why not (a full
/// disk, a closed descriptor, a closed pipe with SIGPIPE ignored): no command
/// claims success for what it did not write (``StandardOutput``).
func writeStandardOutput(_ bytes: [UInt8]) {
  var offset = 0
  while offset < bytes.count {
    let n = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    if n < 0 && errno == EINTR { continue }
    if n <= 0 { fail("cannot write to standard output: \(n < 0 ? String(cString: strerror(errno)) : "nothing was written")") }
    offset += n
  }
}
