#if canImport(Glibc)
  import Glibc
#endif

/// Drives a program in a ``PseudoTerminal`` as a user at a terminal would, and
/// keeps the screen it draws (``ScreenModel``) and the bytes it wrote.
///
/// Every wait has a time limit: a program that never draws, or hangs, costs the
/// limit and an honest "not reached", never a hung benchmark.
///
/// ```swift
/// let driver = try TerminalDriver(program: "/usr/bin/less", arguments: ["-S", path], columns: 200, rows: 60)
/// let shown = driver.wait(timeout: .seconds(10)) { $0.screen.contains("{\"id\":1,") }
/// let response = driver.respond(to: Array("j".utf8))   // bytes written for one line
/// driver.finish(quitKeys: Array("q".utf8))
/// ```
final class TerminalDriver {
  /// What the program wrote in answer to keys.
  struct Response {
    /// Bytes written until the output went quiet.
    var bytes: Int
    /// From writing the keys to the first byte of the answer (`nil`: none came).
    var firstByte: Duration?
  }

  let terminal: PseudoTerminal
  private(set) var screen: ScreenModel
  private var parser = VTParser()
  /// Every byte the program has written so far.
  private(set) var bytesRead = 0
  private let clock = ContinuousClock()
  /// When the program was started.
  let launched: ContinuousClock.Instant
  private var lastOutput: ContinuousClock.Instant
  /// Whether the terminal closed (the program ended).
  private(set) var closed = false
  private var mark: ContinuousClock.Instant?
  /// From the last ``send(_:)`` to the first byte written after it.
  private(set) var firstOutputAfterSend: Duration?
  /// Device control and application strings begun so far (`ESC P`, `ESC _`):
  /// sixel and kitty pictures are sent in them.
  private(set) var pictureStrings = 0
  private var lastByte: UInt8 = 0
  /// Whether the terminal answers Primary Device Attributes, as every real one
  /// does; false stands for a terminal (or a link) that answers nothing.
  var answersDeviceAttributes = true

  /// The environment every program gets: a 256-colour xterm, a UTF-8 locale.
  static func environment(adding extra: [String] = []) -> [String] {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
    let home = getenv("HOME").map { String(cString: $0) } ?? "/tmp"
    // No shared thumbnails folder: every run decodes as a first open does.
    return [
      "TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "PATH=\(path)", "HOME=\(home)", "WATERFALL_NO_THUMBNAIL_CACHE=1",
    ] + extra
  }

  init(
    program: String, arguments: [String], environment: [String] = TerminalDriver.environment(),
    columns: Int, rows: Int, standardInput: String? = nil, cellPixels: (width: Int, height: Int)? = nil
  ) throws(PseudoTerminal.Failure) {
    screen = ScreenModel(width: columns, height: rows)
    launched = ContinuousClock.now
    lastOutput = launched
    terminal = try PseudoTerminal(
      program: program, arguments: arguments, environment: environment, columns: columns, rows: rows,
      standardInput: standardInput, cellPixels: cellPixels)
  }

  /// Time since the program was started.
  var elapsed: Duration { launched.duration(to: clock.now) }

  /// When the program last wrote, since it was started.
  var lastOutputAt: Duration { launched.duration(to: lastOutput) }

  /// Waits until `condition` holds on a whole frame: it is checked only once
  /// the output has paused (nothing more within a millisecond), so a screen half
  /// drawn never counts. Returns when the frame's last byte came (since launch),
  /// or `nil` when time ran out or the program ended.
  func waitForFrame(timeout: Duration, until condition: (TerminalDriver) -> Bool) -> Duration? {
    let deadline = clock.now.advanced(by: timeout)
    if condition(self) { return elapsed }
    while clock.now < deadline, !closed {
      guard pump(timeout: 2) > 0 else { continue }
      while pump(timeout: 1) > 0 {}
      if condition(self) { return lastOutputAt }
    }
    return nil
  }

  /// Reads what the program wrote, waiting up to `timeout` milliseconds for it,
  /// and applies it to the screen; returns the number of bytes read.
  @discardableResult
  func pump(timeout: Int) -> Int {
    guard !closed else {
      if timeout > 0 { usleep(UInt32(timeout) * 1_000) }
      return 0
    }
    guard let bytes = terminal.read(timeout: timeout) else {
      closed = true
      return 0
    }
    guard !bytes.isEmpty else { return 0 }
    lastOutput = clock.now
    if let mark, firstOutputAfterSend == nil { firstOutputAfterSend = mark.duration(to: lastOutput) }
    bytesRead += bytes.count
    for byte in bytes {
      if lastByte == 0x1B, byte == 0x50 || byte == 0x5F { pictureStrings += 1 }
      lastByte = byte
    }
    // Primary Device Attributes, as a terminal without sixel answers them: the
    // program asks at start (`--pictures auto`) and would otherwise wait out its
    // budget for an answer no terminal fails to give.
    if answersDeviceAttributes, bytes.count >= 3, (0...(bytes.count - 3)).contains(where: { bytes[$0] == 0x1B && bytes[$0 + 1] == 0x5B && bytes[$0 + 2] == 0x63 }) {
      terminal.write(Array("\u{1B}[?62;22c".utf8))
    }
    parser.feed(bytes) { screen.apply($0) }
    return bytes.count
  }

  /// Waits until `condition` holds, up to `timeout`; returns the time since
  /// launch at which it held, or `nil` when time ran out or the program ended.
  func wait(timeout: Duration, until condition: (TerminalDriver) -> Bool) -> Duration? {
    let deadline = clock.now.advanced(by: timeout)
    var changed = true
    while true {
      if changed, condition(self) { return elapsed }
      if clock.now >= deadline || closed { return nil }
      changed = pump(timeout: 2) > 0
      if !changed, clock.now.duration(to: deadline) < .milliseconds(3) { changed = true }
    }
  }

  /// Like ``wait(timeout:until:)`` but checks `condition` every millisecond, for
  /// conditions that do not depend on the screen (a file growing).
  func poll(timeout: Duration, until condition: () -> Bool) -> Bool {
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
      if condition() { return true }
      pump(timeout: 1)
    }
    return condition()
  }

  /// Reads until the program has written nothing for `quiet`, at most `timeout`.
  func settle(quiet: Duration = .milliseconds(120), timeout: Duration = .seconds(5)) {
    let deadline = clock.now.advanced(by: timeout)
    let start = clock.now
    while clock.now < deadline, !closed {
      let since = max(lastOutput, start)
      if since.duration(to: clock.now) >= quiet { return }
      pump(timeout: 5)
    }
  }

  /// Types `keys`, starting the clock of ``firstOutputAfterSend``.
  func send(_ keys: [UInt8]) {
    mark = clock.now
    firstOutputAfterSend = nil
    terminal.write(keys)
  }

  /// Types `keys` into a quiet terminal and counts what comes back until the
  /// output has been quiet for `quiet` (at most `timeout`); when nothing at all
  /// comes within `answerWithin` (default: four times `quiet`), the keys had
  /// nothing to draw.
  func respond(
    to keys: [UInt8], quiet: Duration = .milliseconds(120), timeout: Duration = .seconds(5),
    answerWithin: Duration? = nil
  ) -> Response {
    settle(quiet: quiet, timeout: timeout)
    let before = bytesRead
    let sent = clock.now
    send(keys)
    let deadline = sent.advanced(by: timeout)
    while clock.now < deadline, !closed {
      pump(timeout: 5)
      if firstOutputAfterSend != nil, lastOutput.duration(to: clock.now) >= quiet { break }
      if firstOutputAfterSend == nil, sent.duration(to: clock.now) >= answerWithin ?? quiet * 4 { break }
    }
    return Response(bytes: bytesRead - before, firstByte: firstOutputAfterSend)
  }

  /// The program's memory figures now.
  func memory() -> ProcessMemory? {
    ProcessMemory.read(pid: terminal.pid)
  }

  /// Types `quitKeys`, gives the program a moment to end, and ends it otherwise.
  func finish(quitKeys: [UInt8]) {
    if terminal.isRunning, !closed {
      send(quitKeys)
      for _ in 0..<200 where terminal.isRunning {
        pump(timeout: 10)
      }
    }
    terminal.terminate()
  }
}
