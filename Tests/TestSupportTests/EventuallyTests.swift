import Synchronization
import TestSupport
import Testing

/// The one wait of the tests: it returns as soon as its condition holds, and a
/// wait that runs out is an issue at the wait, not a silent return.
@Suite struct EventuallyTests {
  @Test func returnsOnceTheConditionHolds() {
    var polls = 0
    let held = eventually("the third poll") {
      polls += 1
      return polls == 3
    }
    #expect(held)
    #expect(polls == 3)
  }

  @Test func aConditionThatNeverHoldsIsAnIssue() {
    withKnownIssue {
      let held = eventually("nothing", timeout: .milliseconds(20)) { false }
      #expect(!held)
    } matching: { issue in
      issue.description.contains("waiting for nothing")
    }
  }
}
