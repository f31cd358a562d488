/// When items that arrived for earlier sections may lay every card out again.
///
/// New items at the end of the last section join the cards cheaply; items for
/// an earlier section, or a new section, need every card laid out again, which
/// costs time in proportion to all the items. While a stream pours in, that is
/// done at most every ``interval`` milliseconds (meanwhile the items wait,
/// ``isPending``); once the loader is idle, at once.
///
/// ```swift
/// var throttle = RelayoutThrottle()
/// throttle.isPending = true
/// throttle.allows(now: 100, loaderIdle: false)   // true: the first time
/// throttle.allows(now: 200, loaderIdle: false)   // false: 250 ms have not passed
/// ```
public struct RelayoutThrottle: Equatable, Sendable {
  /// How often, at most, a stream lays every card out again (milliseconds).
  public static let interval: UInt64 = 250

  /// Whether items wait to be shown until the cards are laid out again.
  public var isPending = false
  private var last: UInt64 = 0

  public init() {}

  /// Whether the cards may be laid out again at `now` (milliseconds); counts a
  /// pending relayout as done when it says yes.
  public mutating func allows(now: UInt64, loaderIdle: Bool) -> Bool {
    guard loaderIdle || now &- last >= Self.interval else { return false }
    if isPending { last = now }
    return true
  }

  /// How long the loop may wait for input before a waiting relayout is due
  /// (milliseconds), or nil when none waits.
  public var tickInterval: Int? { isPending ? Int(Self.interval) : nil }
}
