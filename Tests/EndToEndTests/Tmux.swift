import Foundation
import TestSupport
import Testing

/// The real `waterfall` binary running in a detached tmux session, driven as a
/// user would drive it: keys in, screen captured, polled until it matches (as
/// fzf's test suite does). Each session has its own tmux server socket, killed
/// when the session is.
final class Tmux {
  let socket: String
  let width: Int
  let height: Int
  private var killed = false

  /// The directory holding the test bundle and the binaries built with it.
  static let binaryDirectory: URL = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: exe).deletingLastPathComponent()
  }()

  /// The `waterfall` binary built with the tests.
  static let waterfall = binaryDirectory.appendingPathComponent("waterfall").path

  /// The package's root directory.
  static let root: URL = Repository.root

  /// Starts `command` (a shell command line) in a new `width`x`height` session. When
  /// the command ends, the pane shows `EXIT=<status>` and the terminal's echo and
  /// canonical-mode flags (`STTY=icanon echo`), then waits.
  init(_ command: String, width: Int = 100, height: Int = 30, name: String = #function) throws {
    self.width = width
    self.height = height
    let tag = name.filter { $0.isLetter || $0.isNumber }.prefix(24)
    socket = "wf-\(tag)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let script = """
      cd \(Self.shellQuote(Self.root.path)); \(command); s=$?; \
      printf '\\nEXIT=%s\\n' "$s"; \
      printf 'STTY=%s\\n' "$(stty -a | tr -s ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' ')"; \
      exec sleep 120
      """
    try Self.run([
      "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height),
      "env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TERM=screen-256color", "WATERFALL_NO_THUMBNAIL_CACHE=1", "PATH=\(Self.binaryDirectory.path):/usr/bin:/bin",
      "sh", "-c", script,
    ], socket: socket)
  }

  deinit {
    kill()
  }

  /// Ends the tmux server and everything in it.
  func kill() {
    guard !killed else { return }
    killed = true
    _ = try? Self.run(["kill-server"], socket: socket)
  }

  /// Sends keys by tmux name (`Down`, `Enter`, `Escape`, `C-l`) or as text.
  func send(_ keys: String...) throws {
    try send(keys)
  }

  /// Sends keys by tmux name, or with `-H` first, bytes in hexadecimal (`1b`, `5b`).
  func send(_ keys: [String]) throws {
    try Self.run(["send-keys", "-t", "0"] + keys, socket: socket)
  }

  /// Sends `text` literally, character by character.
  func type(_ text: String) throws {
    try Self.run(["send-keys", "-t", "0", "-l", text], socket: socket)
  }

  /// Pastes `text` as a terminal does: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`)
  /// when the program asked for bracketed pastes, as typed otherwise.
  func paste(_ text: String) throws {
    try Self.run(["set-buffer", "-b", "wf-paste", "--", text, ";", "paste-buffer", "-p", "-d", "-b", "wf-paste", "-t", "0"], socket: socket)
  }

  /// The screen, one string per row, trailing spaces removed.
  func capture() throws -> [String] {
    let out = try Self.run(["capture-pane", "-p", "-t", "0"], socket: socket)
    return out.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// Polls the screen until `predicate` holds, and returns it; fails with the last
  /// screen after `timeout`.
  ///
  /// tmux can be captured between two writes of one frame, and a predicate that
  /// looks at one line holds on such a half-written screen. So the screen is
  /// captured once more, a moment later, and that one is returned when the
  /// predicate still holds (the rest of the frame has arrived); a state that has
  /// already gone by then returns the first.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
    _ predicate: ([String]) -> Bool
  ) throws -> [String] {
    var screen: [String] = []
    let held = try eventually(
      "\(what); the screen was:\n\(screen.joined(separator: "\n"))", timeout: .milliseconds(Int(timeout * 1000)),
      every: .milliseconds(20), sourceLocation: sourceLocation
    ) {
      screen = try capture()
      return predicate(screen)
    }
    guard held else { throw TimeoutError(what: what) }
    // The rest of the frame: the screen once more, kept if it still holds.
    let later = try capture()
    return predicate(later) ? later : screen
  }

  /// Waits until the screen has stopped changing (the same for `quiet` seconds)
  /// and returns it: for after a burst of keys, whose end shows no sign of its own.
  @discardableResult
  func settle(quiet: Double = 0.3, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    var last = try capture()
    var since = ContinuousClock.now
    let held = try eventually(
      "the screen to settle; it was:\n\(last.joined(separator: "\n"))", timeout: .milliseconds(Int(timeout * 1000)),
      every: .milliseconds(50), sourceLocation: sourceLocation
    ) {
      let screen = try capture()
      if screen != last {
        last = screen
        since = ContinuousClock.now
      }
      return since.duration(to: .now) >= .milliseconds(Int(quiet * 1000))
    }
    guard held else { throw TimeoutError(what: "the screen to settle") }
    return last
  }

  /// The status bar: the last line that is not empty.
  static func status(_ screen: [String]) -> String {
    screen.last(where: { !$0.isEmpty }) ?? ""
  }

  /// Waits until the screen contains `text`.
  @discardableResult
  func waitFor(text: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    try waitFor("“\(text)”", timeout: timeout, sourceLocation: sourceLocation) { $0.joined(separator: "\n").contains(text) }
  }

  /// Waits for the command to end and returns its exit status and stty flags.
  func waitForExit(timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int, stty: String) {
    let screen = try waitFor("the program to exit", timeout: timeout, sourceLocation: sourceLocation) {
      $0.contains { $0.hasPrefix("STTY=") }
    }
    let status = screen.first { $0.hasPrefix("EXIT=") }.flatMap { Int($0.dropFirst(5)) } ?? -1
    let stty = screen.first { $0.hasPrefix("STTY=") }.map { String($0.dropFirst(5)) } ?? ""
    return (status, stty.trimmingCharacters(in: .whitespaces))
  }

  /// A tmux format value for the pane, such as `#{alternate_on}`.
  func display(_ format: String) throws -> String {
    try Self.run(["display-message", "-p", "-t", "0", format], socket: socket).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func resize(width: Int, height: Int) throws {
    try Self.run(["resize-window", "-t", "0", "-x", String(width), "-y", String(height)], socket: socket)
  }

  /// The pid of the program the pane's shell started.
  func programPID() throws -> Int32 {
    let shell = try display("#{pane_pid}")
    var pid: Int32?
    eventually("the program's pid", timeout: .seconds(5)) {
      let out = (try? Self.runTool("/usr/bin/pgrep", ["-P", shell])) ?? ""
      pid = out.split(separator: "\n").first.flatMap { Int32($0) }
      return pid != nil
    }
    guard let pid else { throw TimeoutError(what: "the program's pid") }
    return pid
  }

  struct TimeoutError: Error { var what: String }
  struct CommandError: Error, CustomStringConvertible {
    var description: String
  }

  @discardableResult
  static func run(_ arguments: [String], socket: String) throws -> String {
    try runTool("/usr/bin/env", ["tmux", "-u", "-L", socket] + arguments)
  }

  @discardableResult
  static func runTool(_ path: String, _ arguments: [String], input: Data? = nil) throws -> String {
    let result = try launch(path, arguments, input: input, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    guard result.status == 0 else {
      throw CommandError(description: "\(path) \(arguments.joined(separator: " ")) exited \(result.status): \(result.err)")
    }
    return result.out
  }

  /// Runs `waterfall` with `arguments` outside tmux and returns its stdout, stderr
  /// and exit status; it is killed (and the test fails) after `timeout` seconds.
  static func waterfall(_ arguments: [String], input: Data? = nil, timeout: Double = 30) throws -> (out: String, err: String, status: Int32) {
    try launch(waterfall, arguments, input: input, environment: ["LANG": "C.UTF-8"], timeout: timeout)
  }

  /// Runs a program to its end (at most `timeout` seconds) from the package's
  /// root, and returns what it wrote.
  static func launch(
    _ path: String, _ arguments: [String], input: Data?, environment extra: [String: String], timeout: Double = 30,
    output: ChildProcess.Output = .captured
  ) throws -> (out: String, err: String, status: Int32) {
    let result = try ChildProcess.run(
      path, arguments, input: input, environment: extra, directory: root, timeout: timeout, output: output)
    return (result.out, result.err, result.status)
  }

  static func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
