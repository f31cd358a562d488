import Testing
import TestSupport
import WaterfallWorkers

@testable import WaterfallApp

/// The search's compact texts built when the search opens, before any key:
/// every whole block, within the budget, stopped by a cancel, never for a
/// one-pass `render`, and searched as the JSON is.
@Suite struct SearchTextPreparerTests {
  @Test func everyWholeBlockIsBuiltWhenTheWorkIsRun() {
    let store = Fixture.store(2_500)
    let preparer = SearchTextPreparer(mode: .stepped)
    preparer.prepare(store.itemTexts)
    #expect(store.searchTexts.itemsHeld == 0, "nothing is built until the worker runs")
    preparer.runPending()
    #expect(store.searchTexts.itemsHeld == 2_048)
    #expect(store.searchTexts.block(0) != nil && store.searchTexts.block(1) != nil)
    #expect(store.searchTexts.block(2) == nil, "the last block is not whole: its items are read in their JSON")
  }

  @Test func bothLanesInTheBackgroundBuildEveryWholeBlockOnce() {
    let store = Fixture.store(10_300)
    let preparer = SearchTextPreparer(mode: .background(wake: {}))
    preparer.prepare(store.itemTexts)
    eventually("every whole block built") { store.searchTexts.itemsHeld == 10_240 }
    #expect((0..<10).allSatisfy { store.searchTexts.block($0) != nil })
    #expect(store.searchTexts.block(10) == nil)
  }

  @Test func theBuildingRestsWhileASearchsLanesWork() {
    let store = Fixture.store(3_100)
    let search = AwaitedWork()
    let preparer = SearchTextPreparer(mode: .background(wake: {}), yieldingTo: search)
    search.begin()
    preparer.prepare(store.itemTexts)
    eventually("the building to rest") { search.rests > 0 }
    #expect(store.searchTexts.itemsHeld == 0, "a build rests before its first item while the search works")
    search.end()
    eventually("every whole block built once the search is done") { store.searchTexts.itemsHeld == 3_072 }
  }

  @Test func theBudgetACancelAndAOnePassRunBuildNothing() {
    let tight = Fixture.store(2_500)
    tight.limitSearchTexts(toBytes: 1)
    let preparer = SearchTextPreparer(mode: .stepped)
    preparer.prepare(tight.itemTexts)
    preparer.runPending()
    #expect(tight.searchTexts.itemsHeld == 0, "over the budget")

    let cancelled = Fixture.store(2_500)
    preparer.prepare(cancelled.itemTexts)
    preparer.cancel()
    preparer.runPending()
    #expect(cancelled.searchTexts.itemsHeld == 0, "cancelled before it ran")

    let rendered = Fixture.store(2_500)
    SearchTextPreparer(mode: .synchronous).prepare(rendered.itemTexts)
    #expect(rendered.searchTexts.itemsHeld == 0, "render searches once: building first would only slow it")
  }

  @Test func theBrowserPreparesWhenTheSearchOpensAndSearchesTheSame() {
    let store = Fixture.store(3_100)
    let browser = Fixture.browser(store)
    browser.loading = .loading(progress: nil)
    browser.loading = .done
    browser.runPendingWork()
    #expect(store.searchTexts.itemsHeld == 0, "nothing is spent before someone searches")
    _ = browser.handle(.key(.character("/")))
    browser.runPendingWork()
    #expect(store.searchTexts.itemsHeld == 3_072, "the search opened: every whole block")

    // Matches over the built texts are those over the JSON.
    let reference = Fixture.store(3_100)
    reference.limitSearchTexts(toBytes: 1)
    let plain = Fixture.browser(reference)
    for b in [browser, plain] {
      b.applyFilter("wool oak")
      b.runPendingWork()
    }
    #expect(browser.pipeline.search?.matches == plain.pipeline.search?.matches)
    #expect(browser.pipeline.search?.matches.isEmpty == false)
  }
}
