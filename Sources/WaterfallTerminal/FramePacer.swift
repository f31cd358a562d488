/// When the next frame may be drawn, so that work woken a thousand times a
/// second costs a screen's worth of frames, not a thousand.
///
/// A frame that answers input comes at once, and so does the first frame after
/// one that answered input or after a quiet screen (no frame for two
/// intervals): a search's first matches show as soon as they are found. The
/// frames after that, which only show what workers found, come at least
/// ``interval`` milliseconds apart. Times are the loop's milliseconds.
///
/// ```swift
/// var pacer = FramePacer(interval: 16)
/// pacer.frameDrawn(at: 100, answeringInput: true)   // a key's frame
/// pacer.wait(at: 103)                               // 0: its first matches show at once
/// pacer.frameDrawn(at: 103, answeringInput: false)
/// pacer.wait(at: 105)                               // 14: the next no sooner than 119
/// ```
public struct FramePacer: Sendable, Equatable {
  /// The least time between frames that answer no input (0: no pacing).
  public var interval: UInt64
  /// When the last frame was drawn; nil before the first.
  private var lastFrame: UInt64?
  /// Whether the next frame waits for ``interval`` after the last.
  private var paced = false

  public init(interval: UInt64) {
    self.interval = interval
  }

  /// Records a frame drawn at `time`; `answeringInput`: it shows events just handled.
  public mutating func frameDrawn(at time: UInt64, answeringInput: Bool) {
    let followsClosely = lastFrame.map { time &- $0 < 2 * interval } ?? false
    paced = !answeringInput && followsClosely
    lastFrame = time
  }

  /// Milliseconds to wait at `time` before the next frame may be drawn (0: now).
  public func wait(at time: UInt64) -> UInt64 {
    guard paced, let lastFrame else { return 0 }
    let due = lastFrame &+ interval
    return time >= due ? 0 : due - time
  }
}
