import WaterfallView

/// What an xterm-like terminal of a fixed size would show, built from
/// ``VTAction`` values: enough of VT100/xterm to follow ncurses, `less` and `fzf`.
///
/// It keeps characters only (no colours or attributes): printing with autowrap
/// (the "pending wrap" of the last column), wide characters taking two cells,
/// cursor moves (CUP, CUU/CUD/CUF/CUB, CNL/CPL, CHA, HPA, VPA, save/restore),
/// erases (ED, EL, ECH), insert/delete of characters and lines (ICH, DCH, IL, DL),
/// scroll regions (DECSTBM) with index, reverse index and SU/SD, repeat (REP),
/// tabs, and the alternate screen (modes 47, 1047, 1049). Private modes set
/// (`CSI ? … h`) are remembered, so a driver can tell, say, whether the program
/// asked for SGR mouse reports (1006).
///
/// ```swift
/// var screen = ScreenModel(width: 10, height: 3)
/// var parser = VTParser()
/// parser.feed(Array("\u{1B}[2;3Hhi".utf8)) { screen.apply($0) }
/// screen.line(1)   // "  hi      "
/// ```
struct ScreenModel {
  let width: Int
  let height: Int
  /// Row-major characters; ``continuation`` marks the right half of a wide one.
  private(set) var cells: [Unicode.Scalar]
  private(set) var x = 0
  private(set) var y = 0
  private var pendingWrap = false
  private var top = 0
  private var bottom: Int
  private var saved = (x: 0, y: 0)
  private var lastPrinted: Unicode.Scalar?
  private var mainScreen: [Unicode.Scalar]?
  /// The private modes (`CSI ? n h`) now set.
  private(set) var privateModes: Set<Int> = []

  static let blank: Unicode.Scalar = " "
  static let continuation: Unicode.Scalar = "\u{0}"

  /// The columns a character takes: glibc's `wcwidth`, as the programs measured use.
  var characterWidth: (Unicode.Scalar) -> Int = { DisplayText.width(of: $0) }

  init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    cells = Array(repeating: Self.blank, count: self.width * self.height)
    bottom = self.height - 1
  }

  // MARK: Reading

  /// Row `row` as text (wide characters once, trailing blanks kept).
  func line(_ row: Int) -> String {
    var text = String.UnicodeScalarView()
    for scalar in cells[row * width..<(row + 1) * width] where scalar != Self.continuation {
      text.append(scalar)
    }
    return String(text)
  }

  /// Every row as text, top to bottom.
  var lines: [String] { (0..<height).map(line) }

  /// Whether any row contains `text`.
  func contains(_ text: String) -> Bool {
    (0..<height).contains { line($0).contains(text) }
  }

  // MARK: Applying

  mutating func apply(_ action: VTAction) {
    switch action {
    case .print(let scalar): put(scalar)
    case .control(let byte): control(byte)
    case .escape(let intermediates, let final): escape(intermediates, final)
    case .csi(let marker, let parameters, let intermediates, let final):
      csi(marker, parameters, intermediates, final)
    }
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    let w = characterWidth(scalar)
    guard w > 0 else { return }  // combining marks are not modelled
    if pendingWrap {
      x = 0
      index()
    }
    if w == 2, x == width - 1 {
      // A wide character that does not fit wraps whole, as xterm does.
      set(x, y, Self.blank)
      x = 0
      index()
    }
    set(x, y, scalar)
    if w == 2, x + 1 < width { set(x + 1, y, Self.continuation) }
    lastPrinted = scalar
    if x + w >= width {
      x = width - 1
      pendingWrap = true
    } else {
      x += w
    }
  }

  /// Writes one cell, blanking the other half of a wide character it splits.
  private mutating func set(_ column: Int, _ row: Int, _ scalar: Unicode.Scalar) {
    let i = row * width + column
    if cells[i] == Self.continuation, column > 0, scalar != Self.continuation { cells[i - 1] = Self.blank }
    if column + 1 < width, cells[i + 1] == Self.continuation, cells[i] != Self.continuation { cells[i + 1] = Self.blank }
    cells[i] = scalar
  }

  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x08:
      pendingWrap = false
      x = max(0, x - 1)
    case 0x09:
      pendingWrap = false
      x = min(width - 1, (x / 8 + 1) * 8)
    case 0x0A, 0x0B, 0x0C:
      index()
    case 0x0D:
      pendingWrap = false
      x = 0
    default:
      break
    }
  }

  private mutating func escape(_ intermediates: [UInt8], _ final: UInt8) {
    guard intermediates.isEmpty else { return }  // character sets: ignored
    switch final {
    case UInt8(ascii: "7"): saved = (x, y)
    case UInt8(ascii: "8"): move(to: saved.x, saved.y)
    case UInt8(ascii: "D"): index()
    case UInt8(ascii: "E"):
      x = 0
      index()
    case UInt8(ascii: "M"): reverseIndex()
    case UInt8(ascii: "c"): self = ScreenModel(width: width, height: height)
    default: break
    }
  }

  private mutating func csi(_ marker: UInt8?, _ parameters: [Int?], _ intermediates: [UInt8], _ final: UInt8) {
    func p(_ i: Int, _ fallback: Int = 1) -> Int {
      guard i < parameters.count, let value = parameters[i], value != 0 else { return fallback }
      return value
    }
    if marker == UInt8(ascii: "?") {
      if final == UInt8(ascii: "h") || final == UInt8(ascii: "l") {
        for mode in parameters.compactMap({ $0 }) { setPrivateMode(mode, on: final == UInt8(ascii: "h")) }
      }
      return
    }
    guard marker == nil, intermediates.isEmpty else { return }
    switch final {
    case UInt8(ascii: "A"): move(to: x, max(y - p(0), y >= top ? top : 0))
    case UInt8(ascii: "B"), UInt8(ascii: "e"): move(to: x, min(y + p(0), y <= bottom ? bottom : height - 1))
    case UInt8(ascii: "C"), UInt8(ascii: "a"): move(to: x + p(0), y)
    case UInt8(ascii: "D"): move(to: x - p(0), y)
    case UInt8(ascii: "E"): move(to: 0, y + p(0))
    case UInt8(ascii: "F"): move(to: 0, y - p(0))
    case UInt8(ascii: "G"), UInt8(ascii: "`"): move(to: p(0) - 1, y)
    case UInt8(ascii: "H"), UInt8(ascii: "f"): move(to: p(1) - 1, p(0) - 1)
    case UInt8(ascii: "d"): move(to: x, p(0) - 1)
    case UInt8(ascii: "J"): eraseDisplay(p(0, 0))
    case UInt8(ascii: "K"): eraseLine(p(0, 0))
    case UInt8(ascii: "X"): blank(row: y, from: x, to: min(width, x + p(0)))
    case UInt8(ascii: "@"): insertCharacters(p(0))
    case UInt8(ascii: "P"): deleteCharacters(p(0))
    case UInt8(ascii: "L"): if y >= top && y <= bottom { scrollDown(p(0), from: y) }
    case UInt8(ascii: "M"): if y >= top && y <= bottom { scrollUp(p(0), from: y) }
    case UInt8(ascii: "S"): scrollUp(p(0), from: top)
    case UInt8(ascii: "T"): scrollDown(p(0), from: top)
    case UInt8(ascii: "b"):
      if let last = lastPrinted { for _ in 0..<min(p(0), width * height) { put(last) } }
    case UInt8(ascii: "r"):
      let newTop = p(0) - 1
      let newBottom = p(1, height) - 1
      if newTop < newBottom, newBottom < height {
        top = newTop
        bottom = newBottom
        move(to: 0, 0)
      }
    case UInt8(ascii: "s"): saved = (x, y)
    case UInt8(ascii: "u"): move(to: saved.x, saved.y)
    default: break  // SGR and the rest change nothing this model keeps
    }
  }

  private mutating func setPrivateMode(_ mode: Int, on: Bool) {
    if on { privateModes.insert(mode) } else { privateModes.remove(mode) }
    guard mode == 47 || mode == 1047 || mode == 1049 else { return }
    if on, mainScreen == nil {
      if mode == 1049 { saved = (x, y) }
      mainScreen = cells
      cells = Array(repeating: Self.blank, count: width * height)
    } else if !on, let main = mainScreen {
      cells = main
      mainScreen = nil
      if mode == 1049 { move(to: saved.x, saved.y) }
    }
  }

  private mutating func move(to column: Int, _ row: Int) {
    pendingWrap = false
    x = min(max(column, 0), width - 1)
    y = min(max(row, 0), height - 1)
  }

  /// Line feed: down one row, scrolling the region at its bottom margin.
  private mutating func index() {
    pendingWrap = false
    if y == bottom {
      scrollUp(1, from: top)
    } else if y < height - 1 {
      y += 1
    }
  }

  private mutating func reverseIndex() {
    pendingWrap = false
    if y == top {
      scrollDown(1, from: top)
    } else if y > 0 {
      y -= 1
    }
  }

  /// Moves rows `from...bottom` up by `count`, blank rows coming in at the bottom.
  private mutating func scrollUp(_ count: Int, from row: Int) {
    let n = min(count, bottom - row + 1)
    guard n > 0 else { return }
    let start = row * width
    let end = (bottom + 1) * width
    cells.replaceSubrange(start..<end, with: cells[(start + n * width)..<end] + repeatElement(Self.blank, count: n * width))
  }

  /// Moves rows `from...bottom` down by `count`, blank rows coming in at `row`.
  private mutating func scrollDown(_ count: Int, from row: Int) {
    let n = min(count, bottom - row + 1)
    guard n > 0 else { return }
    let start = row * width
    let end = (bottom + 1) * width
    cells.replaceSubrange(start..<end, with: repeatElement(Self.blank, count: n * width) + cells[start..<(end - n * width)])
  }

  private mutating func blank(row: Int, from start: Int, to end: Int) {
    guard start < end else { return }
    for column in start..<end { set(column, row, Self.blank) }
  }

  private mutating func eraseLine(_ mode: Int) {
    switch mode {
    case 0: blank(row: y, from: x, to: width)
    case 1: blank(row: y, from: 0, to: x + 1)
    default: blank(row: y, from: 0, to: width)
    }
  }

  private mutating func eraseDisplay(_ mode: Int) {
    switch mode {
    case 0:
      eraseLine(0)
      for row in (y + 1)..<height { blank(row: row, from: 0, to: width) }
    case 1:
      for row in 0..<y { blank(row: row, from: 0, to: width) }
      eraseLine(1)
    default:
      for row in 0..<height { blank(row: row, from: 0, to: width) }
    }
  }

  private mutating func insertCharacters(_ count: Int) {
    let n = min(count, width - x)
    let start = y * width + x
    let end = (y + 1) * width
    cells.replaceSubrange(start..<end, with: repeatElement(Self.blank, count: n) + cells[start..<(end - n)])
  }

  private mutating func deleteCharacters(_ count: Int) {
    let n = min(count, width - x)
    let start = y * width + x
    let end = (y + 1) * width
    cells.replaceSubrange(start..<end, with: cells[(start + n)..<end] + repeatElement(Self.blank, count: n))
  }
}
