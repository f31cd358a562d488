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
  /// how many colours and pairs there are, or `nil` when the terminal has none.
  static func startColors() -> (colors: Int, pairs: Int)? {
    guard has_colors() else { return nil }
    guard start_color() != ERR else { return nil }
    _ = use_default_colors()
    return (Int(cn_colors()), Int(cn_color_pairs()))
  }

  /// Defines colour pair `pair` as `foreground` on `background` (-1: default).
  static func definePair(_ pair: Int32, foreground: Int32, background: Int32) -> Bool {
    init_extended_pair(pair, foreground, background) != ERR
  }

  static func screenSize() -> Size {
    var rows: Int32 = 0
    var columns: Int32 = 0
    cn_getmaxyx(cn_stdscr(), &rows, &columns)
    return Size(width: Int(columns), height: Int(rows))
  }

  static func erase() {
    werase(cn_stdscr())
  }

  /// Shifts the window's lines up by `rows` (down when negative); the lines
  /// that come in are blank.
  static func scrollWindow(by rows: Int) {
    scrollok(cn_stdscr(), true)
    wscrl(cn_stdscr(), Int32(rows))
    scrollok(cn_stdscr(), false)
  }

  /// Writes a run of wide characters at (x, y).
  static func put(_ text: UnsafePointer<wchar_t>, count: Int, x: Int, y: Int, attributes: UInt32, pair: Int32) {
    _ = cn_put_wide(cn_stdscr(), Int32(y), Int32(x), text, Int32(count), attr_t(attributes), pair)
  }

  /// Sends what changed to the terminal.
  static func present() {
    wnoutrefresh(cn_stdscr())
    doupdate()
  }

  /// Makes the next ``present()`` resend the whole screen (Ctrl-L).
  static func invalidateScreen() {
    clearok(cn_curscr(), true)
  }

  /// Leaves curses mode: the terminal is as it was before ``start(output:input:)``.
  static func end() {
    endwin()
  }

  static func delete(_ screen: OpaquePointer) {
    delscreen(screen)
  }

  /// The bytes of terminfo string capability `name`, or `nil` when the terminal
  /// has none.
  static func capability(_ name: String) -> [UInt8]? {
    guard let value = cn_string_capability(name) else { return nil }
    return Array(String(cString: value).utf8)
  }

  // MARK: Attributes

  static func attributes(bold: Bool, dim: Bool, italic: Bool, underline: Bool, reverse: Bool) -> UInt32 {
    var value: attr_t = cn_a_normal()
    if bold { value |= cn_a_bold() }
    if dim { value |= cn_a_dim() }
    if italic { value |= cn_a_italic() }
    if underline { value |= cn_a_underline() }
    if reverse { value |= cn_a_reverse() }
    return UInt32(value)
  }

  // MARK: Input

  /// The next key or event waiting, without blocking, or `nil` when there is none.
  static func read() -> InputEvent? {
    var code: wint_t = 0
    let kind = wget_wch(cn_stdscr(), &code)
    switch kind {
    case OK:
      return decodeCharacter(UInt32(code))
    case KEY_CODE_YES:
      return decodeKey(Int32(bitPattern: code))
    default:
      return nil
    }
  }

  private static func decodeCharacter(_ code: UInt32) -> InputEvent? {
    switch code {
    case 9: return .key(.tab)
    case 10, 13: return .key(.enter)
    case 27: return readAfterEscape()
    case 8, 127: return .key(.backspace)
    case 0..<32:
      // Ctrl-A is 1 … Ctrl-Z is 26.
      return .key(.control(Character(Unicode.Scalar(code + 96)!)))
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .key(.character(Character(scalar)))
    }
  }

  /// What an Escape that was just read begins: a character waiting right behind
  /// it (ncurses has already waited the Escape delay for more bytes) makes it an
  /// Alt key (Alt-Enter is `.alt("\r")`, Alt-Backspace `.alt("\u{7F}")`); another
  /// Escape or a function key is left to be read next, and the Escape stands alone.
  private static func readAfterEscape() -> InputEvent? {
    var code: wint_t = 0
    switch wget_wch(cn_stdscr(), &code) {
    case OK:
      let value = UInt32(code)
      if value != 27, let scalar = Unicode.Scalar(value) { return .key(.alt(Character(scalar))) }
      _ = unget_wch(.init(truncatingIfNeeded: value))
    case KEY_CODE_YES:
      _ = ungetch(Int32(bitPattern: code))
    default:
      break
    }
    return .key(.escape)
  }

  private static func decodeKey(_ code: Int32) -> InputEvent? {
    switch code {
    case KEY_UP: return .key(.up)
    case KEY_DOWN: return .key(.down)
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
