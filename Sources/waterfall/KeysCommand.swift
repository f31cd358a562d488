import ArgumentParser
import WaterfallApp

/// `waterfall keys`: the browser's keys as the README's Markdown table, from the
/// same table that drives the keys (hidden; for whoever updates the README),
/// after the keys bound in the default options (``DefaultOptions``) and by its
/// own `--bind`.
///
/// ```sh
/// waterfall keys --bind 'ctrl-o:execute(less {path})'   # Ctrl-O first, then the rest
/// ```
struct KeysCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys", abstract: "Print the key table as Markdown (for README.md).", shouldDisplay: false)

  @Option(help: ArgumentHelp("Keys bound as the browser's --bind binds them.", valueName: "bindings"))
  var bind: [String] = []

  func validate() throws {
    do { _ = try KeyMap(binding: bind) } catch { throw ValidationError("--bind \(error.description)") }
  }

  func run() throws {
    var values: [String] = []
    if let defaults = try? DefaultOptions.load(environment: DefaultOptions.environment),
      let browse = try? Browse.parseAsRoot(defaults.words) as? Browse
    {
      values = browse.picker.bind
    }
    let map = try KeyMap(binding: values + bind)
    StandardOutput.print(map.markdown)
  }
}
