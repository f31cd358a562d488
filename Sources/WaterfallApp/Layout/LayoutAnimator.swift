import WaterfallLayout
import WaterfallView

/// A change being animated over ``duration`` milliseconds: cards sliding from
/// their places in one layout to their places in another (a layout switch, a
/// delete, an undo, the circle turning), or the content scrolling from one offset
/// to another (the carousel moving a card to the middle). It says which layout to
/// show at which offset at a time; the browser puts it on the view.
///
/// ```swift
/// var animator = LayoutAnimator()
/// animator.begin(transition, target: newLayout)
/// let frame = animator.advance(to: now)   // the transition part way, or the target at the end
/// ```
struct LayoutAnimator {
  /// How long a change takes (milliseconds).
  static let duration: UInt64 = 120

  /// What to show: a layout and the scroll offset to show it at.
  struct Frame {
    var layout: any CollectionLayout
    var offset: Point
  }

  private enum Motion {
    case transition(TransitionLayout, target: any CollectionLayout)
    case scroll(any CollectionLayout, from: Point, to: Point)
  }

  private var running: (motion: Motion, start: UInt64?)?

  var isRunning: Bool { running != nil }

  /// Starts animating `transition`, which ends on `target`; time starts at the
  /// first ``advance(to:)``.
  mutating func begin(_ transition: TransitionLayout, target: any CollectionLayout) {
    running = (.transition(transition, target: target), nil)
  }

  /// Starts scrolling `layout` from offset `from` to offset `to`.
  mutating func beginScroll(of layout: any CollectionLayout, from: Point, to: Point) {
    running = (.scroll(layout, from: from, to: to), nil)
  }

  /// Moves on to time `now` (milliseconds): the change part way, or its end when
  /// the time is up (and the animation is over). Nil when nothing is animating.
  mutating func advance(to now: UInt64) -> Frame? {
    guard let current = running else { return nil }
    let start = current.start ?? now
    running?.start = start
    let elapsed = now &- start
    if elapsed >= Self.duration { return finish() }
    let progress = Double(elapsed) / Double(Self.duration)
    switch current.motion {
    case .transition(let transition, _):
      transition.progress = progress
      return Frame(layout: transition, offset: transition.toOrigin)
    case .scroll(let layout, let from, let to):
      func mix(_ a: Int, _ b: Int) -> Int { a + Int((Double(b - a) * progress).rounded()) }
      return Frame(layout: layout, offset: Point(x: mix(from.x, to.x), y: mix(from.y, to.y)))
    }
  }

  /// Ends the animation at once: its end, or nil when none ran.
  mutating func finish() -> Frame? {
    guard let current = running else { return nil }
    running = nil
    switch current.motion {
    case .transition(let transition, let target): return Frame(layout: target, offset: transition.toOrigin)
    case .scroll(let layout, _, let to): return Frame(layout: layout, offset: to)
    }
  }
}
