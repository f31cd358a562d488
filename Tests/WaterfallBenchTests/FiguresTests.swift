import Testing

#if canImport(Glibc)
  import Glibc
#endif

@testable import waterfall_bench

@Suite struct ScrollShiftTests {
  @Test func findsHowFarTheContentMoved() {
    let before = ["a", "b", "c", "d", "e"]
    #expect(ScrollShift.rows(before: before, after: ["b", "c", "d", "e", "f"]) == 1)
    #expect(ScrollShift.rows(before: before, after: ["d", "e", "x", "y", "z"]) == 3)
    #expect(ScrollShift.rows(before: before, after: ["p", "q", "r", "s", "t"]) == nil)
    #expect(ScrollShift.rows(before: before, after: ["c", "d", "e", "f", "g"]) == 2)
    #expect(ScrollShift.rows(before: before, after: ["z", "a", "b", "c", "d"]) == -1)
    #expect(ScrollShift.rows(before: before, after: before) == 0)
  }

  @Test func blankRowsAndAFewChangedRowsDoNotDecide() {
    let before = ["a", "b", "c", "d", "e", "f", "g", "h", "   "]
    // One row changed (a selection), the rest moved by 3.
    #expect(ScrollShift.rows(before: before, after: ["d", "E", "f", "g", "h", "x", "y", "z", "   "]) == 3)
    #expect(ScrollShift.rows(before: ["  ", "  "], after: ["  ", "  "]) == nil)
  }
}

@Suite struct StatusPositionTests {
  @Test func readsThePositionOfTheStatusBar() {
    #expect(StatusPosition(parsing: " 12/1000000 │ 7 cols · waterfall") == StatusPosition(index: 12, total: 1_000_000))
    #expect(StatusPosition(parsing: " 1000000/1000000 │ 7 cols")?.isAtEnd == true)
    #expect(StatusPosition(parsing: " 3/9 of 20 │ list")?.isAtEnd == false)
    #expect(StatusPosition(parsing: " ~9,999,500/~10,000,000 │ table") == StatusPosition(index: 9_999_500, total: 10_000_000))
    #expect(StatusPosition(parsing: "7 cols · waterfall") == nil)
    #expect(StatusPosition(parsing: "a/b 5/") == nil)
  }

  @Test func readsGroupedDigits() {
    #expect(StatusPosition(parsing: " 1,000,000/1,000,000 ") == StatusPosition(index: 1_000_000, total: 1_000_000))
    #expect(StatusPosition(parsing: "340.000/1.000.000") == StatusPosition(index: 340_000, total: 1_000_000))
    #expect(StatusPosition(parsing: "1\u{2009}234/5\u{2009}678") == StatusPosition(index: 1_234, total: 5_678))
    // A separator must be followed by a group of exactly three digits.
    #expect(StatusPosition(parsing: "1,23/4") == StatusPosition(index: 23, total: 4))
  }
}

@Suite struct SmallReadersTests {
  @Test func readsPeakAndCurrentResidentMemory() {
    let status = "Name:\tless\nVmPeak:\t  9000 kB\nVmHWM:\t    2600 kB\nVmRSS:\t2500 kB\n"
    #expect(ProcessMemory.parse(status: status) == ProcessMemory(peakResident: 2600 * 1024, resident: 2500 * 1024))
    #expect(ProcessMemory.parse(status: "Name:\tx\n") == nil)
  }

  @Test func readsTheProgramsOwnMemoryApartFromItsFiles() {
    let status = "VmHWM:\t 9000 kB\nVmRSS:\t 8000 kB\nRssAnon:\t 6000 kB\nRssFile:\t 1900 kB\nRssShmem:\t 100 kB\n"
    let memory = ProcessMemory.parse(status: status)
    #expect(memory?.anonymous == 6000 * 1024)
    #expect(memory?.file == 1900 * 1024)
    #expect(ProcessMemory.parse(status: "VmHWM:\t1 kB\nVmRSS:\t1 kB\n")?.anonymous == nil)
    #expect((ProcessMemory.read(pid: getpid())?.anonymous ?? 0) > 0)
  }

  @Test func readsCPUTimesAfterANameWithSpaces() {
    let stat = "4242 (my (odd) prog) R 1 4242 4242 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 1 0 999 1000 10"
    #expect(ProcessTimes.parse(stat: stat, ticksPerSecond: 100) == ProcessTimes(user: 2.5, system: 0.5))
    #expect(ProcessTimes.parse(stat: "1 (x) R 1", ticksPerSecond: 100) == nil)
    #expect((ProcessTimes.read(pid: getpid())?.total ?? -1) >= 0)
  }

  @Test func readsOwnMemory() {
    let memory = ProcessMemory.read(pid: getpid())
    #expect((memory?.peakResident ?? 0) >= (memory?.resident ?? 1))
  }

  @Test func traceLinesAreTakenWholeAndAPartOneWaits() {
    var bytes = Array("1200 200 700\n35\n99".utf8)
    #expect(FrameTraceFile.parse(&bytes) == [TracedFrame(total: 1200, beforeDraw: 200, draw: 700), TracedFrame(total: 35)])
    #expect(bytes == Array("99".utf8))
    bytes += Array("0 90 800\nnot a frame\n1 2\n".utf8)
    #expect(FrameTraceFile.parse(&bytes) == [TracedFrame(total: 990, beforeDraw: 90, draw: 800)])
    #expect(bytes.isEmpty)
  }

  @Test func theSlowestFramesSayWhereTheirTimeWent() {
    let fast = (0..<198).map { _ in TracedFrame(total: 1_000_000, beforeDraw: 100_000, draw: 500_000) }
    let slow = [
      TracedFrame(total: 8_000_000, beforeDraw: 4_000_000, draw: 3_000_000),
      TracedFrame(total: 6_000_000, beforeDraw: 1_000_000, draw: 4_000_000),
    ]
    let parts = TracedFrame.slowestParts(of: fast + slow, fraction: 0.01)
    #expect(parts?.count == 2)
    #expect(parts?.beforeDraw == 2.5)
    #expect(parts?.draw == 3.5)
    #expect(parts?.output == 1)
    #expect(TracedFrame.slowestParts(of: [], fraction: 0.01) == nil)
    #expect(TracedFrame(line: "5 3 4")?.output == 0)
  }

  @Test func groupsThousands() {
    #expect(1_000_000.grouped == "1,000,000")
    #expect(999.grouped == "999")
    #expect(12_345.grouped == "12,345")
  }

  @Test func wheelReportsInBothEncodings() {
    #expect(TerminalKeys.wheelDown(column: 9, row: 4, sgr: true) == Array("\u{1B}[<65;10;5M".utf8))
    #expect(TerminalKeys.wheelDown(column: 9, row: 4, sgr: false) == [0x1B, 0x5B, 0x4D, 97, 42, 37])
  }
}

@Suite struct ProcessTreeTests {
  @Test func readsTheParentFromAStatLine() {
    #expect(ProcessTree.parentID(stat: "123 (waterfall) S 45 123 45 34816") == 45)
    #expect(ProcessTree.parentID(stat: "7 (a b) c) R 1 7 7") == 1, "a name with spaces and a parenthesis")
    #expect(ProcessTree.parentID(stat: "garbage") == nil)
  }

  @Test func findsAChildByItsName() throws {
    // This test's own process is its parent's child under its own name.
    let name = try #require(String(validatingCString: CommandLine.unsafeArgv[0]!)?.split(separator: "/").last.map { String($0.prefix(15)) })
    #expect(ProcessTree.child(of: getppid(), named: name) == getpid())
    #expect(ProcessTree.child(of: getpid(), named: "no-such-program") == nil)
  }
}

@Suite struct LoadRunsTests {
  @Test func theMedianIsOfTheRunsThatReachedAMilestone() {
    var runs = LoadRuns()
    runs.add(LoadRuns.Run(first: .milliseconds(48), firstCPU: 0.03, load: .milliseconds(910), loadCPU: 1.5))
    runs.add(LoadRuns.Run(first: .milliseconds(60), firstCPU: 0.04, load: .milliseconds(870), loadCPU: 1.3))
    runs.add(LoadRuns.Run(first: .milliseconds(50), firstCPU: 0.05, load: nil))
    #expect(runs.median(\.firstMilliseconds) == 50)
    #expect(runs.median(\.firstCPU) == 0.04)
    #expect(abs((runs.median(\.loadSeconds) ?? 0) - 0.89) < 1e-9, "the mean of the middle two")
    #expect(runs.median(\.loadCPU) == 1.4)
    #expect(runs.spread(\.firstMilliseconds, unit: "ms") == "median of 3 runs, 48.0-60.0 ms")
    #expect(runs.spread(\.loadSeconds, unit: "s") == "median of 2 runs (1 of 3 not reached), 0.87-0.91 s")
  }

  @Test func oneRunHasNoSpreadAndNoRunHasNoMedian() {
    var runs = LoadRuns()
    #expect(runs.median(\.loadSeconds) == nil)
    runs.add(LoadRuns.Run(first: .milliseconds(45), load: .seconds(1)))
    #expect(runs.median(\.loadSeconds) == 1)
    #expect(runs.spread(\.loadSeconds, unit: "s") == nil)
    runs.add(LoadRuns.Run(first: nil, load: nil))
    #expect(runs.spread(\.loadSeconds, unit: "s") == "median of 1 run (1 of 2 not reached), 1.0-1.0 s")
  }

  @Test func theAimsAreIssue31sForJSONAndCSV() {
    #expect(ScaleBench.loadAim("jsonl").seconds == 1)
    #expect(ScaleBench.loadAim("json").seconds == 1)
    #expect(ScaleBench.loadAim("csv").seconds == 1.5)
    #expect(ScaleBench.loadAim("sqlite").seconds == 3)
  }
}
