import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A preview command run by `/bin/sh -c` in a process group of its own, its
/// output and errors read from a pipe.
///
/// Stopping it signals the whole group, so what the command started goes with
/// it: SIGTERM, a moment (``grace``) to exit, then SIGKILL, and the command is
/// waited for. A signal is only ever sent while the command is not yet waited
/// for: until then its process id (which is the group's) cannot be another
/// process's, so a late ``interrupt()`` never reaches a stranger.
///
/// ```swift
/// let preview = ShellPreview.Launcher().start("printf 'one\\ntwo\\n'")!
/// preview.read(timeoutMilliseconds: 1000)   // .bytes("one\ntwo\n")
/// preview.read(timeoutMilliseconds: 1000)   // .end
/// preview.finish(graceful: true)            // 0
/// ```
public final class ShellPreview: PreviewCommand, @unchecked Sendable {
  /// Starts shell preview commands.
  public struct Launcher: PreviewLauncher {
    public init() {}

    public func start(_ line: String) -> (any PreviewCommand)? { ShellPreview.start(line) }
  }

  /// How long a command is given to exit after its output ended, and after SIGTERM.
  static let grace = Duration.milliseconds(100)
  /// The most bytes one read takes.
  static let readSize = 64 * 1024

  /// The command's process id, and its process group's.
  public let pid: pid_t
  /// The pipe's end output is read from: read and closed by the job's thread only.
  private let output: Int32
  private var outputClosed = false
  /// Whether the command has been waited for (its id may then be reused).
  private let reaped = Mutex(false)

  private init(pid: pid_t, output: Int32) {
    self.pid = pid
    self.output = output
  }

  deinit {
    if !outputClosed { close(output) }
  }

  /// Starts `line`, or returns nil when no pipe or no `/bin/sh` could be had.
  static func start(_ line: String) -> ShellPreview? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    // Never inherited by another command (ShellCommand closes them in its own anyway).
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    guard let pid = ShellCommand.spawn(line, on: .output(ends[1]), group: true) else {
      close(ends[0])
      close(ends[1])
      return nil
    }
    close(ends[1])
    return ShellPreview(pid: pid, output: ends[0])
  }

  public func read(timeoutMilliseconds: Int32) -> PreviewRead {
    guard !outputClosed else { return .end }
    var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
    let found = poll(&ready, 1, timeoutMilliseconds)
    if found == 0 { return .idle }
    if found < 0 { return errno == EINTR ? .idle : .end }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.readSize) { buffer in
      let count = Glibc.read(output, buffer.baseAddress, buffer.count)
      if count > 0 { return .bytes(Array(buffer[..<count])) }
      if count < 0, errno == EINTR || errno == EAGAIN { return .idle }
      return .end
    }
  }

  public func interrupt() { signalGroup(SIGTERM) }

  public func kill() { signalGroup(SIGKILL) }

  /// Sends `signal` to the command's process group, unless it was waited for.
  private func signalGroup(_ signal: Int32) {
    reaped.withLock { reaped in
      if !reaped { _ = Glibc.kill(-pid, signal) }
    }
  }

  @discardableResult
  public func finish(graceful: Bool) -> Int32? {
    if !outputClosed {
      // Writers left get SIGPIPE rather than block on a pipe nobody reads.
      close(output)
      outputClosed = true
    }
    if !(graceful && waitForExit(within: Self.grace)) {
      signalGroup(SIGTERM)
      _ = waitForExit(within: Self.grace)
    }
    // Whatever is left of the group: the command, or what it started and left behind.
    signalGroup(SIGKILL)
    var status: Int32 = 0
    var info = siginfo_t()
    // Dead, not yet waited for, so that no signal above can reach another process.
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
    return reaped.withLock { reaped -> Int32? in
      guard !reaped else { return nil }
      reaped = true
      while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { return nil }
      }
      return ShellCommand.exitStatus(status)
    }
  }

  /// Whether the command exits within `time` (it stays to be waited for).
  private func waitForExit(within time: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + time
    var pause: UInt32 = 200
    while true {
      var info = siginfo_t()
      let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | WNOHANG)
      if result == 0, info._sifields._sigchld.si_pid == pid { return true }
      if result < 0, errno != EINTR { return true }  // nothing to wait for
      if clock.now >= deadline { return false }
      usleep(pause)
      pause = min(pause * 2, 5_000)
    }
  }
}
