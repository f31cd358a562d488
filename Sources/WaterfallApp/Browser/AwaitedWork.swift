import Synchronization

/// Whether background work someone waits for is under way (the search's
/// compact texts being built after `/`, a search pass), so that work done only
/// ahead of need (the heights measured ahead for `+`, `-` and `z`) steps aside.
///
/// Both kinds run at the same lowered priority, so without it they share the
/// two cores: right after a load of a million file items, the heights measured
/// ahead (a scan of every item's text, ``PackedCards``) took a third of the
/// cores the search's texts were being built on.
///
/// ```swift
/// let awaited = AwaitedWork()
/// awaited.during { buildSearchTexts() }              // a worker someone waits for
/// awaited.waitWhileUnderWay { job.pause(nanoseconds: $0) }   // a pass done ahead, between batches
/// ```
public final class AwaitedWork: Sendable {
  private let running = Atomic<Int>(0)
  private let restsTaken = Atomic<Int>(0)
  private let runsBegun = Atomic<Int>(0)

  public init() {}

  /// How long a pass done ahead waits at a time before it looks again.
  static let pauseNanoseconds: UInt64 = 5_000_000

  /// Whether some awaited work is under way.
  public var isUnderWay: Bool { running.load(ordering: .relaxed) > 0 }

  /// Runs `body`, awaited work, counting it as under way meanwhile.
  public func during<R>(_ body: () throws -> R) rethrows -> R {
    begin()
    defer { end() }
    return try body()
  }

  /// Counts awaited work as under way until ``end()``.
  func begin() {
    running.add(1, ordering: .relaxed)
    runsBegun.add(1, ordering: .relaxed)
  }

  /// How many runs of awaited work began (tests).
  var begun: Int { runsBegun.load(ordering: .relaxed) }

  /// Ends what ``begin()`` began.
  func end() { running.subtract(1, ordering: .relaxed) }

  /// How many times work done ahead rested for awaited work (tests).
  var rests: Int { restsTaken.load(ordering: .relaxed) }

  /// Waits while awaited work is under way: `pause` waits up to the
  /// nanoseconds it is given, and says false when the waiting job was stopped.
  public func waitWhileUnderWay(pause: (UInt64) -> Bool) {
    while isUnderWay {
      restsTaken.add(1, ordering: .relaxed)
      guard pause(Self.pauseNanoseconds) else { return }
    }
  }
}
