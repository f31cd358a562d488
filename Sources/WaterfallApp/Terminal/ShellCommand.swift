#if canImport(Glibc)
  import Glibc
#endif
import WaterfallFiles

/// A command line run by `/bin/sh -c`, as bound with `--bind`: on the terminal
/// (`execute`), with no terminal at all (`execute-silent`), or in the place of
/// this program (`become`); or a preview, its output down a pipe (`spawn`).
///
/// The command starts as a shell started from a terminal would: every signal
/// at its default and none blocked, and no descriptor of this program's but
/// the three standard ones (the data files, the terminal's and the wake-up
/// pipe stay here).
///
/// ```swift
/// let status = ShellCommand.run("less 'notes.txt'", on: .terminal)   // 0
/// ```
public enum ShellCommand {
  /// Where the command's standard input and output go.
  public enum Streams: Sendable {
    /// The terminal (`/dev/tty`) for input and output; standard error as it is.
    case terminal
    /// `/dev/null` for all three.
    case none
    /// `/dev/null` for input; output and errors both to this descriptor (a
    /// pipe's end, which the command gets as its 1 and 2 and nothing else).
    case output(Int32)
  }

  /// Runs `line` and waits for it; returns its exit status (128 + the signal
  /// that ended it), or nil when it could not be started.
  public static func run(_ line: String, on streams: Streams) -> Int32? {
    guard let pid = spawn(line, on: streams) else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    return exitStatus(status)
  }

  /// Starts `line` and returns its process id at once (nil: it could not be
  /// started); the caller waits for it. With `group`, the command leads a
  /// process group of its own, so that it and everything it starts can be
  /// signalled together (`kill(-pid, …)`: a preview).
  public static func spawn(_ line: String, on streams: Streams, group: Bool = false) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch streams {
    case .terminal:
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/tty", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/tty", O_WRONLY, 0)
    case .none:
      for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
    case .output(let fd):
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, fd, 1)
      posix_spawn_file_actions_adddup2(&actions, fd, 2)
    }
    for fd in openDescriptors() where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if group {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var pid: pid_t = 0
    let argv = ["sh", "-c", line]
    let spawned = withArguments(argv) { posix_spawn(&pid, "/bin/sh", &actions, &attributes, $0, environ) }
    return spawned == 0 ? pid : nil
  }

  /// The exit status `waitpid` reported as a number: the command's own, or
  /// 128 + the signal that ended it.
  public static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// Replaces this program by `line` (the terminal must be given back first):
  /// standard input from the terminal when it was not (the data came down a
  /// pipe), every signal at its default. Returns only when `/bin/sh` cannot be
  /// run, with why.
  public static func become(_ line: String) -> String {
    if isatty(0) == 0 {
      let tty = open("/dev/tty", O_RDONLY)
      if tty >= 0 {
        dup2(tty, 0)
        close(tty)
      }
    }
    for signal in 1..<Int32(32) where signal != SIGKILL && signal != SIGSTOP { Glibc.signal(signal, SIG_DFL) }
    var none = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, nil)
    _ = withArguments(["sh", "-c", line]) { execv("/bin/sh", $0) }
    return "cannot run /bin/sh: \(String(cString: strerror(errno)))"
  }

  /// The descriptors open in this process (`/proc/self/fd`): one closed by
  /// another thread meanwhile is no error for a spawn's close action.
  static func openDescriptors() -> [Int32] {
    (DirectoryNames.list("/proc/self/fd") ?? []).compactMap { Int32($0) }
  }

  /// Calls `body` with `arguments` as a C `argv` (NULL-terminated).
  private static func withArguments<R>(_ arguments: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = arguments.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}
