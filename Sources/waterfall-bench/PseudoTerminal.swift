#if canImport(Glibc)
  import Glibc
#endif

/// A program running in a pseudo-terminal of its own: the terminal is its
/// controlling terminal (so it can open `/dev/tty`), of a fixed size, and this
/// side reads everything it writes and types keys into it.
///
/// The pair comes from `openpty` with the size set (`TIOCSWINSZ`); the child is
/// started with `posix_spawn` in a new session (`POSIX_SPAWN_SETSID`) and opens
/// the terminal's device as its standard input (unless a file is given), output
/// and error, which makes it the session's controlling terminal. No `fork` runs
/// Swift code in the child.
///
/// ```swift
/// let child = try PseudoTerminal(
///   program: "/usr/bin/less", arguments: ["-S", "file"], environment: ["TERM=xterm-256color"],
///   columns: 200, rows: 60)
/// let bytes = child.read(timeout: 100)   // what it drew, or [] when nothing came
/// child.write(Array("q".utf8))
/// ```
final class PseudoTerminal {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let pid: pid_t
  private let master: Int32
  private(set) var exitStatus: Int32?
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)

  /// glibc's `POSIX_SPAWN_SETSID` (not visible to Swift): the child starts a session.
  private static let spawnSetSID: Int16 = 0x80

  /// Starts `program` (a path) with `arguments` and exactly `environment`
  /// (`NAME=value`); `standardInput` is a file to read instead of the terminal;
  /// `cellPixels` (width, height), when given, is reported as the screen's size
  /// in pixels (`ws_xpixel`, `ws_ypixel`), as terminals that draw pixels do.
  init(
    program: String, arguments: [String], environment: [String], columns: Int, rows: Int,
    standardInput: String? = nil, cellPixels: (width: Int, height: Int)? = nil
  ) throws(Failure) {
    var master: Int32 = 0
    var slave: Int32 = 0
    var name = [CChar](repeating: 0, count: 4096)
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * (cellPixels?.width ?? 0)),
      ws_ypixel: UInt16(rows * (cellPixels?.height ?? 0)))
    guard openpty(&master, &slave, &name, nil, &size) == 0 else {
      throw Failure(description: "openpty: \(String(cString: strerror(errno)))")
    }
    let device = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Default signal handling in the child, whatever this process ignores.
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(
      &attributes, Self.spawnSetSID | Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opening the terminal's device after setsid makes it the controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 1, device, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    if let standardInput {
      posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 0)
    }

    let argv = [program] + arguments
    var pid: pid_t = 0
    let result = Self.withCStrings(argv) { cArgv in
      Self.withCStrings(environment) { cEnvironment in
        posix_spawn(&pid, program, &actions, &attributes, cArgv, cEnvironment)
      }
    }
    close(slave)
    guard result == 0 else {
      close(master)
      throw Failure(description: "cannot start \(program): \(String(cString: strerror(result)))")
    }
    self.pid = pid
    self.master = master
  }

  deinit {
    terminate()
    close(master)
  }

  /// What the program wrote, waiting up to `timeout` milliseconds for something;
  /// `[]` when nothing came in time, `nil` once the terminal is closed (the
  /// program and everything it started have ended).
  func read(timeout: Int) -> [UInt8]? {
    var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
    let ready = poll(&fds, 1, Int32(timeout))
    if ready <= 0 { return [] }
    let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
    if n > 0 { return Array(buffer[0..<n]) }
    if n < 0, errno == EAGAIN || errno == EINTR { return [] }
    return nil
  }

  /// Types `bytes` into the terminal.
  func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
      if n > 0 {
        offset += n
      } else if errno != EAGAIN && errno != EINTR {
        return
      } else {
        usleep(1_000)
      }
    }
  }

  /// Whether the program is still running (reaping it if it has ended).
  var isRunning: Bool {
    guard exitStatus == nil else { return false }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid {
      exitStatus = status
      return false
    }
    return true
  }

  /// Ends the program if it still runs: SIGTERM, then SIGKILL after a grace
  /// period; then reaps it.
  func terminate(grace milliseconds: Int = 1_000) {
    guard isRunning else { return }
    kill(pid, SIGTERM)
    for _ in 0..<max(1, milliseconds / 10) {
      if !isRunning { return }
      drain()
      usleep(10_000)
    }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    if waitpid(pid, &status, 0) == pid { exitStatus = status }
  }

  /// Reads and drops whatever is waiting, so a program blocked writing can go on.
  private func drain() {
    while let bytes = read(timeout: 0), !bytes.isEmpty {}
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
