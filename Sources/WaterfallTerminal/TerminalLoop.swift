import WaterfallLayout
import WaterfallView

/// A live terminal in a few lines: events in, frames out.
///
/// The loop owns a ``TerminalSession`` and a ``TerminalCanvas`` over it. ``run(_:)``
/// draws a frame of the ``TerminalProgram``, shows it (only the rows that changed
/// are sent), waits for input, a timeout or a ``wakeUp`` from another thread,
/// hands every waiting event to the program, and draws again (telling the
/// program's update that this frame answers input), until the program
/// finishes. A resize arrives as ``InputEvent/resize(_:)`` and the next frame is
/// drawn at the new size.
///
/// The terminal is restored by ``end()`` (or when the session goes away), and
/// on SIGINT, SIGTERM and SIGHUP by the session itself.
///
/// ```swift
/// let view = CollectionView(frame: Rect(x: 0, y: 0, width: 80, height: 24),
///                           layout: WaterfallLayout(columnCount: 3, columnSpacing: 1))
/// view.register(TextCell.self, forCellWithReuseIdentifier: "text")
/// view.dataSource = notes   // a CollectionViewDataSource of your own
/// view.reloadData()
///
/// let loop = try TerminalLoop()
/// defer { loop.end() }
/// loop.run(Viewer(view: view))   // a TerminalProgram: draws the view, moves on arrows, q finishes
/// ```
///
/// `swift run waterfall-example` runs such a program (Examples/WaterfallExample).
public final class TerminalLoop {
  /// The terminal.
  public let session: TerminalSession
  /// What each frame is drawn into: blank and the screen's size when the
  /// program's ``TerminalProgram/draw(in:)`` is called.
  public let canvas: TerminalCanvas
  /// The most events handled before a frame is drawn, so that a flood of input
  /// still shows on the screen now and then.
  public static let batchLimit = 256

  private let start = ContinuousClock.now

  /// A loop over a session that is open already (for example to hand its
  /// ``TerminalSession/wakeUp`` to a loader before the first frame).
  public init(session: TerminalSession) {
    self.session = session
    canvas = TerminalCanvas(session: session)
  }

  /// Opens the terminal (see ``TerminalSession``) and makes a loop over it.
  public convenience init(options: TerminalSession.Options = TerminalSession.Options()) throws(TerminalError) {
    self.init(session: try TerminalSession(options: options))
  }

  /// Wakes the loop from another thread: the wait for input ends, and the next
  /// frame begins with ``TerminalProgram/update(time:)``.
  public var wakeUp: WakeUp { session.wakeUp }

  /// Milliseconds since the loop was made.
  public var time: UInt64 {
    let elapsed = start.duration(to: .now)
    return UInt64(max(0, elapsed.components.seconds)) * 1000
      + UInt64(max(0, elapsed.components.attoseconds) / 1_000_000_000_000_000)
  }

  /// Gives the terminal back. Safe to call more than once.
  public func end() {
    session.end()
  }

  /// Draws `program`'s frames and hands it events until it finishes; returns
  /// what it finished with.
  public func run<Program: TerminalProgram>(_ program: Program) -> Program.Outcome {
    var afterInput = false
    var pacer = FramePacer(interval: 0)
    while true {
      program.update(time: time, afterInput: afterInput)
      let frameStart = time
      canvas.clear()
      program.draw(in: canvas)
      canvas.present()
      program.frameShown(drawingTime: time &- frameStart)
      pacer.interval = program.frameInterval
      pacer.frameDrawn(at: frameStart, answeringInput: afterInput)

      afterInput = false
      guard var event = nextEvent(for: program, pacer: pacer) else { continue }
      afterInput = true
      // Handle every event already waiting before drawing again, so a burst of
      // keys or resizes costs one frame.
      var handled = 0
      while true {
        switch program.handle(event, time: time) {
        case .continue: break
        case .repaint:
          session.repaintAll()
          canvas.forgetShownFrame()
        case .finish(let outcome): return outcome
        }
        handled += 1
        guard handled < Self.batchLimit, let next = session.nextEvent(timeout: 0) else { break }
        event = next
      }
    }
  }

  /// The next event, or nil once the next frame is due: the program's timeout
  /// passed or a worker woke the loop, and `pacer` allows a frame. Until it does,
  /// the program works (``TerminalProgram/work(time:)``) a slice at a time,
  /// and input ends the wait at once.
  private func nextEvent(for program: some TerminalProgram, pacer: FramePacer) -> InputEvent? {
    Self.nextEvent(
      timeout: program.timeout(time: time), pacer: pacer, now: { self.time },
      wait: { self.session.nextEvent(timeout: $0) }, work: { program.work(time: self.time) })
  }

  /// ``nextEvent(for:pacer:)`` over any clock and input: `wait` waits up to its
  /// milliseconds (nil: until woken) and returns an event or nil; `work` does a
  /// slice of the program's work and says whether more is waiting.
  static func nextEvent(
    timeout: Int?, pacer: FramePacer, now: () -> UInt64, wait: (Int?) -> InputEvent?, work: () -> Bool
  ) -> InputEvent? {
    var timeout = timeout
    while true {
      if let event = wait(timeout) { return event }
      guard pacer.wait(at: now()) > 0 else { return nil }
      if work() {
        timeout = 0
        continue
      }
      // Nothing more to take in: wait for input until the frame is due.
      let left = pacer.wait(at: now())
      guard left > 0 else { return nil }
      timeout = Int(left)
    }
  }
}
