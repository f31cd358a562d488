/// What `--preview` and `--preview-window` ask for: the command run for the
/// selected item, and where its output shows.
///
/// ```swift
/// var options = Browser.Options()
/// options.preview = PreviewOptions(
///   command: try CommandTemplate(parsing: "cat {path}"), window: try PreviewWindow(parsing: "down:40%"))
/// ```
public struct PreviewOptions: Hashable, Sendable {
  /// The command, its placeholders quoted as `--bind`'s are.
  public var command: CommandTemplate
  public var window: PreviewWindow

  public init(command: CommandTemplate, window: PreviewWindow = PreviewWindow()) {
    self.command = command
    self.window = window
  }
}
