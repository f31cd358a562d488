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
/// if let command = slot.start(generation: job.generation, { launcher.start(line) }) { …; slot.release(command) }
/// // on the main thread, when the selection moves on (a new job started):
/// slot.interrupt(before: worker.generation)
/// ```
final class PreviewSlot: Sendable {
  private struct State {
    var command: (any PreviewCommand)?
    /// The generation of the job that started it.
    var generation = 0
    var closed = false
  }

  private let state = Mutex(State())

  /// Starts a command with `launch` for the job of `generation` and holds it;
  /// nil when `launch` could not, or the slot is closed.
  func start(generation: Int, _ launch: () -> (any PreviewCommand)?) -> (any PreviewCommand)? {
    state.withLock { state in
      guard !state.closed, let command = launch() else { return nil }
      state.command = command
      state.generation = generation
      return command
    }
  }

  /// Lets go of `command` (it ended and was waited for).
  func release(_ command: any PreviewCommand) {
    state.withLock { state in
      if state.command === command { state.command = nil }
    }
  }

  /// Asks the running command to stop (SIGTERM to its group), when a job of
  /// an older generation than `generation` started it; its job then finishes it.
  func interrupt(before generation: Int) {
    state.withLock { state in
      if state.generation < generation { state.command?.interrupt() }
    }
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
