import Testing

@testable import waterfall_bench

@Suite struct TerminalDriverTests {
  @Test func theProgramHasAControllingTerminalOfTheGivenSize() throws {
    let driver = try TerminalDriver(
      program: "/bin/sh", arguments: ["-c", "stty size; printf '\\033[3;5Hok'; exec 3</dev/tty && printf tty; sleep 5"],
      columns: 200, rows: 60)
    defer { driver.finish(quitKeys: []) }
    let shown = driver.wait(timeout: .seconds(5)) { $0.screen.line(2).contains("ok") && $0.screen.contains("tty") }
    #expect(shown != nil)
    #expect(driver.screen.line(0).hasPrefix("60 200"))
    #expect(driver.screen.line(2).hasPrefix("    ok"))
  }

  @Test func aMilestoneNeverReachedCostsItsLimitNotAHang() throws {
    let driver = try TerminalDriver(program: "/bin/sleep", arguments: ["30"], columns: 80, rows: 24)
    let clock = ContinuousClock()
    let start = clock.now
    #expect(driver.wait(timeout: .milliseconds(200)) { $0.screen.contains("never") } == nil)
    driver.finish(quitKeys: [])
    #expect(start.duration(to: clock.now) < .seconds(5))
    #expect(!driver.terminal.isRunning)
  }

  @Test func countsTheBytesWrittenInAnswerToKeys() throws {
    // cat echoes what is typed: the terminal echoes it too, so each key comes back.
    let driver = try TerminalDriver(program: "/bin/cat", arguments: [], columns: 80, rows: 24)
    defer { driver.finish(quitKeys: [0x04]) }
    let response = driver.respond(to: Array("abc\n".utf8), quiet: .milliseconds(50))
    #expect(response.bytes > 0)
    #expect(response.firstByte != nil)
    #expect(driver.screen.line(0).hasPrefix("abc"))
  }
}
