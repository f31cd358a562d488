import WaterfallWorkers

/// The preview panel (`--preview CMD`): the command's output for the selected
/// item, run on a worker, beside the cards; owned by the ``Browser``.
///
/// The browser tells it which command line the selection stands for
/// (``show(_:)``, with the placeholders filled in and quoted by
/// ``CommandTemplate``); when the line changes, the running command is
/// interrupted at once (SIGTERM to its process group, from this thread) and a
/// new ``PreviewJob`` started, which waits ``debounce`` before it runs the
/// command, so that a key held down starts nothing until it is let go. What
/// the old command still writes is dropped with its job (``Worker``'s newest
/// wins). ``take()`` takes in the output as it comes; ``stop()`` kills the
/// command when the program ends.
///
/// Commands run only once a launcher is given (``attach(launcher:baseDirectory:)``):
/// the terminal gives ``ShellPreview``; `render` and the library give none, so
/// drawing a browser never runs anything.
///
/// ```swift
/// let panel = PreviewPanel(options: PreviewOptions(command: template), workers: .background(wake: wake))
/// panel.attach(launcher: ShellPreview.Launcher(), baseDirectory: ".")
/// panel.show("cat 'notes.txt'")
/// // when woken:
/// if panel.take() { redraw() }
/// ```
final class PreviewPanel {
  /// The command, its placeholders still to fill.
  let command: CommandTemplate
  /// Where the panel goes, and whether it wraps.
  let window: PreviewWindow
  /// Whether the panel shows (the toggle key, `hidden`).
  private(set) var isOpen: Bool
  /// Where jobs run.
  let worker: Worker<PreviewJob.Chunk>
  let slot = PreviewSlot()
  /// What starts commands; nil: none runs.
  private(set) var launcher: (any PreviewLauncher)?
  /// Where items' relative picture paths start (`{path}`).
  private(set) var baseDirectory = "."
  /// How long a job waits before it starts its command.
  var debounce: Duration
  var byteLimit = PreviewReader.defaultByteLimit
  var lineLimit = PreviewReader.defaultLineLimit
  /// What the panel shows.
  private(set) var content = PreviewContent()
  /// The first line shown (in lines of output, wrapped or not).
  var scroll = 0
  /// The command line whose output shows (or is coming); nil: none.
  private(set) var line: String?
  /// What the line was made from, to tell when the selection changed.
  var key: PreviewKey?

  init(options: PreviewOptions, workers: WorkerMode) {
    command = options.command
    window = options.window
    isOpen = !options.window.hidden
    worker = Worker(name: "preview", mode: workers, priority: .lowered)
    // Jobs that run when a test says wait for nothing.
    debounce = workers.isBackground ? .milliseconds(50) : .zero
  }

  deinit {
    stop()
  }

  /// Lets commands run, started by `launcher`, with pictures' relative paths
  /// taken from `baseDirectory`. A panel whose worker is synchronous runs
  /// none: a command would hold the thread that draws.
  func attach(launcher: any PreviewLauncher, baseDirectory: String) {
    guard !worker.mode.isSynchronous else { return }
    self.launcher = launcher
    self.baseDirectory = baseDirectory
    key = nil
    line = nil
  }

  /// Shows the output of `line` (nil: nothing): when it is not the line shown,
  /// the running command is interrupted and `line` started after ``debounce``.
  func show(_ newLine: String?) {
    guard newLine != line else { return }
    line = newLine
    // The old job's generation ends first, so that nothing its command writes
    // once interrupted is kept; the new job's command is not touched.
    defer { slot.interrupt(before: worker.generation) }
    guard let newLine, let launcher, isOpen else {
      worker.cancel()
      content.clear()
      scroll = 0
      return
    }
    content.restart()
    let job = PreviewJob(
      line: newLine, launcher: launcher, slot: slot, debounce: debounce, byteLimit: byteLimit, lineLimit: lineLimit)
    worker.start { job.run($0) }
  }

  /// Runs the command shown again (fzf's `refresh-preview`).
  func refresh() {
    let current = line
    line = nil
    content.clear()
    show(current)
  }

  /// Opens or closes the panel; closed, its command is stopped.
  func toggle() {
    isOpen.toggle()
    if !isOpen { show(nil) }
    // The line is made again at the next update, for whatever is selected then.
    key = nil
  }

  /// Takes in the output that came since the last call; returns whether the
  /// panel changed.
  @discardableResult
  func take() -> Bool {
    let chunks = worker.take()
    for chunk in chunks where content.apply(chunk) {
      scroll = 0
    }
    return !chunks.isEmpty
  }

  /// Whether output waits to be taken.
  var hasOutput: Bool { worker.hasOutput }

  /// Stops the command at once and runs no other: the program ends.
  func stop() {
    worker.cancel()
    slot.close()
  }
}

/// What a preview's command line was made from: when it changes, the line is
/// made again (filling the placeholders reads the item).
struct PreviewKey: Equatable {
  /// Whether the panel shows (open, with room on the screen).
  var shows: Bool
  var item: Int?
  /// The search, when the command has `{q}`.
  var query: String?
  /// The marked items, when the command has `{+…}`.
  var marked: [Int]?
}
