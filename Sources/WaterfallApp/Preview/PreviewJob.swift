import WaterfallWorkers

/// One run of the preview command, as a ``Worker`` job: a short wait first (a
/// newer selection cancels it before anything starts), then the command
/// started and its output read as it comes, made safe (``PreviewReader``) and
/// handed over chunk by chunk, until it ends, reaches the bound, or a newer
/// selection cancels the job; the command is then stopped (its whole process
/// group) and waited for, on this thread.
///
/// ```swift
/// let job = PreviewJob(line: "cat 'notes.txt'", launcher: ShellPreview.Launcher(), slot: slot)
/// worker.start { job.run($0) }
/// ```
struct PreviewJob: Sendable {
  /// What a job hands the panel.
  enum Chunk: Sendable, Equatable {
    /// Output: lines, and the line still open.
    case output(PreviewReader.Output)
    /// The command ended: its exit status (nil when it was stopped), why the
    /// output was cut, and its last line when no newline ended it.
    case ended(status: Int32?, cut: PreviewReader.Cut?, last: PreviewLine?)
    /// The command could not be started.
    case notStarted
  }

  var line: String
  var launcher: any PreviewLauncher
  var slot: PreviewSlot
  /// How long to wait before starting: a key held down moves on before it ends.
  var debounce = Duration.milliseconds(50)
  var byteLimit = PreviewReader.defaultByteLimit
  var lineLimit = PreviewReader.defaultLineLimit
  /// How long one read waits before the job looks whether it is still wanted.
  static let readWait: Int32 = 250
  /// The most bytes taken in one go before they are handed over.
  static let chunkLimit = 256 * 1024

  func run(_ job: WorkerJob<Chunk>) {
    if debounce > .zero {
      let (seconds, attoseconds) = debounce.components
      guard job.pause(nanoseconds: UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)) else { return }
    }
    guard !job.isCancelled else { return }
    guard let command = slot.start(generation: job.generation, { launcher.start(line) }) else {
      if !job.isCancelled, !slot.isClosed { job.deliver(.notStarted) }
      return
    }
    defer { slot.release(command) }
    var reader = PreviewReader(byteLimit: byteLimit, lineLimit: lineLimit)
    var ended = false
    reading: while !job.isCancelled {
      var bytes: [UInt8] = []
      switch command.read(timeoutMilliseconds: Self.readWait) {
      case .idle: continue reading
      case .end: ended = true
      case .bytes(let first):
        bytes = first
        // What else is there already, in the same go.
        draining: while bytes.count < Self.chunkLimit {
          switch command.read(timeoutMilliseconds: 0) {
          case .bytes(let more): bytes += more
          case .idle: break draining
          case .end:
            ended = true
            break draining
          }
        }
      }
      if !bytes.isEmpty {
        let output = reader.take(bytes)
        if !output.lines.isEmpty || output.tail != nil { job.deliver(.output(output)) }
      }
      if ended || reader.isFull { break reading }
      // A chunk at a time: the next is read once the screen took this one.
      job.waitForRoom { !$0.isEmpty }
    }
    // A job the selection moved on from interrupted its command: not awaited,
    // even when its output happened to end on the way (its last words read).
    let status = command.finish(graceful: ended && !job.isCancelled)
    guard !job.isCancelled else { return }
    job.deliver(.ended(status: ended ? status : nil, cut: reader.cut, last: reader.finish()))
  }
}
