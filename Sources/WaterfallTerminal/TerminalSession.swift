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
  private var pairs: ColorPairs?
  private let wakeReadFD: Int32
  /// Where a frame's bytes are gathered before they are sent (nil: curses writes them itself).
  private let batch = BatchedOutput()
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
    if options.colors, let (colors, limit) = Curses.startColors() {
      pairs = ColorPairs(colors: colors, limit: limit, define: Curses.definePair)
      colorsEnabled = true
      colorSupport = ColorSupport(colors: colors)
    } else {
      colorsEnabled = false
      colorSupport = .none
    }
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

    var restore: [UInt8] = []
    for name in ["sgr0", "cnorm", "rmkx"] { restore += Curses.capability(name) ?? [] }
    if options.mouse { restore += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8) }
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

  private func readEvent() -> InputEvent? {
    let event = Curses.read()
    if case .resize(let newSize) = event { size = newSize }
    return event
  }

  // MARK: Output

  /// Draws `buffer` as the whole screen, then sends only what changed
  /// (`wnoutrefresh`, `doupdate`).
  ///
  /// Given the frame drawn before (`previous`, of the same size), only the rows
  /// that differ are written into the curses window: when the content moved up
  /// or down (a scroll), the window is shifted first (`wscrl`) so that only the
  /// rows that came into view are new. Rows left as they were keep their colour
  /// pairs from being recycled. Without a previous frame, the window is erased
  /// and every row written. Either way the window ends up holding `buffer`
  /// exactly; curses then works out the bytes to send.
  public func draw(_ buffer: CellBuffer, previous: CellBuffer? = nil) {
    pairs?.beginFrame()
    let rows = min(buffer.size.height, size.height)
    var shift = 0
    var fresh = true
    let hashes = (0..<rows).map { buffer.rowTextHash($0) }
    defer { shownHashes = hashes }
    if let previous, previous.size == buffer.size, buffer.size == size, rowPairs.count == rows, shownHashes.count == rows {
      fresh = false
      shift = Self.scrollShift(from: shownHashes, to: hashes, blank: blankHashCached(width: buffer.size.width))
      if shift != 0 {
        Curses.scrollWindow(by: shift)
        rowPairs = (0..<rows).map { y in (0..<rows).contains(y + shift) ? rowPairs[y + shift] : [] }
      }
    }
    if fresh {
      Curses.erase()
      rowPairs = Array(repeating: [], count: rows)
    }
    var changed = [Bool](repeating: true, count: rows)
    if !fresh, let previous {
      for y in 0..<rows where (0..<rows).contains(y + shift) && buffer.row(y, sameAs: y + shift, in: previous) {
        changed[y] = false
        for pair in rowPairs[y] { pairs?.keep(pair) }
      }
    }
    for y in 0..<rows where changed[y] { write(row: y, of: buffer) }
    // Curses writes after every cursor jump: gathered, the frame is one write.
    if let batch { batch.run(on: fileno(output)) { Curses.present() } } else { Curses.present() }
  }

  /// Puts `text` on the terminal's clipboard with OSC 52 (see
  /// ``ClipboardSequence``), after what curses has drawn; `false` when the text is
  /// over ``ClipboardSequence/maximumBytes`` and nothing was sent.
  public func copyToClipboard(_ text: [UInt8]) -> Bool {
    guard text.count <= ClipboardSequence.maximumBytes else { return false }
    return writeAfterCurses(ClipboardSequence.bytes(for: text))
  }

  /// Writes `bytes` to the terminal after what curses has drawn (a sixel picture
  /// placed by the caller's own cursor moves); `false` when the write failed.
  @discardableResult
  public func writeAfterCurses(_ bytes: [UInt8]) -> Bool {
    fflush(output)
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.write(fileno(output), $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR || errno == EAGAIN { continue }
      guard n > 0 else { return false }
      offset += n
    }
    return true
  }

  /// The colour pairs each row of the window was written with.
  private var rowPairs: [[Int32]] = []
  /// The character hashes of the rows of the frame shown last.
  private var shownHashes: [UInt64] = []
  /// The hash of a blank row, by width.
  private var blankHashes: [Int: UInt64] = [:]

  private func blankHashCached(width: Int) -> UInt64 {
    if let hash = blankHashes[width] { return hash }
    let hash = CellBuffer(width: width, height: 1).rowTextHash(0)
    blankHashes[width] = hash
    return hash
  }

  /// By how many rows the content moved between `old` and `new` (positive: it
  /// moved up, as when scrolling down), or 0 when it did not move as a whole.
  ///
  /// Rows are matched by a hash of their characters: each row of `new` votes for
  /// the shifts that would bring an old row with the same characters to it
  /// (blank rows do not vote), and a shift wins when more rows vote for it than
  /// for standing still.
  static func scrollShift(from old: CellBuffer, to new: CellBuffer, rows: Int) -> Int {
    scrollShift(
      from: (0..<rows).map { old.rowTextHash($0) }, to: (0..<rows).map { new.rowTextHash($0) },
      blank: blankHash(width: new.size.width))
  }

  /// ``scrollShift(from:to:rows:)`` over rows' hashes, `blank` being a blank row's.
  static func scrollShift(from old: [UInt64], to new: [UInt64], blank: UInt64) -> Int {
    var oldRows: [UInt64: [Int]] = [:]
    for (y, hash) in old.enumerated() where hash != blank { oldRows[hash, default: []].append(y) }
    var votes: [Int: Int] = [:]
    for (y, hash) in new.enumerated() where hash != blank {
      guard let matches = oldRows[hash], matches.count <= 4 else { continue }
      for o in matches { votes[o - y, default: 0] += 1 }
    }
    let still = votes[0] ?? 0
    guard let best = votes.filter({ $0.key != 0 }).max(by: { $0.value < $1.value || ($0.value == $1.value && abs($0.key) > abs($1.key)) }),
      best.value > still, best.value >= 2
    else { return 0 }
    return best.key
  }

  /// The hash of a blank row `width` cells wide.
  static func blankHash(width: Int) -> UInt64 {
    CellBuffer(width: width, height: 1).rowTextHash(0)
  }

  /// Writes row `y` of `buffer` into the window, style run by style run.
  private func write(row y: Int, of buffer: CellBuffer) {
    rowPairs[y].removeAll(keepingCapacity: true)
    buffer.forEachRun(inRow: y, columns: size.width) { x, style, scalars in
      let a = style.attributes
      let attributes = Curses.attributes(
        bold: a.contains(.bold), dim: a.contains(.dim), italic: a.contains(.italic),
        underline: a.contains(.underline), reverse: a.contains(.reverse))
      let pair = pairs?.pair(foreground: style.foreground, background: style.background) ?? 0
      if pair != 0, rowPairs[y].last != pair { rowPairs[y].append(pair) }
      // A Unicode scalar value is a wchar_t on Linux: the same 32 bits.
      scalars.withMemoryRebound(to: wchar_t.self) { text in
        Curses.put(text.baseAddress!, count: text.count, x: x, y: y, attributes: attributes, pair: pair)
      }
    }
  }

  /// Makes the next ``draw(_:)`` resend the whole screen (Ctrl-L).
  public func repaintAll() {
    Curses.invalidateScreen()
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

  /// The number of colour pairs defined so far.
  public var colorPairCount: Int { pairs?.count ?? 0 }
}
