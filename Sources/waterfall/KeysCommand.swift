import ArgumentParser
import WaterfallApp

/// `waterfall keys`: the browser's keys as the README's Markdown table, from the
/// same table that drives the keys (hidden; for whoever updates the README).
struct KeysCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys", abstract: "Print the key table as Markdown (for README.md).", shouldDisplay: false)

  func run() {
    StandardOutput.print(KeyBindings.markdown + "\n\nIn the details:\n\n" + KeyBindings.detailsMarkdown)
  }
}
