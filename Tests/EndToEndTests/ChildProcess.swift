import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A program run to its end with `posix_spawn` and `waitpid`, its output in files.
///
/// Foundation's `Process` is not used here on purpose. On Linux it learns that a
/// child ended when a socket the child inherited closes; `tmux new-session`
/// starts a server that inherits that socket and lives on, so `Process` never
/// sees the client exit and `waitUntilExit()` blocks forever (this hung CI for
/// 5400 s). `waitpid` asks the kernel directly.
///
/// Output goes to temporary files, never pipes, for the same reason: a pipe
/// stays open as long as the tmux server holds it.
///
/// ```swift
/// let result = try ChildProcess.run("/usr/bin/env", ["tmux", "-V"])
/// print(result.status, result.out)
/// ```
enum ChildProcess {
  struct Result {
    var out: String
    var err: String
    var status: Int32
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Where the child's standard output goes.
  enum Output: Sendable {
    /// A file the result's `out` is read from.
    case captured
    /// The file at a path (`/dev/full`), opened for writing.
    case path(String)
    /// Nowhere: the descriptor is closed.
    case closed
    /// A pipe whose reading end was closed before the child started: its first
    /// write meets a reader that is gone, every time.
    case closedPipe
  }

  /// Runs `path` with `arguments` for at most `timeout` seconds; on timeout the
  /// child is killed and an error thrown.
  static func run(
    _ path: String, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
    directory: URL? = nil, timeout: Double = 30, output: Output = .captured
  ) throws -> Result {
    let scratch = try Scratch.folder("child")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inPath = scratch.appendingPathComponent("in").path
    let outPath = scratch.appendingPathComponent("out").path
    let errPath = scratch.appendingPathComponent("err").path
    guard FileManager.default.createFile(atPath: inPath, contents: input ?? Data()) else {
      throw Failure(description: "cannot create \(inPath)")
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
    var pipeEnds: [Int32] = [-1, -1]
    defer { if pipeEnds[1] >= 0 { close(pipeEnds[1]) } }
    switch output {
    case .captured: posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    case .path(let path): posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
    case .closed: posix_spawn_file_actions_addclose(&actions, 1)
    case .closedPipe:
      guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe failed") }
      close(pipeEnds[0])
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    }
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
    // `env -C` sets the child's directory: glibc's posix_spawn chdir action is
    // not visible to Swift.
    let argv = (directory.map { ["/usr/bin/env", "-C", $0.path] } ?? []) + [path] + arguments
    // No signal blocked, every one at its default action (SpawnAttributes says why).
    let attributes = SpawnAttributes()

    var pid: pid_t = 0
    let spawned = withCStrings(argv) { cArgv in
      withCStrings(env) { cEnv in
        posix_spawn(&pid, argv[0], &actions, &attributes.raw, cArgv, cEnv)
      }
    }
    guard spawned == 0 else {
      throw Failure(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
    }

    let status = try wait(for: pid, timeout: timeout, what: argv.joined(separator: " "))
    return Result(
      out: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      err: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
      status: status
    )
  }

  /// Reaps `pid`, killing it if it outlives `timeout`; returns its exit status,
  /// or 128 + the signal that ended it.
  private static func wait(for pid: pid_t, timeout: Double, what: String) throws -> Int32 {
    var raw: Int32 = 0
    var failure: String?
    let reaped = eventually("\(what) to end", timeout: .milliseconds(Int(timeout * 1000))) {
      let reaped = waitpid(pid, &raw, WNOHANG)
      if reaped < 0, errno != EINTR { failure = String(cString: strerror(errno)) }
      return reaped == pid || failure != nil
    }
    if let failure { throw Failure(description: "waitpid failed for \(what): \(failure)") }
    if !reaped {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &raw, 0)
      throw Failure(description: "\(what) did not end within \(Int(timeout)) s")
    }
    let signal = raw & 0x7f
    return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
  }

  /// Calls `body` with a NULL-terminated C array of `strings`.
  private static func withCStrings<R>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
  }
}
