import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A program the tests run to its end (`initdb`, `pg_ctl`, `psql`), started with
/// `posix_spawn` and reaped with `waitpid`, its output in files.
///
/// Not Foundation's `Process`: on Linux it waits for pipes the child inherited
/// to close, and a server the child starts (`pg_ctl start`'s postmaster) keeps
/// them open. The child starts with no signal blocked and every signal at its
/// default, so a server it starts can be stopped (the test runner's threads
/// block some signals, and a child inherits the mask).
///
/// ```swift
/// let result = try TestCommand.run("/usr/bin/env", ["true"])
/// result.status   // 0
/// ```
public enum TestCommand {
  public struct Result: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) {
      self.description = description
    }
  }

  /// Runs `path` with `arguments` (and `environment` added to this process's),
  /// killing it when it outlives `timeout`.
  public static func run(
    _ path: String, _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(120)
  ) throws -> Result {
    let folder = try Scratch.folder("command")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out").path
    let err = folder.appendingPathComponent("err").path
    let pid = try spawn(path, arguments, environment: environment, output: out, errors: err, newSession: false)
    let status = try reap(pid, timeout: timeout, what: ([path] + arguments).joined(separator: " "))
    return Result(
      status: status, output: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
      errors: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
  }

  /// Starts `path` and returns its process id without waiting; with
  /// `newSession` it leaves this process's session (it outlives a kill of the
  /// test's process group). The caller reaps it (``reap(_:timeout:what:)``).
  public static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String] = [:], output: String = "/dev/null",
    errors: String = "/dev/null", newSession: Bool
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    // 0x80: POSIX_SPAWN_SETSID, which Glibc's module leaves out.
    let attributes = SpawnAttributes(flags: newSession ? 0x80 : 0)

    let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
    let argv = [path] + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup($0) } + [nil]
    defer { (cArguments + cEnvironment).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes.raw, cArguments, cEnvironment)
    guard spawned == 0 else { throw Failure(description: "cannot start \(path): \(String(cString: strerror(spawned)))") }
    return pid
  }

  /// Waits for `pid` to end and returns its exit status (128 + the signal that
  /// ended it); kills it and throws when it outlives `timeout`.
  public static func reap(_ pid: pid_t, timeout: Duration, what: String) throws -> Int32 {
    /// Written by the reaper before it signals, read after the wait.
    final class Status: @unchecked Sendable { var value: Int32 = 0 }
    let ended = DispatchSemaphore(value: 0)
    let status = Status()
    let reaper = Thread {
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
      let signal = raw & 0x7f
      status.value = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
      ended.signal()
    }
    reaper.start()
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    if ended.wait(timeout: .now() + seconds) == .timedOut {
      kill(pid, SIGKILL)
      ended.wait()
      throw Failure(description: "\(what) did not end within \(timeout)")
    }
    return status.value
  }
}
