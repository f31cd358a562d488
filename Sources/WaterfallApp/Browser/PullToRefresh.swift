/// Pull to refresh: scrolling up at the top of the cards pulls a header into view
/// that reads "pull to refresh", then "release to refresh" once pulled
/// ``threshold`` rows, then "refreshing…" while the data is read again.
///
/// A terminal has no finger to lift: the pull is released when no pull has come
/// for ``releaseMilliseconds`` (a held key repeats faster than that) or when any
/// other key is pressed. Released past the threshold it asks for a reload and
/// shows "refreshing…" until the reload is done, and at least
/// ``refreshingMilliseconds`` so it can be read; released early, it springs back.
/// A value with no screen: the browser feeds it events and the time, and draws
/// ``rows`` rows of ``title`` above the cards.
///
/// ```swift
/// var pull = PullToRefresh()
/// pull.pull(rows: 1, now: 0)          // .pulling(1): "pull to refresh"
/// pull.pull(rows: 3, now: 100)        // .pulling(4): "release to refresh"
/// pull.tick(now: 500)                 // true: released armed, reload now
/// pull.state                          // .refreshing
/// pull.reloadFinished(now: 600)       // stays until 900, then .idle
/// ```
public struct PullToRefresh: Equatable, Sendable {
  public enum State: Equatable, Sendable {
    case idle
    /// Pulled this many rows, the key still held.
    case pulling(rows: Int)
    /// Released past the threshold: the data is being read again.
    case refreshing
  }

  /// Rows of pull that arm the refresh.
  public static let threshold = 3
  /// The most rows the header grows to.
  public static let maximumRows = 5
  /// How long without a pull counts as a release.
  public static let releaseMilliseconds: UInt64 = 350
  /// The least time "refreshing…" shows.
  public static let refreshingMilliseconds: UInt64 = 400

  public private(set) var state = State.idle
  private var lastPull: UInt64 = 0
  private var refreshStart: UInt64 = 0
  private var reloadDone = false

  public init() {}

  /// Rows the header takes above the cards: the pull, or one while refreshing.
  public var rows: Int {
    switch state {
    case .idle: return 0
    case .pulling(let rows): return min(rows, Self.maximumRows)
    case .refreshing: return 1
    }
  }

  /// Whether the pull is far enough that releasing refreshes.
  public var isArmed: Bool {
    if case .pulling(let rows) = state { return rows >= Self.threshold }
    return false
  }

  /// What the header says.
  public var title: String {
    switch state {
    case .idle: return ""
    case .pulling: return isArmed ? "↑ release to refresh" : "↓ pull to refresh"
    case .refreshing: return "refreshing…"
    }
  }

  /// Whether a pull or a refresh is under way: the loop then ticks.
  public var isActive: Bool { state != .idle }

  /// Pulls `rows` more rows at time `now` (an Up, `k` or wheel at the top).
  public mutating func pull(rows: Int = 1, now: UInt64) {
    switch state {
    case .idle: state = .pulling(rows: rows)
    case .pulling(let pulled): state = .pulling(rows: min(pulled + rows, Self.maximumRows))
    case .refreshing: return
    }
    lastPull = now
  }

  /// Lets go of the pull at time `now`; returns whether that starts a refresh
  /// (the caller reloads). Early, the header springs back.
  @discardableResult
  public mutating func release(now: UInt64) -> Bool {
    guard case .pulling = state else { return false }
    if isArmed {
      state = .refreshing
      refreshStart = now
      reloadDone = false
      return true
    }
    state = .idle
    return false
  }

  /// The reload asked for is done (the new data is in).
  public mutating func reloadFinished(now: UInt64) {
    guard state == .refreshing else { return }
    reloadDone = true
    if now &- refreshStart >= Self.refreshingMilliseconds { state = .idle }
  }

  /// Moves on to time `now`: a pull not repeated in time is released; returns
  /// whether that starts a refresh.
  @discardableResult
  public mutating func tick(now: UInt64) -> Bool {
    switch state {
    case .idle: return false
    case .pulling:
      return now &- lastPull >= Self.releaseMilliseconds ? release(now: now) : false
    case .refreshing:
      if reloadDone, now &- refreshStart >= Self.refreshingMilliseconds { state = .idle }
      return false
    }
  }

  /// How soon the loop should tick again, in milliseconds, or nil when idle.
  public var tickInterval: Int? { isActive ? 50 : nil }
}
