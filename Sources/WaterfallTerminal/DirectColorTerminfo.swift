#if canImport(Glibc)
  import Glibc
#endif

/// A terminal description made on the spot for 24-bit colour: the user's `TERM`
/// with direct-colour `setaf` and `setab`, compiled by `tic` into a private
/// temporary directory for ncurses to start with.
///
/// Terminals that show 24-bit colour say so with `COLORTERM=truecolor`, but their
/// `TERM` is nearly always a 256-colour description, and ncurses colours by the
/// description. ncurses' own `*-direct` descriptions are in an optional package
/// (Debian's ncurses-term) and there is one per family, so instead the session
/// derives one from whatever `TERM` is: every capability of it (`use=`), plus
/// `colors#0x1000000`, `RGB` and colour settings that send `38;2;R;G;B` (the
/// semicolon form, which more terminals read than the colon form ncurses'
/// entries use). Colours 0-7 stay the basic colours, as in ncurses' entries.
/// `tic` resolves `use=` as it compiles, so the result stands alone; the
/// directory is removed as soon as ncurses has read it.
///
/// ```swift
/// if let made = DirectColorTerminfo.make(base: "xterm-256color") {
///   defer { made.remove() }
///   made.withSearchPath { newterm(DirectColorTerminfo.name, output, input) }
/// }
/// ```
struct DirectColorTerminfo {
  /// The made description's name.
  static let name = "waterfall-direct"

  /// The directory holding the compiled description.
  let directory: String

  /// The terminfo source of the description derived from `base`.
  static func source(base: String) -> String {
    func colour(_ basic: String, _ rgb: String) -> String {
      "\\E[%?%p1%{8}%<%t\(basic)%p1%d%e\(rgb);2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m"
    }
    return """
      \(name)|\(base) with 24-bit colour,
      \tuse=\(base),
      \tRGB, colors#0x1000000, pairs#0x10000,
      \tsetab=\(colour("4", "48")),
      \tsetaf=\(colour("3", "38")),
      \tsetb@, setf@, ccc@, initc@,

      """
  }

  /// Whether `name` could be a terminfo entry's name: letters, digits and `.+-_`
  /// only, so it cannot change the meaning of the source it goes into.
  static func isEntryName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 128
      && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".+-_".unicodeScalars.contains($0)) }
  }

  /// Compiles the description derived from `base` with `tic`, or returns `nil`
  /// when `base` is unknown or `tic` is missing or fails.
  static func make(base: String) -> DirectColorTerminfo? {
    guard isEntryName(base) else { return nil }
    let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((temporary + "/waterfall-terminfo-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
    let result = DirectColorTerminfo(directory: String(cString: made))
    let sourcePath = result.directory + "/source"
    guard write(source(base: base), to: sourcePath),
      run(["tic", "-x", "-o", result.directory, sourcePath]),
      access(result.directory + "/w/" + name, R_OK) == 0
    else {
      result.remove()
      return nil
    }
    return result
  }

  /// Runs `body` with `TERMINFO` naming the directory, so ncurses finds the
  /// description there first; the variable is as it was afterwards.
  func withSearchPath<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let saved = getenv("TERMINFO").map { String(cString: $0) }
    setenv("TERMINFO", directory, 1)
    defer {
      if let saved { setenv("TERMINFO", saved, 1) } else { unsetenv("TERMINFO") }
    }
    return try body()
  }

  /// Removes the directory and what is in it.
  func remove() {
    unlink(directory + "/w/" + Self.name)
    rmdir(directory + "/w")
    unlink(directory + "/source")
    rmdir(directory)
  }

  private static func write(_ text: String, to path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
  }

  /// Runs `arguments` (the program found on `PATH`) with output and errors
  /// discarded, and says whether it exited 0.
  private static func run(_ arguments: [String]) -> Bool {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return false }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return false }
    }
    // Exited (low 7 bits 0) with status 0.
    return status & 0x7f == 0 && (status >> 8) & 0xff == 0
  }
}
