import Synchronization

/// The preview command running now, where the main thread can reach it: to
/// interrupt it the moment the selection moves on, and to kill it when the
/// program ends, while the job that started it reads its output on a worker.
///
/// A command is started inside the slot's lock (``start(_:)``), so that once
/// ``close()`` has run no command is started and none is left running.
///
/// ```swift
/// let slot = PreviewSlot()
/// // on the worker:
/// if let command = slot.start({ launcher.start(line) }) { …; slot.release(command) }
/// // on the main thread, when the selection moves:
/// slot.interrupt()
/// ```
final class PreviewSlot: Sendable {
  private struct State {
    var command: (any PreviewCommand)?
    var closed = false
  }

  private let state = Mutex(State())

  /// Starts a command with `launch` and holds it; nil when `launch` could not,
  /// or the slot is closed.
  func start(_ launch: () -> (any PreviewCommand)?) -> (any PreviewCommand)? {
    state.withLock { state in
      guard !state.closed, let command = launch() else { return nil }
      state.command = command
      return command
    }
  }

  /// Lets go of `command` (it ended and was waited for).
  func release(_ command: any PreviewCommand) {
    state.withLock { state in
      if state.command === command { state.command = nil }
    }
  }

  /// Asks the running command to stop (SIGTERM to its group); its job then
  /// finishes it.
  func interrupt() {
    state.withLock { $0.command?.interrupt() }
  }

  /// Kills the running command at once and starts no other: the program ends.
  func close() {
    state.withLock { state in
      state.closed = true
      state.command?.kill()
    }
  }

  /// Whether ``close()`` has run.
  var isClosed: Bool { state.withLock { $0.closed } }
}
