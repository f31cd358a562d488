import CNcursesw
import WaterfallLayout
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// The one place that calls ncurses: thin wrappers that take and return Swift
/// types and turn `ERR` into thrown errors where a failure matters.
enum Curses {
  // MARK: Screen

  /// Starts ncurses on the terminal at `output`/`input` (`newterm`), leaving stdin
  /// and stdout alone, as terminal `type` when that is given and known, else as
  /// `TERM`. Throws ``TerminalError/unknownTerminal(_:)`` for a `TERM` that terminfo
  /// does not know.
  static func start(type: String? = nil, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>) throws(TerminalError) -> OpaquePointer {
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    let screen: OpaquePointer
    if let type, let typed = newterm(type, output, input) {
      screen = typed
    } else {
      guard let named = newterm(nil, output, input) else { throw TerminalError.unknownTerminal(term) }
      screen = named
    }
    set_term(screen)
    // A terminal that cannot put the cursor anywhere (TERM=dumb, a printing
    // terminal) cannot show a screen of cards: refuse it before drawing anything.
    guard capability("cup") != nil else {
      endwin()
      delscreen(screen)
      throw TerminalError.cannotAddressCursor(term)
    }
    return screen
  }

  /// Keys as they are typed, no echo, function keys decoded, a short Escape delay,
  /// no cursor, hardware line scrolling so a one-row scroll is cheap to send, and
  /// no check for typed keys during an update (the loop reads them between frames).
  static func configureInput() {
    let window = cn_stdscr()
    cbreak()
    noecho()
    nonl()
    keypad(window, true)
    nodelay(window, true)
    set_escdelay(25)
    // Shift-↑ and Shift-↓ as xterm and tmux send them, where terminfo has them
    // not (screen's entries): ncurses then decodes them as the others.
    for (sequence, code) in [("\u{1B}[1;2A", KEY_SR), ("\u{1B}[1;2B", KEY_SF)] where key_defined(sequence) == 0 {
      define_key(sequence, code)
    }
    curs_set(0)
    idlok(window, true)
    leaveok(window, true)
    scrollok(window, false)
    // Frames are drawn whole: no looking for typed keys in the middle of one.
    typeahead(-1)
  }

  /// Turns on click and wheel reports, with no click detection delay.
  static func enableMouse() {
    mouseinterval(0)
    _ = mousemask(cn_button1_pressed() | cn_button1_released() | cn_button4_pressed() | cn_button5_pressed(), nil)
  }

  /// Starts colour with the terminal's default colours as colour -1, and returns
  /// how many colours there are, or `nil` when the terminal has none.
  static func startColors() -> Int? {
    guard has_colors() else { return nil }
    guard start_color() != ERR else { return nil }
    _ = use_default_colors()
    return Int(cn_colors())
  }

  static func screenSize() -> Size {
    var rows: Int32 = 0
    var columns: Int32 = 0
    cn_getmaxyx(cn_stdscr(), &rows, &columns)
    return Size(width: Int(columns), height: Int(rows))
  }

  /// Lets curses send what its own update would (at start: the modes it set,
  /// a cleared screen), so that from then on it has nothing to send.
  static func present() {
    wnoutrefresh(cn_stdscr())
    doupdate()
  }

  /// Marks the window as sent without sending anything: reading a key after a
  /// resize then does not make curses repaint the screen from its own (blank)
  /// copy. The frames are written by ``FrameEncoder``, not through the window.
  static func forgetWindowChanges() {
    wnoutrefresh(cn_stdscr())
  }

  /// Leaves curses mode: the terminal is as it was before ``start(output:input:)``.
  static func end() {
    endwin()
  }

  /// Leaves curses mode for a while (another program gets the terminal):
  /// `def_prog_mode` keeps the modes to come back to, `endwin` restores the
  /// terminal's own.
  static func suspend() {
    def_prog_mode()
    endwin()
  }

  /// Comes back to curses mode after ``suspend()``: the modes kept, the keypad,
  /// the mouse and the alternate screen again (curses' update sends them).
  static func resume() {
    reset_prog_mode()
    flushinp()
    wnoutrefresh(cn_stdscr())
    doupdate()
  }

  static func delete(_ screen: OpaquePointer) {
    delscreen(screen)
  }

  /// The escape sequences of the terminal curses started on, for a screen of
  /// `colors` colours (0: none), their padding taken out (``TerminfoPadding``).
  static func terminalStrings(colors: Int) -> TerminalStrings {
    func string(_ name: String) -> String? {
      cn_string_capability(name).map { String(cString: $0) }
    }
    func with(_ template: String, _ a: Int) -> [UInt8] {
      TerminfoPadding.strip(cn_tiparm1(template, Int32(truncatingIfNeeded: a)).map { Array(String(cString: $0).utf8) } ?? [])
    }
    func with(_ template: String, _ a: Int, _ b: Int) -> [UInt8] {
      TerminfoPadding.strip(
        cn_tiparm2(template, Int32(truncatingIfNeeded: a), Int32(truncatingIfNeeded: b)).map { Array(String(cString: $0).utf8) } ?? [])
    }
    let bytes = { (name: String) in string(name).map { TerminfoPadding.strip(Array($0.utf8)) } }
    let cup = string("cup") ?? ""
    let csr = string("csr")
    let scrollUp: ((Int) -> [UInt8])? =
      if let indn = string("indn") { { with(indn, $0) } } else if let ind = bytes("ind") { { Array([[UInt8]](repeating: ind, count: $0).joined()) } } else { nil }
    let scrollDown: ((Int) -> [UInt8])? =
      if let rin = string("rin") { { with(rin, $0) } } else if let ri = bytes("ri") { { Array([[UInt8]](repeating: ri, count: $0).joined()) } } else { nil }
    let setaf = colors > 0 ? string("setaf") : nil
    let setab = colors > 0 ? string("setab") : nil
    return TerminalStrings(
      clear: bytes("clear") ?? [], reset: bytes("sgr0") ?? [],
      bold: bytes("bold"), dim: bytes("dim"), italic: bytes("sitm"), underline: bytes("smul"), reverse: bytes("rev"),
      defaultColors: colors > 0 ? bytes("op") : nil,
      cursor: { with(cup, $0, $1) },
      scrollRegion: csr.map { csr in { with(csr, $0, $1) } },
      scrollUp: scrollUp, scrollDown: scrollDown,
      foreground: setaf.map { setaf in { with(setaf, Int($0)) } },
      background: setab.map { setab in { with(setab, Int($0)) } },
      writesLastCell: cn_flag_capability("am") == 0 || cn_flag_capability("xenl") != 0)
  }

  /// The bytes of terminfo string capability `name`, its padding taken out
  /// (``TerminfoPadding``), or `nil` when the terminal has none.
  static func capability(_ name: String) -> [UInt8]? {
    guard let value = cn_string_capability(name) else { return nil }
    return TerminfoPadding.strip(Array(String(cString: value).utf8))
  }

  // MARK: Input

  /// What is waiting to be read, without blocking: a character, or a key,
  /// mouse action or resize curses decoded; `nil` when nothing is waiting.
  /// Characters become keys in ``InputDecoder``, which also keeps the
  /// terminal's answers from them.
  static func read() -> InputDecoder.Unit? {
    var code: wint_t = 0
    let kind = wget_wch(cn_stdscr(), &code)
    switch kind {
    case OK:
      return .character(UInt32(code))
    case KEY_CODE_YES:
      return decodeKey(Int32(bitPattern: code)).map { .event($0) } ?? .unknownKey
    default:
      return nil
    }
  }

  private static func decodeKey(_ code: Int32) -> InputEvent? {
    switch code {
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
    case KEY_SR: return .key(.shiftUp)
    case KEY_SF: return .key(.shiftDown)
    case KEY_LEFT: return .key(.left)
    case KEY_RIGHT: return .key(.right)
    case KEY_PPAGE: return .key(.pageUp)
    case KEY_NPAGE: return .key(.pageDown)
    case KEY_HOME, KEY_A1: return .key(.home)
    case KEY_END, KEY_C1: return .key(.end)
    case KEY_ENTER: return .key(.enter)
    case KEY_BACKSPACE: return .key(.backspace)
    case KEY_DC: return .key(.delete)
    case KEY_IC: return .key(.insert)
    case KEY_BTAB: return .key(.backTab)
    case KEY_RESIZE: return .resize(screenSize())
    case KEY_MOUSE: return readMouse()
    default:
      if code > cn_key_f(0), code <= cn_key_f(63) { return .key(.function(Int(code - cn_key_f(0)))) }
      return nil
    }
  }

  private static func readMouse() -> InputEvent? {
    var x: Int32 = 0
    var y: Int32 = 0
    var state: mmask_t = 0
    guard cn_getmouse(&x, &y, &state) == OK else { return nil }
    let position = Point(x: Int(x), y: Int(y))
    if state & cn_button4_pressed() != 0 { return .mouse(MouseEvent(action: .wheelUp, position: position)) }
    if state & cn_button5_pressed() != 0 { return .mouse(MouseEvent(action: .wheelDown, position: position)) }
    if state & cn_button1_pressed() != 0 { return .mouse(MouseEvent(action: .press, position: position)) }
    if state & cn_button1_released() != 0 { return .mouse(MouseEvent(action: .release, position: position)) }
    return nil
  }
}
