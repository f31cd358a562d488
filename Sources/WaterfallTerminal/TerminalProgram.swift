import WaterfallView

/// What a ``TerminalLoop`` runs: it draws frames and answers events.
///
/// The loop calls, in turn: ``update(time:afterInput:)`` (take in what background
/// work produced, advance animations), ``draw(in:)`` into a blank canvas the size of the
/// screen, ``frameShown(drawingTime:)`` once the frame is on the screen; then it
/// waits up to ``timeout(time:)`` for input and calls ``handle(_:time:)`` for every
/// event already waiting (a burst of keys costs one frame) before drawing again.
/// Frames that answer no input come at most every ``frameInterval`` milliseconds
/// (``FramePacer``); meanwhile ``work(time:)`` takes in what workers produced, a
/// slice at a time, the loop looking for input between slices.
/// Times are milliseconds since the loop started. Only ``draw(in:)`` and
/// ``handle(_:time:)`` are required; the rest default to doing nothing and waiting
/// until an event or a ``WakeUp``.
///
/// A program is used from the thread that runs the loop. Work on other threads
/// hands its results over (a lock, a queue) and calls ``TerminalLoop/wakeUp``'s
/// ``WakeUp/signal()``: the wait ends, and ``update(time:)`` takes them in.
///
/// ```swift
/// final class Counter: TerminalProgram {
///   var count = 0
///   func draw(in canvas: TerminalCanvas) {
///     canvas.put("\(count) (space adds one, q quits)", at: Point(x: 0, y: 0))
///   }
///   func handle(_ event: InputEvent, time: UInt64) -> TerminalStep<Int> {
///     switch event {
///     case .key(.character(" ")): count += 1
///     case .key(.character("q")): return .finish(count)
///     default: break
///     }
///     return .continue
///   }
/// }
/// ```
public protocol TerminalProgram<Outcome> {
  /// What the loop returns when the program finishes.
  associatedtype Outcome

  /// Called before each frame is drawn: take in what background work produced,
  /// advance animations to `time`.
  func update(time: UInt64)

  /// Called before each frame is drawn, instead of ``update(time:)``;
  /// `afterInput` is true for the frame that shows the events just handled. A
  /// program with much to take in can leave it to the next frame then, so that
  /// the screen answers the key first. By default, calls ``update(time:)``.
  func update(time: UInt64, afterInput: Bool)

  /// Draws the frame. The canvas is the screen's size and blank.
  func draw(in canvas: TerminalCanvas)

  /// Called once the frame is on the screen, with the milliseconds it took from
  /// ``update(time:)``'s return to the terminal's update (a program that animates
  /// can slow down or stop when frames are slow).
  func frameShown(drawingTime: UInt64)

  /// How long to wait for input before drawing the next frame anyway, in
  /// milliseconds (0: do not wait; `nil`: until an event or a wake-up).
  func timeout(time: UInt64) -> Int?

  /// The least milliseconds between frames that answer no input, as things stand
  /// after the frame just drawn (``FramePacer``). By default 0: a frame whenever
  /// a worker wakes the loop. Input is answered at once whatever it is.
  var frameInterval: UInt64 { get }

  /// Takes in a slice (about a millisecond) of what background work produced,
  /// between frames that are not yet due; returns whether more is waiting. By
  /// default does nothing: what workers produce waits for ``update(time:)``.
  func work(time: UInt64) -> Bool

  /// Answers one event: a key, a mouse action, or the screen's new size.
  func handle(_ event: InputEvent, time: UInt64) -> TerminalStep<Outcome>
}

extension TerminalProgram {
  public func update(time: UInt64) {}
  public func update(time: UInt64, afterInput: Bool) { update(time: time) }
  public func frameShown(drawingTime: UInt64) {}
  public func timeout(time: UInt64) -> Int? { nil }
  public var frameInterval: UInt64 { 0 }
  public func work(time: UInt64) -> Bool { false }
}
