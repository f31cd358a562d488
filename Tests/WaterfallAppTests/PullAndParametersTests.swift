import Testing
import WaterfallLayout
@testable import WaterfallApp

/// Pull to refresh as a state machine, and the layout parameters' parsing.
@Suite struct PullToRefreshTests {
  @Test func aPullPastTheThresholdReleasedRefreshes() {
    var pull = PullToRefresh()
    pull.pull(now: 0)
    #expect(pull.title == "↓ pull to refresh" && pull.rows == 1)
    pull.pull(now: 30)
    pull.pull(now: 60)
    #expect(pull.title == "↑ release to refresh" && pull.rows == 3 && pull.isArmed)
    let early = pull.tick(now: 60 + PullToRefresh.releaseMilliseconds - 1)
    #expect(!early, "still held")
    let released = pull.tick(now: 60 + PullToRefresh.releaseMilliseconds)
    #expect(released, "released armed: reload")
    #expect(pull.state == .refreshing && pull.title == "refreshing…" && pull.rows == 1)
    // The reload is quick; "refreshing…" stays long enough to be read.
    pull.reloadFinished(now: 500)
    #expect(pull.state == .refreshing)
    pull.tick(now: 410 + PullToRefresh.refreshingMilliseconds)
    #expect(pull.state == .idle && pull.rows == 0)
  }

  @Test func anEarlyReleaseSpringsBack() {
    var pull = PullToRefresh()
    pull.pull(now: 0)
    pull.pull(now: 10)
    let refreshes = pull.release(now: 20)
    #expect(!refreshes)
    #expect(pull.state == .idle)
    // A release by time alone, too.
    pull.pull(now: 100)
    let byTime = pull.tick(now: 100 + PullToRefresh.releaseMilliseconds)
    #expect(!byTime)
    #expect(pull.state == .idle)
  }

  @Test func thePullStopsGrowingAndRefreshingIgnoresPulls() {
    var pull = PullToRefresh()
    for t in 0..<20 { pull.pull(now: UInt64(t)) }
    #expect(pull.rows == PullToRefresh.maximumRows)
    let refreshes = pull.release(now: 30)
    #expect(refreshes)
    pull.pull(now: 40)
    #expect(pull.state == .refreshing)
    let again = pull.release(now: 50)
    #expect(!again)
  }
}

@Suite struct LayoutParametersTests {
  @Test func insetsAreFourNumbersOrOne() throws {
    #expect(try LayoutParameters.insets(from: "1,2,3,4") == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(try LayoutParameters.insets(from: " 2 ") == EdgeInsets(all: 2))
    for bad in ["", "1,2,3", "1,2,3,x", "-1,0,0,0", "1,2,3,4,5", "101"] {
      #expect(throws: LayoutParameters.ParseError.self, "\(bad)") { try LayoutParameters.insets(from: bad) }
    }
  }

  @Test func groupColumnsNameEachGroup() throws {
    #expect(try LayoutParameters.groupColumns(from: "Clay=2,Wood=4") == ["Clay": 2, "Wood": 4])
    #expect(try LayoutParameters.groupColumns(from: "Hand made = 3") == ["Hand made": 3])
    for bad in ["Clay", "Clay=0", "Clay=13", "=2", "Clay=2=3", "Clay=two"] {
      #expect(throws: LayoutParameters.ParseError.self, "\(bad)") { try LayoutParameters.groupColumns(from: bad) }
    }
  }
}
