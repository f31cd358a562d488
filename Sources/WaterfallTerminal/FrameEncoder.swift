import WaterfallLayout
import WaterfallView

/// The bytes that turn the frame a terminal shows into the next one: the rows
/// that moved are scrolled, then only the cells that differ are written, each
/// run of one style with its style set once.
///
/// This is the screen update curses' `doupdate` does, made for frames that
/// arrive whole as ``CellBuffer``s: it compares the two buffers directly (no
/// window to copy into first), keeps no colour pairs (colours are sent as the
/// terminal numbers them, so pictures may use as many as they like), and hands
/// back one byte string to send in one write.
///
/// A scroll is found by matching rows' characters (``scrollShift(from:to:blank:)``):
/// the band of rows that moved is scrolled with a scroll region, and the rows
/// that came into view are written. Rows scrolled in, and a screen just
/// cleared, are compared with blank rows, so blank cells cost nothing.
///
/// ```swift
/// var encoder = FrameEncoder(strings: Curses.terminalStrings(colors: 256), colors: TerminalColor(colors: 256))
/// var bytes: [UInt8] = []
/// encoder.encode(next, over: shown, into: &bytes)   // shown: nil clears the screen first
/// write(fd, bytes, bytes.count)
/// ```
struct FrameEncoder {
  let strings: TerminalStrings
  let colors: TerminalColor

  /// The character hashes of the rows of the frame encoded last.
  private var shownHashes: [UInt64] = []
  /// The style the terminal is in: attributes and colour numbers (nil: unknown).
  private var current: TerminalStyle?
  /// Where the cursor is (nil: unknown, as after setting a scroll region).
  private var cursorAt: Point?
  /// A blank row, for rows scrolled in or cleared.
  private var blankRow = CellBuffer(width: 0, height: 1)
  private var foregrounds: [Int32: [UInt8]] = [:]
  private var backgrounds: [Int32: [UInt8]] = [:]

  /// Rows closer than this many unchanged cells are written through rather than jumped over.
  static let gap = 8

  init(strings: TerminalStrings, colors: TerminalColor) {
    self.strings = strings
    self.colors = colors
  }

  /// A style as the terminal holds it.
  struct TerminalStyle: Equatable {
    var attributes: TextAttributes
    var foreground: Int32
    var background: Int32

    static let plain = TerminalStyle(attributes: [], foreground: -1, background: -1)
  }

  /// Appends to `bytes` what turns the screen showing `previous` into `frame`,
  /// and leaves the terminal's style plain. `previous` `nil` (or of another
  /// size) means the screen's content is unknown: it is cleared first.
  mutating func encode(_ frame: CellBuffer, over previous: CellBuffer?, into bytes: inout [UInt8]) {
    let rows = frame.size.height
    let hashes = (0..<rows).map { frame.rowTextHash($0) }
    defer { shownHashes = hashes }
    if blankRow.size.width != frame.size.width { blankRow = CellBuffer(width: frame.size.width, height: 1) }

    guard let previous, previous.size == frame.size, shownHashes.count == rows else {
      setStyle(TerminalStyle.plain, into: &bytes)
      bytes += strings.clear
      cursorAt = nil
      for y in 0..<rows { write(changes(in: y, of: frame, against: 0, in: blankRow), inRow: y, of: frame, into: &bytes) }
      setStyle(TerminalStyle.plain, into: &bytes)
      return
    }

    // What each row needs written if it stays; a scroll swaps in what its band's rows need.
    var rowChanges = (0..<rows).map { changes(in: $0, of: frame, against: $0, in: previous) }
    let shift = Self.scrollShift(from: shownHashes, to: hashes, blank: blankRow.rowTextHash(0))
    if shift != 0 {
      let moved = (0..<rows).map { y in (0..<rows).contains(y + shift) ? changes(in: y, of: frame, against: y + shift, in: previous) : nil }
      let blank = (0..<rows).map { changes(in: $0, of: frame, against: 0, in: blankRow) }
      if let band = scroll(by: shift, rows: rows, still: rowChanges, moved: moved, blank: blank, into: &bytes) {
        for y in band { rowChanges[y] = band.contains(y + shift) ? moved[y] ?? [] : blank[y] }
      }
    }
    for y in 0..<rows { write(rowChanges[y], inRow: y, of: frame, into: &bytes) }
    setStyle(TerminalStyle.plain, into: &bytes)
  }

  /// The columns of row `y` of `frame` to write over row `otherY` of `other`.
  private func changes(in y: Int, of frame: CellBuffer, against otherY: Int, in other: CellBuffer) -> [Range<Int>] {
    frame.changedColumns(inRow: y, against: otherY, in: other, joiningGapsUnder: Self.gap)
  }

  /// Forgets where the cursor is and which style is set, after something else
  /// wrote to the terminal.
  mutating func forgetCursorAndStyle() {
    cursorAt = nil
    current = nil
  }

  // MARK: Scrolling

  /// Scrolls the band of rows that moved by `shift` (positive: up) and returns
  /// it, or returns nil and sends nothing when no scroll saves bytes or the
  /// terminal cannot scroll. `still`, `moved` and `blank` are what each row
  /// needs written if it stays, if it is scrolled (nil: it cannot be), and if it
  /// is blank after the scroll.
  private mutating func scroll(
    by shift: Int, rows: Int, still: [[Range<Int>]], moved: [[Range<Int>]?], blank: [[Range<Int>]], into bytes: inout [UInt8]
  ) -> ClosedRange<Int>? {
    guard let step = shift > 0 ? strings.scrollUp : strings.scrollDown,
      let band = Self.bestBand(shift: shift, still: still, moved: moved, blank: blank, regions: strings.scrollRegion != nil)
    else { return nil }
    let whole = band == 0...(rows - 1)
    // Rows scrolled in take the current background: make it the default first.
    setStyle(TerminalStyle.plain, into: &bytes)
    if !whole, let region = strings.scrollRegion { bytes += region(band.lowerBound, band.upperBound) }
    bytes += strings.cursor(shift > 0 ? band.upperBound : band.lowerBound, 0)
    bytes += step(abs(shift))
    if !whole, let region = strings.scrollRegion { bytes += region(0, rows - 1) }
    cursorAt = nil
    return band
  }

  /// The rows to scroll by `shift` that leave the least to write afterwards, or
  /// nil when scrolling saves nothing. Within a band of rows `top...bottom`, row
  /// `y` then shows what row `y + shift` showed if that is in the band, and is
  /// blank if not; rows outside keep theirs. What is left to write is estimated
  /// as the cells to write plus a cursor move for each run of them. Without
  /// scroll `regions` only the whole screen scrolls.
  static func bestBand(
    shift: Int, still: [[Range<Int>]], moved: [[Range<Int>]?], blank: [[Range<Int>]], regions: Bool
  ) -> ClosedRange<Int>? {
    let rows = still.count
    let distance = abs(shift)
    guard distance < rows else { return nil }
    func cost(_ ranges: [Range<Int>]) -> Int { ranges.reduce(0) { $0 + $1.count + 8 } }
    // Running totals: the cost of rows 0..<y kept, moved, or blank.
    var kept = [0]
    var scrolled = [0]
    var blanked = [0]
    for y in 0..<rows {
      kept.append(kept[y] + cost(still[y]))
      scrolled.append(scrolled[y] + (moved[y].map(cost) ?? 1 << 20))
      blanked.append(blanked[y] + cost(blank[y]))
    }
    // Setting and resetting a region, a cursor move and the scroll itself.
    let overhead = 24
    var best: (cost: Int, band: ClosedRange<Int>)?
    for top in 0..<rows {
      for bottom in stride(from: top + distance, to: rows, by: 1) where regions || (top == 0 && bottom == rows - 1) {
        let outside = kept[top] + (kept[rows] - kept[bottom + 1])
        let inside =
          shift > 0
          ? (scrolled[bottom - distance + 1] - scrolled[top]) + (blanked[bottom + 1] - blanked[bottom - distance + 1])
          : (blanked[top + distance] - blanked[top]) + (scrolled[bottom + 1] - scrolled[top + distance])
        let total = outside + inside + overhead
        if total < best?.cost ?? kept[rows] { best = (total, top...bottom) }
      }
    }
    return best?.band
  }

  /// By how many rows the content moved between `old` and `new` (positive: it
  /// moved up, as when scrolling down), or 0 when it did not move as a whole.
  ///
  /// Rows are matched by a hash of their characters: each row of `new` votes for
  /// the shifts that would bring an old row with the same characters to it
  /// (blank rows do not vote), and a shift wins when more rows vote for it than
  /// for standing still.
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

  // MARK: Cells

  /// Writes the columns `ranges` of row `y` of `frame`.
  private mutating func write(_ ranges: [Range<Int>], inRow y: Int, of frame: CellBuffer, into bytes: inout [UInt8]) {
    let width = frame.size.width
    let lastRow = y == frame.size.height - 1
    for var range in ranges {
      // A terminal that would scroll on its last cell never gets it.
      if lastRow, !strings.writesLastCell, range.upperBound == width {
        range = range.lowerBound..<(width - 1)
        while range.upperBound > range.lowerBound, frame[Point(x: range.upperBound, y: y)].isContinuation {
          range = range.lowerBound..<(range.upperBound - 1)
        }
        if range.isEmpty { continue }
      }
      if cursorAt != Point(x: range.lowerBound, y: y) { bytes += strings.cursor(y, range.lowerBound) }
      frame.forEachRun(inRow: y, in: range) { _, style, scalars in
        setStyle(style, into: &bytes)
        for scalar in scalars { Self.appendUTF8(scalar, to: &bytes) }
      }
      // At the right edge the cursor waits to wrap: where it is next is the terminal's business.
      cursorAt = range.upperBound < width ? Point(x: range.upperBound, y: y) : nil
    }
  }

  static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      bytes.append(UInt8(scalar))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | (scalar >> 18) & 0x07))
      bytes.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
      bytes.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  // MARK: Styles

  private mutating func setStyle(_ style: Style, into bytes: inout [UInt8]) {
    setStyle(
      TerminalStyle(
        attributes: style.attributes, foreground: colors.number(for: style.foreground),
        background: colors.number(for: style.background)), into: &bytes)
  }

  /// Sends what takes the terminal from its style to `target`: attributes are
  /// added one by one, but taking one away means starting from plain (terminfo
  /// has no "bold off"); colours go back to the defaults together (`op`).
  private mutating func setStyle(_ target: TerminalStyle, into bytes: inout [UInt8]) {
    guard current != target else { return }
    var style = current ?? .plain
    let toDefault = (target.foreground < 0 && style.foreground >= 0) || (target.background < 0 && style.background >= 0)
    if current == nil || !style.attributes.isSubset(of: target.attributes) || (toDefault && strings.defaultColors == nil) {
      bytes += strings.reset
      style = .plain
    }
    let added = target.attributes.subtracting(style.attributes)
    if added.contains(.bold), let on = strings.bold { bytes += on }
    if added.contains(.dim), let on = strings.dim { bytes += on }
    if added.contains(.italic), let on = strings.italic { bytes += on }
    if added.contains(.underline), let on = strings.underline { bytes += on }
    if added.contains(.reverse), let on = strings.reverse { bytes += on }
    if (target.foreground < 0 && style.foreground >= 0) || (target.background < 0 && style.background >= 0),
      let defaults = strings.defaultColors
    {
      bytes += defaults
      style.foreground = -1
      style.background = -1
    }
    if target.foreground != style.foreground, let set = strings.foreground {
      bytes += foregroundBytes(target.foreground, set)
    }
    if target.background != style.background, let set = strings.background {
      bytes += backgroundBytes(target.background, set)
    }
    current = target
  }

  private mutating func foregroundBytes(_ number: Int32, _ set: (Int32) -> [UInt8]) -> [UInt8] {
    if let known = foregrounds[number] { return known }
    let made = set(number)
    if foregrounds.count < 4096 { foregrounds[number] = made }
    return made
  }

  private mutating func backgroundBytes(_ number: Int32, _ set: (Int32) -> [UInt8]) -> [UInt8] {
    if let known = backgrounds[number] { return known }
    let made = set(number)
    if backgrounds.count < 4096 { backgrounds[number] = made }
    return made
  }
}
