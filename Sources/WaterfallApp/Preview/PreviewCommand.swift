/// A preview command running: its output read in chunks, and the ways to stop
/// it. ``ShellPreview`` runs a real one; tests give scripted ones.
///
/// ``read(timeoutMilliseconds:)`` and ``finish(graceful:)`` are called by the
/// one job that started the command, on the worker's thread; ``interrupt()``
/// and ``kill()`` from any thread, any number of times, also once it ended.
///
/// ```swift
/// guard let command = launcher.start("cat notes.txt") else { return }
/// while case .bytes(let chunk) = command.read(timeoutMilliseconds: 200) { show(chunk) }
/// let status = command.finish(graceful: true)
/// ```
public protocol PreviewCommand: AnyObject, Sendable {
  /// Waits up to `timeoutMilliseconds` for output.
  func read(timeoutMilliseconds: Int32) -> PreviewRead
  /// Asks the command and what it started to stop (SIGTERM to its process group).
  func interrupt()
  /// Stops the command and everything it started for good, and waits for it:
  /// `graceful` (its output ended) lets it exit on its own a moment first.
  /// Returns its exit status (128 + the signal that ended it).
  @discardableResult
  func finish(graceful: Bool) -> Int32?
  /// Kills the command and everything it started at once (SIGKILL to its
  /// process group), without waiting: the program is ending.
  func kill()
}

/// What one read of a preview command's output found.
public enum PreviewRead: Equatable, Sendable {
  /// Bytes of output.
  case bytes([UInt8])
  /// Nothing yet (the wait ran out).
  case idle
  /// The output ended (every writer closed it).
  case end
}

/// Starts preview commands: ``ShellPreview`` with `/bin/sh`, or a test's.
///
/// ```swift
/// let launcher: any PreviewLauncher = ShellPreview.Launcher()
/// let command = launcher.start("bat --color=always 'notes.md'")
/// ```
public protocol PreviewLauncher: Sendable {
  /// Starts `line`; nil when it could not be started.
  func start(_ line: String) -> (any PreviewCommand)?
}
