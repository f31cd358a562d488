import ArgumentParser
import WaterfallApp
import WaterfallView

/// The options an fzf user reaches for: `--filter` (no terminal), `--query`
/// (a search typed at start), `--bind`, `--color`, `--header`, `--preview` and
/// `--preview-window`.
///
/// ```sh
/// waterfall -q wool --bind 'ctrl-o:execute(less {path})' --header 'ctrl-o: open' items.jsonl
/// ```
struct PickerOptions: ParsableArguments {
  @Option(
    name: [.customShort("f"), .long],
    help: ArgumentHelp(
      "No terminal: print the items the search matches (data order, or --sort's) as JSON Lines; exit 0, or 1 when none matches.",
      valueName: "search"))
  var filter: String?
  @Option(
    name: [.customShort("q"), .long],
    help: ArgumentHelp("Start with this search typed, as fzf's --query (SQL is --sql).", valueName: "search"))
  var query: String?
  @Option(
    help: ArgumentHelp(
      "KEY:ACTION[+ACTION…], comma-separated, as fzf's: execute(CMD), execute-silent(CMD), become(CMD), accept, abort, print, reload, up, down, toggle-details, change-layout, … ({} {field} {q} {path} quoted). Repeatable.",
      valueName: "bindings"))
  var bind: [String] = []
  @Option(
    help: ArgumentHelp(
      "A theme (dark, light, 16, bw) and overrides, as fzf's: 'light,selected:reverse,match:yellow'. NO_COLOR still wins.",
      valueName: "colors"))
  var color: String?
  @Option(help: ArgumentHelp("Text above the cards (a line a row).", valueName: "text"))
  var header: String?
  @Option(
    help: ArgumentHelp(
      "A command whose output shows beside the cards for the selected item, as fzf's ({} {field} {q} {path} quoted as --bind's); colours kept.",
      valueName: "command"))
  var preview: String?
  @Option(
    help: ArgumentHelp(
      "Where the preview goes, as fzf's: right (default), left, up, down; a size (50%, 40); hidden; wrap. Ctrl-/ shows or hides it.",
      valueName: "spec"))
  var previewWindow: String?

  func validate() throws {
    do { _ = try KeyMap(binding: bind) } catch { throw ValidationError("--bind \(error.description)") }
    if let color {
      do { _ = try ColorOption.theme(parsing: color, over: .unicode) } catch { throw ValidationError("--color \(error.description)") }
    }
    if let preview {
      if preview.allSatisfy(\.isWhitespace) { throw ValidationError("--preview needs a command") }
      do { _ = try CommandTemplate(parsing: preview) } catch { throw ValidationError("--preview \(error.description)") }
    }
    if let previewWindow {
      do { _ = try PreviewWindow(parsing: previewWindow) } catch { throw ValidationError("--preview-window \(error.description)") }
    }
  }

  /// `--preview` and `--preview-window` (checked by ``validate()``); nil without `--preview`.
  var previewOptions: PreviewOptions? {
    guard let preview, let command = try? CommandTemplate(parsing: preview) else { return nil }
    let window = previewWindow.flatMap { try? PreviewWindow(parsing: $0) } ?? PreviewWindow()
    return PreviewOptions(command: command, window: window)
  }

  /// The keys after `--bind` (checked by ``validate()``).
  var keyMap: KeyMap { (try? KeyMap(binding: bind)) ?? KeyMap() }

  /// `theme` after `--color`.
  func theme(over theme: CardTheme) -> CardTheme {
    color.flatMap { try? ColorOption.theme(parsing: $0, over: theme) } ?? theme
  }

  /// Exits 2 when `--query` on a database reads as SQL: the option that took
  /// SQL is `--sql` now.
  func refuseSQL(on source: any ItemSource) {
    guard source.sourceDescription.rowsAreTable, let query, Self.readsAsSQL(query) else { return }
    fail("--query is the search typed at the start now, as fzf's; for the rows of a SQL query use --sql \"\(query)\"")
  }

  /// Whether `text` starts as a read-only SQL statement does.
  static func readsAsSQL(_ text: String) -> Bool {
    let first = text.drop { $0.isWhitespace }.prefix { $0.isLetter }.lowercased()
    return ["select", "with", "values", "pragma", "explain"].contains(first)
  }
}
