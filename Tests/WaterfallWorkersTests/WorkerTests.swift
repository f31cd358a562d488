import Foundation
import Synchronization
import TestSupport
import Testing

@testable import WaterfallWorkers

/// The one worker type: the newest job wins, what an old job delivers is
/// dropped, and the three modes run jobs where they say (stepped by the test,
/// at once, or on the worker's own threads at its priority).
@Suite struct WorkerTests {
  @Test func aSteppedWorkerRunsNothingUntilTold() {
    let worker = Worker<Int>(name: "t", mode: .stepped)
    worker.start { $0.deliver(1) }
    #expect(worker.isBusy)
    #expect(!worker.hasOutput)
    #expect(worker.runPending() == 1)
    #expect(worker.take() == [1])
    #expect(!worker.isBusy)
    #expect(worker.take().isEmpty, "taken once")
  }

  @Test func theNewestJobWinsAndAnOldOnesOutputIsDropped() {
    let worker = Worker<String>(name: "t", mode: .stepped)
    let first = worker.start { $0.deliver("old") }
    let second = worker.start { $0.deliver("new") }
    #expect(second == first + 1)
    #expect(worker.runPending() == 1, "the old job never runs")
    #expect(worker.take() == ["new"])
    // A job that outlived its generation delivers into nothing.
    let stale = Mutex<WorkerJob<String>?>(nil)
    worker.start { job in stale.withLock { $0 = job } }
    worker.runPending()
    worker.start { $0.deliver("newest") }
    let old = stale.withLock { $0 }!
    #expect(old.isCancelled)
    old.deliver("late")
    worker.runPending()
    #expect(worker.take() == ["newest"])
  }

  @Test func cancelStopsQueuedJobsAndDropsOutput() {
    let worker = Worker<Int>(name: "t", mode: .stepped)
    worker.start { $0.deliver(1) }
    worker.runPending()
    worker.enqueue { $0.deliver(2) }
    worker.cancel()
    #expect(!worker.hasOutput)
    #expect(worker.runPending() == 0)
    #expect(!worker.isBusy)
  }

  @Test func enqueuedJobsRunInTurnInOneGeneration() {
    let worker = Worker<Int>(name: "t", mode: .stepped)
    let a = worker.enqueue { $0.deliver(1) }
    let b = worker.enqueue { job in
      job.deliver(2)
      // A job may queue the next one.
      _ = job
    }
    #expect(a == b)
    worker.enqueue { $0.deliver(3) }
    worker.runPending()
    #expect(worker.take() == [1, 2, 3])
  }

  @Test func aSynchronousWorkerRunsTheJobBeforeStartReturns() {
    let worker = Worker<Int>(name: "t", mode: .synchronous)
    worker.start(lanes: 2) { job in job.deliver(job.lane) }
    #expect(worker.take() == [0, 1], "lanes in turn, here")
    #expect(!worker.isBusy)
    // Without threads, nothing waits: waiting for room or resting returns at once.
    worker.start { job in
      #expect(job.waitForRoom { _ in true })
      #expect(job.pause(nanoseconds: 60_000_000_000))
      job.deliver(9)
    }
    #expect(worker.take() == [9])
  }

  @Test func takeHandsOverAtMostTheLimit() {
    let worker = Worker<Int>(name: "t", mode: .synchronous)
    worker.start { job in for n in 0..<5 { job.deliver(n) } }
    #expect(worker.take(limit: 2) == [0, 1])
    #expect(worker.takeLast() == 4)
    #expect(!worker.hasOutput)
  }

  @Test func progressAndDetailAreTheJobsLastReport() {
    let worker = Worker<Int>(name: "t", mode: .synchronous)
    worker.start { job in
      job.report(progress: 45)
      job.report(detail: 7)
    }
    #expect(worker.progress == 45)
    #expect(worker.detail == 7)
    worker.start { _ in }
    #expect(worker.progress == 0, "a new job starts at nothing")
  }

  @Test func aBackgroundWorkerDeliversFromItsOwnLoweredThreadAndWakes() {
    let wakes = Atomic<Int>(0)
    let seen = Mutex<(niceness: Int32, idle: Bool, name: String)?>(nil)
    let worker = Worker<Int>(name: "bg", mode: .background(wake: { wakes.add(1, ordering: .relaxed) }), priority: .lowered)
    let here = WorkerPriority.currentNiceness()
    worker.start { job in
      seen.withLock { $0 = (WorkerPriority.currentNiceness(), WorkerPriority.currentIsIdleClass, threadName()) }
      job.deliver(5)
    }
    eventually("the job's output") { worker.hasOutput }
    #expect(worker.take() == [5])
    #expect(wakes.load(ordering: .relaxed) == 1)
    let thread = seen.withLock { $0 }
    #expect((thread?.niceness ?? 0) >= WorkerPriority.niceness)
    #expect(thread?.idle == true)
    #expect(thread?.name == "wf-bg-0")
    #expect(WorkerPriority.currentNiceness() == here, "the caller's thread is left alone")
    #expect(!WorkerPriority.currentIsIdleClass)
  }

  @Test func twoLanesRunAtOnce() {
    let worker = Worker<Int>(name: "lanes", mode: .background(wake: {}), lanes: 2)
    let arrived = Atomic<Int>(0)
    worker.start(lanes: 2) { job in
      arrived.add(1, ordering: .relaxed)
      // Each lane waits for the other: they meet only if both run at once.
      var spins = 0
      while arrived.load(ordering: .relaxed) < 2, !job.isCancelled, spins < 50_000_000 { spins += 1 }
      job.deliver(arrived.load(ordering: .relaxed))
    }
    eventually("both lanes") { worker.take(limit: .max).count == 2 || !worker.isBusy }
    #expect(arrived.load(ordering: .relaxed) == 2)
  }

  @Test func aJobWaitsForRoomUntilTheOwnerTakes() {
    let worker = Worker<Int>(name: "room", mode: .background(wake: {}))
    let delivered = Atomic<Int>(0)
    worker.start { job in
      for n in 0..<3 {
        guard job.waitForRoom(while: { $0.count >= 1 }) else { return }
        job.deliver(n)
        delivered.add(1, ordering: .relaxed)
      }
    }
    var taken: [Int] = []
    for expected in 1...3 {
      eventually("item \(expected) delivered") { delivered.load(ordering: .relaxed) == expected }
      #expect(delivered.load(ordering: .relaxed) == expected, "no more than the room allows")
      taken += worker.take()
    }
    #expect(taken == [0, 1, 2])
  }

  @Test func aPauseEndsAtACancel() {
    let worker = Worker<Int>(name: "pause", mode: .background(wake: {}))
    let paused = Atomic<Bool>(false)
    let result = Atomic<Int>(-1)
    worker.start { job in
      paused.store(true, ordering: .relaxed)
      let wanted = job.pause(nanoseconds: 600_000_000_000)
      result.store(wanted ? 1 : 0, ordering: .relaxed)
    }
    eventually("the job to pause") { paused.load(ordering: .relaxed) }
    worker.cancel()
    eventually("the pause to end", timeout: .seconds(30)) { result.load(ordering: .relaxed) != -1 }
    #expect(result.load(ordering: .relaxed) == 0, "no longer wanted")
  }
}

/// The calling thread's name, as the kernel has it.
func threadName() -> String {
  ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "")
    .trimmingCharacters(in: .whitespacesAndNewlines)
}
