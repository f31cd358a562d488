import Synchronization
import Testing

@testable import WaterfallWorkers

/// Passes split into parts on the program's own helper threads: every part
/// runs once, the caller works too, and a part that asks for helpers again
/// finishes (alone, if it must) instead of waiting for ever.
@Suite struct HelperThreadsTests {
  @Test(arguments: [0, 1, 2, 7, 64]) func everyPartRunsOnce(parts: Int) {
    let helpers = HelperThreads(name: "t-help", priority: .normal, count: 2)
    let counts = Mutex([Int](repeating: 0, count: parts))
    helpers.perform(parts) { part in counts.withLock { $0[part] += 1 } }
    #expect(counts.withLock { $0 } == [Int](repeating: 1, count: parts))
  }

  @Test func nestedPassesFinish() {
    let helpers = HelperThreads(name: "t-nest", priority: .normal, count: 1)
    let total = Atomic<Int>(0)
    helpers.perform(4) { _ in
      helpers.perform(4) { _ in total.add(1, ordering: .relaxed) }
    }
    #expect(total.load(ordering: .relaxed) == 16)
  }

  @Test func serialParallelismRunsInOrderHere() {
    var order: [Int] = []
    Parallelism.serial.perform(3) { order.append($0) }
    #expect(order == [0, 1, 2])
  }

  /// Each part's result lands at its part's place, whichever thread ran it.
  @Test(arguments: [0, 1, 2, 7, 64]) func mapGivesThePartsResultsInOrder(parts: Int) {
    let helpers = HelperThreads(name: "test-map", priority: .normal, count: 1)
    #expect(Parallelism.helpers(helpers).map(parts) { [$0, $0 * $0] } == (0..<parts).map { [$0, $0 * $0] })
    #expect(Parallelism.serial.map(parts) { "\($0)" } == (0..<parts).map { "\($0)" })
  }
}
