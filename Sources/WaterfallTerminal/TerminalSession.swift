import WaterfallLayout
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal, in curses mode, for as long as the session lasts.
///
/// The session opens `/dev/tty` (so stdin can carry data and stdout a picked
/// item), starts ncurses there with `newterm`, and sets up what a browser wants:
/// keys as typed with no echo, a 25 ms Escape, the mouse, colours over the
/// terminal's own defaults (none under `NO_COLOR`), and resizes through
/// `KEY_RESIZE`. ``end()`` gives the terminal back; so do the signal handlers on
/// SIGINT, SIGTERM, SIGHUP and crashes (see ``TerminalRestorer``), while ncurses
/// handles Ctrl-Z and `fg`.
///
/// ```swift
/// let session = try TerminalSession(options: .init(colors: true, mouse: true))
/// defer { session.end() }
/// while let event = session.nextEvent(timeout: nil) { … }
/// ```
public final class TerminalSession {
  public struct Options: Sendable {
    public var colors: Bool
    public var mouse: Bool
    public init(colors: Bool = true, mouse: Bool = true) {
      self.colors = colors
      self.mouse = mouse
    }
  }

  /// The screen's size in cells.
  public private(set) var size: Size
  /// Whether styles are drawn in colour.
  public let colorsEnabled: Bool
  /// The colours the terminal shows (``ColorSupport/none`` when colours are off).
  public let colorSupport: ColorSupport
  /// Hand this to threads that must wake the session.
  public let wakeUp: WakeUp

  private let input: UnsafeMutablePointer<FILE>
  private let output: UnsafeMutablePointer<FILE>
  private let screen: OpaquePointer
  private let wakeReadFD: Int32
  /// What turns one frame into the next on the terminal.
  private var encoder: FrameEncoder
  /// A frame's bytes, kept from frame to frame.
  private var frameBytes: [UInt8] = []
  /// Characters read to keys, the terminal's answers kept out.
  private var decoder = InputDecoder()
  /// Events decoded and not yet handed out.
  private var decoded: [InputEvent] = []
  /// Set when the screen must be written whole (Ctrl-L, back from Ctrl-Z).
  private var repaintNeeded = false
  private var ended = false

  public init(options: Options = Options()) throws(TerminalError) {
    _ = DisplayText.prepareLocale()
    guard let input = fopen("/dev/tty", "r") else {
      throw TerminalError.noTerminal(String(cString: strerror(errno)))
    }
    guard let output = fopen("/dev/tty", "w") else {
      fclose(input)
      throw TerminalError.noTerminal(String(cString: strerror(errno)))
    }
    self.input = input
    self.output = output
    TerminalRestorer.saveModes(of: fileno(input))
    do {
      // A terminal that says it has 24-bit colour is started with a description
      // that has it, made from TERM (see DirectColorTerminfo).
      let term = getenv("TERM").map { String(cString: $0) }
      let direct =
        options.colors && ColorSupport.wantsDirectColor(term: term, colorterm: getenv("COLORTERM").map { String(cString: $0) })
        ? term.flatMap(DirectColorTerminfo.make(base:)) : nil
      defer { direct?.remove() }
      if let direct {
        screen = try direct.withSearchPath { () throws(TerminalError) in
          try Curses.start(type: DirectColorTerminfo.name, output: output, input: input)
        }
      } else {
        screen = try Curses.start(output: output, input: input)
      }
    } catch {
      fclose(input)
      fclose(output)
      throw error
    }
    Curses.configureInput()
    if options.mouse { Curses.enableMouse() }
    let colors = options.colors ? Curses.startColors() ?? 0 : 0
    colorsEnabled = colors > 0
    colorSupport = ColorSupport(colors: colors)
    encoder = FrameEncoder(strings: Curses.terminalStrings(colors: colors), colors: TerminalColor(colors: colors))
    // Curses sends its modes and clears the screen once; the frames are the encoder's.
    Curses.present()
    // Pastes come bracketed, as one event (InputDecoder), never as keys.
    fflush(output)
    _ = Self.bracketedPasteOn.withUnsafeBytes { Glibc.write(fileno(output), $0.baseAddress, $0.count) }
    size = Curses.screenSize()

    var fds: [Int32] = [0, 0]
    if pipe(&fds) == 0 {
      _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
      _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
      _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    }
    wakeReadFD = fds[0]
    wakeUp = WakeUp(writeFD: fds[1])
    ResumeSignal.install(waking: fds[1])

    var restore: [UInt8] = []
    for name in ["sgr0", "cnorm", "rmkx"] { restore += Curses.capability(name) ?? [] }
    if options.mouse { restore += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8) }
    restore += Self.bracketedPasteOff
    restore += Curses.capability("rmcup") ?? []
    TerminalRestorer.arm(restoreBytes: restore, outputFD: fileno(output))
  }

  deinit {
    end()
  }

  /// Gives the terminal back: leaves curses mode, restores the modes, closes
  /// `/dev/tty`. Safe to call more than once.
  public func end() {
    guard !ended else { return }
    ended = true
    TerminalRestorer.disarm()
    ResumeSignal.uninstall()
    fflush(output)
    _ = writeAll(Self.bracketedPasteOff)
    Curses.end()
    Curses.delete(screen)
    fclose(input)
    fclose(output)
    close(wakeReadFD)
    close(wakeUp.writeFD)
  }

  // MARK: Input

  /// The next event: at once when one is waiting, otherwise after waiting up to
  /// `timeout` milliseconds (`nil`: until something happens). Returns `nil` when
  /// the time ran out or another thread called ``WakeUp/signal()``.
  public func nextEvent(timeout: Int?) -> InputEvent? {
    if let event = readEvent() { return event }
    var fds = [
      pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0),
    ]
    _ = poll(&fds, 2, Int32(timeout ?? -1))
    if fds[1].revents != 0 {
      var sink = [UInt8](repeating: 0, count: 64)
      while read(wakeReadFD, &sink, sink.count) > 0 {}
    }
    return readEvent()
  }

  /// The next event of what curses has waiting, through ``InputDecoder``: the
  /// terminal's answers never come out as keys.
  private func readEvent() -> InputEvent? {
    while decoded.isEmpty {
      guard let unit = Curses.read() else {
        decoded += decoder.idle()
        break
      }
      decoded += decoder.feed(unit, time: Self.milliseconds())
    }
    guard !decoded.isEmpty else { return nil }
    let event = decoded.removeFirst()
    if case .resize(let newSize) = event {
      size = newSize
      Curses.forgetWindowChanges()
    }
    return event
  }

  /// A monotonic clock in milliseconds, for the decoder's expiry.
  private static func milliseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
  }

  // MARK: Output

  /// Shows `buffer` as the whole screen, sending only what changed since
  /// `previous` (the frame shown before, of the same size): the rows that moved
  /// are scrolled and the cells that differ written (see ``FrameEncoder``), in
  /// one write. Without a previous frame the screen is cleared and written whole.
  public func draw(_ buffer: CellBuffer, previous: CellBuffer? = nil) {
    let shown = repaintNeeded || ResumeSignal.takeResumed() || buffer.size != size ? nil : previous
    repaintNeeded = false
    frameBytes.removeAll(keepingCapacity: true)
    encoder.encode(buffer, over: shown, into: &frameBytes)
    send(frameBytes)
  }

  /// Asks the terminal to bracket what the user pastes (`ESC [ 200 ~` … `ESC [ 201 ~`),
  /// and stops it again; terminals that do not know the mode ignore both.
  static let bracketedPasteOn = Array("\u{1B}[?2004h".utf8)
  static let bracketedPasteOff = Array("\u{1B}[?2004l".utf8)

  /// Writes `bytes` to the terminal whole, with the signals that stop or end
  /// the program held meanwhile, so that their handlers never cut a sequence.
  private func send(_ bytes: [UInt8]) {
    var held = sigset_t()
    var previous = sigset_t()
    sigemptyset(&held)
    for signal in TerminalRestorer.fatalSignals + [SIGTSTP, SIGWINCH] { sigaddset(&held, signal) }
    pthread_sigmask(SIG_BLOCK, &held, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    _ = writeAll(bytes)
  }

  /// Puts `text` on the terminal's clipboard with OSC 52 (see
  /// ``ClipboardSequence``), after what curses has drawn; `false` when the text is
  /// over ``ClipboardSequence/maximumBytes`` and nothing was sent.
  public func copyToClipboard(_ text: [UInt8]) -> Bool {
    guard text.count <= ClipboardSequence.maximumBytes else { return false }
    return writeAfterFrame(ClipboardSequence.bytes(for: text))
  }

  /// Writes `bytes` to the terminal after the frame (a sixel picture placed by
  /// the caller's own cursor moves); `false` when the write failed. The next
  /// frame then assumes nothing of the cursor or the style.
  @discardableResult
  public func writeAfterFrame(_ bytes: [UInt8]) -> Bool {
    fflush(output)
    encoder.forgetCursorAndStyle()
    return writeAll(bytes)
  }

  private func writeAll(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.write(fileno(output), $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR || errno == EAGAIN { continue }
      guard n > 0 else { return false }
      offset += n
    }
    return true
  }

  /// Hands the terminal to `body`, which runs a program in the foreground (an
  /// editor, a pager), and takes it back after.
  ///
  /// Curses mode is left as at the end of a session (the terminal's own modes,
  /// the normal screen, the cursor shown, no mouse reports). While `body` runs,
  /// SIGINT and SIGQUIT are ignored here, as `system(3)` ignores them (Ctrl-C is
  /// the program's, which should start them at their defaults), and Ctrl-Z stops
  /// the program and this one alike, curses' own handler stepping aside. Then
  /// curses mode comes back, keys typed meanwhile are dropped, and the next frame
  /// is written whole.
  ///
  /// ```swift
  /// let status = session.handOver { ShellCommand.run("vim notes.txt", terminal: true) }
  /// ```
  public func handOver<T>(_ body: () throws -> T) rethrows -> T {
    fflush(output)
    _ = writeAll(Self.bracketedPasteOff)
    Curses.suspend()
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var standard = sigaction()
    standard.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&standard.sa_mask)
    var savedInterrupt = sigaction()
    var savedQuit = sigaction()
    var savedStop = sigaction()
    sigaction(SIGINT, &ignore, &savedInterrupt)
    sigaction(SIGQUIT, &ignore, &savedQuit)
    sigaction(SIGTSTP, &standard, &savedStop)
    defer {
      sigaction(SIGINT, &savedInterrupt, nil)
      sigaction(SIGQUIT, &savedQuit, nil)
      sigaction(SIGTSTP, &savedStop, nil)
      Curses.resume()
      send(Self.bracketedPasteOn)
      encoder.forgetCursorAndStyle()
      repaintNeeded = true
    }
    return try body()
  }

  /// Makes the next ``draw(_:)`` resend the whole screen (Ctrl-L).
  public func repaintAll() {
    repaintNeeded = true
  }

  /// A cell's size in pixels, as the terminal reports it (`TIOCGWINSZ`), or nil
  /// when it does not.
  public var cellPixelSize: Size? {
    var size = winsize()
    guard ioctl(fileno(output), UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel > 0, size.ws_ypixel > 0
    else { return nil }
    let width = Int(size.ws_xpixel) / Int(size.ws_col)
    let height = Int(size.ws_ypixel) / Int(size.ws_row)
    return width > 0 && height > 0 ? Size(width: width, height: height) : nil
  }
}
