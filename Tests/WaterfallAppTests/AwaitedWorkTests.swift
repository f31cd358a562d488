import TestSupport
import Testing
import WaterfallWorkers

@testable import WaterfallApp

@Suite struct AwaitedWorkTests {
  @Test func workDoneAheadWaitsWhileAwaitedWorkIsUnderWay() {
    let awaited = AwaitedWork()
    var pauses = 0
    awaited.waitWhileUnderWay { _ in
      pauses += 1
      return true
    }
    #expect(pauses == 0, "nothing awaited: no wait")
    awaited.during {
      #expect(awaited.isUnderWay)
      awaited.during { #expect(awaited.isUnderWay) }
      #expect(awaited.isUnderWay, "still one under way")
      awaited.waitWhileUnderWay { nanoseconds in
        pauses += 1
        #expect(nanoseconds == AwaitedWork.pauseNanoseconds)
        return pauses < 3
      }
    }
    #expect(pauses == 3, "it waits until its job is stopped")
    #expect(!awaited.isUnderWay)
  }

  @Test func heightsMeasuredAheadWaitForTheAwaitedWorkToEnd() throws {
    let awaited = AwaitedWork()
    let store = ItemStore(roles: FieldRoles())
    for i in 0..<3000 { try store.append(json: Array(#"{"title":"wool \#(i)"}"#.utf8)) }
    let worker = Worker<HeightsJob.Result>(name: "heights test", mode: .background(wake: {}), priority: .normal)
    let job = HeightsJob(widths: [20], known: [nil], cards: store.cardSnapshot, store: ObjectIdentifier(store), awaited: awaited)
    awaited.begin()
    worker.start(job.run(on:))
    eventually("the heights job rests while the awaited work is under way") { awaited.rests >= 2 }
    #expect(worker.take().isEmpty, "no heights while the awaited work is under way")
    awaited.end()
    eventually("the heights come once the awaited work ended") { worker.hasOutput }
    #expect(worker.take().first?.heights.count == 3000)
  }

  @Test func aSearchAndTheSearchsTextsCountAsAwaitedWhileTheyRun() throws {
    let awaited = AwaitedWork()
    var configuration = Browser.Configuration(workers: .stepped)
    configuration.awaitedWork = awaited
    let store = ItemStore(roles: FieldRoles())
    for i in 0..<3000 { try store.append(json: Array(#"{"title":"wool \#(i)"}"#.utf8)) }
    let pipeline = ShownPipeline(store: store, exactSearch: false, configuration: configuration)
    // Stepped, the work runs here, inside runPendingWork.
    pipeline.prepareSearchTexts()
    pipeline.runPendingWork()
    #expect(awaited.begun == 1, "the texts' building")
    pipeline.search("wool")
    pipeline.runPendingWork()
    #expect(awaited.begun >= 2, "the search's lanes")
    #expect(!awaited.isUnderWay, "counted while running, not after")
  }
}
