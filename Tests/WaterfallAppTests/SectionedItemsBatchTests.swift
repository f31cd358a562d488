import Testing
import TestSupport

@testable import WaterfallApp

/// Items added a batch at a time land where they land one by one: in the
/// last section, in an earlier one (late), or in a new one, with the same
/// change reported.
@Suite struct SectionedItemsBatchTests {
  @Test func aBatchIsAddedAsItsItemsOneByOne() {
    var rng = SeededGenerator(seed: 41)
    let keys: [String?] = [nil, "a", "b", "c"]
    var batched = SectionedItems()
    var single = SectionedItems()
    var next = 0
    for _ in 0..<200 {
      let key = keys.randomElement(using: &rng)!
      let batch = next..<(next + Int.random(in: 0...5, using: &rng))
      next = batch.upperBound
      let lastBefore = batched.sectionCount - 1
      var batchChange = SectionedItems.Change()
      var singleChange = SectionedItems.Change()
      batched.add(batch, key: key, change: &batchChange, lastBefore: lastBefore)
      for item in batch { single.add(item, key: key, change: &singleChange, lastBefore: lastBefore) }
      #expect(batchChange == singleChange, "\(batch) under \(key ?? "nil")")
    }
    #expect(batched == single)
    #expect(batched.count == next)
  }
}
