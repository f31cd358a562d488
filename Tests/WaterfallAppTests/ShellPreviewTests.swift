import Foundation
import TestSupport
import Testing

@testable import WaterfallApp

/// Real preview commands under `/bin/sh`: output read from the pipe, exit
/// statuses, and stopping: the whole process group, also what ignores
/// SIGTERM, and nothing left running (issue 27).
@Suite struct ShellPreviewTests {
  /// Whether process `pid` is gone (or a zombie nobody needs: dead).
  static func isGone(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    // "pid (name) S …": the state after the name's closing parenthesis.
    guard let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// Reads `command` until its output holds `count` lines or ends.
  static func lines(of command: any PreviewCommand, count: Int) -> [String] {
    var text = ""
    var reads = 0
    while text.filter({ $0 == "\n" }).count < count, reads < 400 {
      reads += 1
      switch command.read(timeoutMilliseconds: 50) {
      case .bytes(let bytes): text += String(decoding: bytes, as: UTF8.self)
      case .idle: continue
      case .end: reads = .max
      }
    }
    return text.split(separator: "\n").map(String.init)
  }

  @Test func readsOutputAndErrorsAndTheExitStatus() throws {
    let command = try #require(ShellPreview.Launcher().start("printf 'one\\n'; printf 'two\\n' >&2; exit 3"))
    #expect(Self.lines(of: command, count: 2) == ["one", "two"])
    #expect(command.read(timeoutMilliseconds: 5_000) == .end)
    #expect(command.finish(graceful: true) == 3)
  }

  @Test func theCommandHasNoTerminalAndNothingOfOurs() throws {
    let command = try #require(ShellPreview.Launcher().start("ls /proc/self/fd | wc -l; test -t 0 || echo no-terminal"))
    #expect(Self.lines(of: command, count: 2) == ["4", "no-terminal"], "0, 1, 2 and ls's own")
    command.finish(graceful: true)
  }

  @Test func interruptingStopsTheWholeGroup() throws {
    let command = try #require(ShellPreview.Launcher().start("echo $$; sleep 300 & echo $!; wait"))
    let pids = Self.lines(of: command, count: 2).compactMap { Int32($0) }
    #expect(pids.count == 2)
    command.interrupt()
    #expect(command.finish(graceful: false) == 128 + SIGTERM)
    for pid in pids {
      eventually("process \(pid) to be gone", timeout: .seconds(10)) { Self.isGone(pid) }
    }
  }

  @Test func aCommandThatIgnoresSIGTERMIsKilled() throws {
    let command = try #require(ShellPreview.Launcher().start("trap '' TERM; echo $$; sleep 300 & echo $!; wait"))
    let pids = Self.lines(of: command, count: 2).compactMap { Int32($0) }
    #expect(pids.count == 2)
    #expect(command.finish(graceful: false) == 128 + SIGKILL)
    for pid in pids {
      eventually("process \(pid) to be gone", timeout: .seconds(10)) { Self.isGone(pid) }
    }
    command.interrupt()  // waited for: no signal goes anywhere
  }

  @Test func whatACommandLeftBehindGoesWithIt() throws {
    let command = try #require(ShellPreview.Launcher().start("sleep 300 >/dev/null 2>&1 & echo $!"))
    let pids = Self.lines(of: command, count: 1).compactMap { Int32($0) }
    #expect(command.read(timeoutMilliseconds: 5_000) == .end, "the background sleep holds no output")
    #expect(command.finish(graceful: true) == 0)
    let pid = try #require(pids.first)
    eventually("the sleep it left to be gone", timeout: .seconds(10)) { Self.isGone(pid) }
  }

  /// A panel running real commands on a thread of its own.
  static func panel() throws -> PreviewPanel {
    let panel = PreviewPanel(options: PreviewOptions(command: try CommandTemplate(parsing: "x")), workers: .background(wake: {}))
    panel.attach(launcher: ShellPreview.Launcher(), baseDirectory: ".")
    return panel
  }

  static func shown(_ panel: PreviewPanel) -> [String] {
    panel.take()
    return panel.content.allLines.map(\.text)
  }

  @Test func aPanelKillsItsCommandWhenTheSelectionMovesOnAndWhenItStops() throws {
    let panel = try Self.panel()
    panel.show("echo $$; exec sleep 300")
    var first: Int32?
    eventually("the first command's pid") {
      first = Self.shown(panel).first.flatMap { Int32($0) }
      return first != nil
    }
    panel.show("echo $$; echo second; exec sleep 300")
    var second: Int32?
    eventually("the second command's output") {
      let lines = Self.shown(panel)
      second = lines.first.flatMap { Int32($0) }
      return lines.last == "second"
    }
    let firstPid = try #require(first)
    eventually("the first command to be gone", timeout: .seconds(10)) { Self.isGone(firstPid) }
    let secondPid = try #require(second)
    #expect(!Self.isGone(secondPid))
    panel.stop()
    eventually("the second command to be gone", timeout: .seconds(10)) { Self.isGone(secondPid) }
  }

  @Test func anEndlessCommandIsCutAtTheBoundAndStopped() throws {
    let panel = try Self.panel()
    panel.show("echo $$; exec yes")
    eventually("the output to be cut", timeout: .seconds(20)) {
      panel.take()
      return panel.content.cut != nil
    }
    #expect(panel.content.cut == .lines(10_000))
    #expect(panel.content.allLines.count == 10_000)
    let pid = try #require(panel.content.allLines.first.flatMap { Int32($0.text) })
    eventually("yes to be gone", timeout: .seconds(10)) { Self.isGone(pid) }
    eventually("the end", timeout: .seconds(10)) {
      panel.take()
      return panel.content.state == .ended(nil)
    }
  }
}
