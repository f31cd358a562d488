import WaterfallLayout

/// An in-memory canvas: rows of cells, each holding a glyph and a style.
///
/// Tests draw into a buffer and compare its ``lines`` with the text they expect,
/// as ratatui's `Buffer::with_lines` does; the `render` command prints them; the
/// terminal canvas draws into one and then copies it to the screen.
///
/// ```swift
/// let buffer = CellBuffer(width: 6, height: 1)
/// buffer.put("a价b", at: Point(x: 0, y: 0))
/// buffer.lines   // ["a价b  "]
/// ```
public final class CellBuffer: Canvas {
  /// One cell: a glyph and its style. The right half of a wide glyph is a
  /// continuation cell, which holds nothing of its own.
  public struct Cell: Hashable, Sendable {
    public var glyph: Glyph
    public var style: Style
    public var isContinuation: Bool

    public static let blank = Cell(glyph: .space, style: .plain, isContinuation: false)
  }

  /// A cell as stored: 16 bytes, the style packed in one word (so comparing
  /// cells is comparing integers), the rare combining marks kept aside in
  /// ``markSets`` (index 0 means none).
  struct StoredCell: Equatable {
    var scalar: UInt32
    var markSet: UInt16
    var width: UInt8
    var isContinuation: Bool
    var packedStyle: PackedStyle

    var style: Style { packedStyle.style }

    init(scalar: UInt32, markSet: UInt16, width: UInt8, isContinuation: Bool, style: PackedStyle) {
      self.scalar = scalar
      self.markSet = markSet
      self.width = width
      self.isContinuation = isContinuation
      packedStyle = style
    }

    static let blank = StoredCell(scalar: 0x20, markSet: 0, width: 1, isContinuation: false, style: .plain)
  }

  public let size: Size
  /// The cells, row by row. A buffer is redrawn every frame, so its storage is a
  /// plain block of memory: no copy-on-write or exclusivity checks per cell.
  private let storage: UnsafeMutableBufferPointer<StoredCell>
  /// The combining marks of glyphs that have them; entry 0 is unused.
  private var markSets: [SIMD4<UInt32>] = [.zero]

  public init(width: Int, height: Int) {
    size = Size(width: max(0, width), height: max(0, height))
    storage = .allocate(capacity: size.area)
    storage.initialize(repeating: .blank)
  }

  private func stored(_ glyph: Glyph, _ style: PackedStyle, continuation: Bool = false) -> StoredCell {
    var markSet: UInt16 = 0
    if glyph.marks != .zero {
      if markSets.count < Int(UInt16.max) {
        markSets.append(glyph.marks)
        markSet = UInt16(markSets.count - 1)
      }
    }
    return StoredCell(
      scalar: glyph.scalar.value, markSet: markSet, width: UInt8(glyph.width), isContinuation: continuation,
      style: style)
  }

  private func cell(_ stored: StoredCell) -> Cell {
    Cell(
      glyph: Glyph(
        scalar: Unicode.Scalar(stored.scalar) ?? " ", width: Int(stored.width), marks: markSets[Int(stored.markSet)]),
      style: stored.style, isContinuation: stored.isContinuation)
  }

  private func blank(_ style: PackedStyle) -> StoredCell {
    StoredCell(scalar: 0x20, markSet: 0, width: 1, isContinuation: false, style: style)
  }

  deinit {
    storage.deallocate()
  }

  /// A buffer holding `lines`, unstyled: the expected side of a comparison. Its
  /// width is the widest line's.
  public convenience init(lines: [String]) {
    let width = lines.map { DisplayText.width(of: $0) }.max() ?? 0
    self.init(width: width, height: lines.count)
    for (y, line) in lines.enumerated() { put(line, at: Point(x: 0, y: y)) }
  }

  /// Every cell, row by row.
  public var cells: [Cell] { storage.map(cell) }

  public func set(_ glyph: Glyph, at point: Point, style: Style) {
    write(glyph, at: point, style: PackedStyle(style))
  }

  /// Writes the glyphs one after another, each as ``set(_:at:style:)`` would,
  /// without a call through the protocol per glyph.
  public func setRun(_ glyphs: ArraySlice<Glyph>, at point: Point, style: Style) {
    var x = point.x
    let style = PackedStyle(style)
    for glyph in glyphs {
      write(glyph, at: Point(x: x, y: point.y), style: style)
      x += glyph.width
    }
  }

  @inline(__always)
  private func write(_ glyph: Glyph, at point: Point, style: PackedStyle) {
    guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height else { return }
    let index = point.y * size.width + point.x
    // Overwriting half of a wide glyph leaves a space in its other half.
    if storage[index].isContinuation, point.x > 0 {
      storage[index - 1] = blank(storage[index - 1].packedStyle)
    }
    if storage[index].width == 2, point.x + 1 < size.width, glyph.width == 1 {
      storage[index + 1] = blank(storage[index].packedStyle)
    }
    if glyph.width == 2 {
      guard point.x + 1 < size.width else {
        storage[index] = blank(style)
        return
      }
      if storage[index + 1].width == 2, point.x + 2 < size.width {
        storage[index + 2] = blank(storage[index + 1].packedStyle)
      }
      var right = blank(style)
      right.isContinuation = true
      storage[index + 1] = right
    }
    storage[index] = stored(glyph, style)
  }

  public func fillClipped(_ rect: Rect, with glyph: Glyph, style: Style) {
    guard let area = rect.intersection(bounds), glyph.width == 1 else { return }
    let cell = stored(glyph, PackedStyle(style))
    for y in area.minY..<area.maxY {
      let row = y * size.width
      // Wide glyphs cut at the run's edges lose their other half.
      if storage[row + area.minX].isContinuation, area.minX > 0 {
        storage[row + area.minX - 1] = blank(storage[row + area.minX - 1].packedStyle)
      }
      if storage[row + area.maxX - 1].width == 2, area.maxX < size.width {
        storage[row + area.maxX] = blank(storage[row + area.maxX].packedStyle)
      }
      UnsafeMutableBufferPointer(rebasing: storage[(row + area.minX)..<(row + area.maxX)]).update(repeating: cell)
    }
  }

  /// The cell at `point`.
  public subscript(point: Point) -> Cell {
    cell(storage[point.y * size.width + point.x])
  }

  /// The style at column `x` of row `y`.
  public func style(x: Int, y: Int) -> Style {
    self[Point(x: x, y: y)].style
  }

  /// Blanks every cell.
  public func clear() {
    storage.update(repeating: .blank)
    markSets.removeSubrange(1...)
  }

  /// Calls `body` with each cell of row `y`, left to right, continuation cells
  /// included: what a renderer copies to the screen.
  public func forEachCell(inRow y: Int, _ body: (Cell) -> Void) {
    for stored in storage[(y * size.width)..<((y + 1) * size.width)] { body(cell(stored)) }
  }

  /// Calls `body` for each run of cells of one style in row `y`, up to column
  /// `columns`: the run's first column, its style, and its characters as Unicode
  /// scalar values (combining marks after their base; the right halves of wide
  /// glyphs left out). What a terminal needs to copy a row, without a ``Cell`` per
  /// cell.
  ///
  /// ```swift
  /// buffer.forEachRun(inRow: 0, columns: 80) { x, style, scalars in … }
  /// ```
  public func forEachRun(
    inRow y: Int, columns: Int, _ body: (_ x: Int, _ style: Style, _ scalars: UnsafeBufferPointer<UInt32>) -> Void
  ) {
    forEachRun(inRow: y, in: 0..<min(columns, size.width), body)
  }

  /// ``forEachRun(inRow:columns:_:)`` over the columns `range` of row `y` only
  /// (a range that starts on the right half of a wide glyph leaves that half out).
  ///
  /// ```swift
  /// buffer.forEachRun(inRow: 0, in: 10..<20) { x, style, scalars in … }
  /// ```
  public func forEachRun(
    inRow y: Int, in range: Range<Int>, _ body: (_ x: Int, _ style: Style, _ scalars: UnsafeBufferPointer<UInt32>) -> Void
  ) {
    let range = range.clamped(to: 0..<size.width)
    guard (0..<size.height).contains(y), !range.isEmpty else { return }
    let row = storage.baseAddress! + y * size.width
    // The scratch array is borrowed into a local for the loop: no exclusivity
    // check per cell, and no new array per row.
    var scalars = runScalars
    runScalars = []
    defer { runScalars = scalars }
    scalars.removeAll(keepingCapacity: true)
    var runStart = range.lowerBound
    var runStyle = row[runStart].packedStyle
    for x in range {
      let cell = row[x]
      if cell.isContinuation { continue }
      if cell.packedStyle != runStyle {
        if !scalars.isEmpty { scalars.withUnsafeBufferPointer { body(runStart, runStyle.style, $0) } }
        scalars.removeAll(keepingCapacity: true)
        runStart = x
        runStyle = cell.packedStyle
      }
      scalars.append(cell.scalar)
      if cell.markSet != 0 {
        let marks = markSets[Int(cell.markSet)]
        for lane in 0..<4 where marks[lane] != 0 { scalars.append(marks[lane]) }
      }
    }
    if !scalars.isEmpty { scalars.withUnsafeBufferPointer { body(runStart, runStyle.style, $0) } }
  }

  /// Scratch for ``forEachRun(inRow:columns:_:)``.
  private var runScalars: [UInt32] = []

  // MARK: Comparing frames

  /// Whether row `y` holds exactly the cells of row `otherY` of `other` (of the
  /// same width): what lets a terminal skip rows that did not change. A row with a
  /// combining mark never counts as unchanged, since marks are numbered afresh
  /// each frame.
  ///
  /// ```swift
  /// if frame.row(5, sameAs: 5, in: previous) { /* leave row 5 alone */ }
  /// ```
  public func row(_ y: Int, sameAs otherY: Int, in other: CellBuffer) -> Bool {
    guard size.width == other.size.width, (0..<size.height).contains(y), (0..<other.size.height).contains(otherY) else {
      return false
    }
    let mine = storage.baseAddress! + y * size.width
    let theirs = other.storage.baseAddress! + otherY * size.width
    for x in 0..<size.width {
      let cell = mine[x]
      guard cell == theirs[x], cell.markSet == 0 else { return false }
    }
    return true
  }

  /// The columns of row `y` that differ from row `otherY` of `other` (of the same
  /// width): the ranges a terminal must write again to turn the one row into the
  /// other. Each range starts on a glyph's first cell and ends after its last;
  /// ranges fewer than `gap` unchanged columns apart are joined, since moving
  /// the cursor costs about as much as writing a few cells again. A cell with a
  /// combining mark always counts as changed (marks are numbered afresh each
  /// frame). Rows of different widths differ everywhere.
  ///
  /// ```swift
  /// next.changedColumns(inRow: 3, against: 3, in: shown)   // [12..<15, 40..<41]
  /// ```
  public func changedColumns(inRow y: Int, against otherY: Int, in other: CellBuffer, joiningGapsUnder gap: Int = 8) -> [Range<Int>] {
    guard (0..<size.height).contains(y) else { return [] }
    guard size.width == other.size.width, (0..<other.size.height).contains(otherY) else {
      return size.width > 0 ? [0..<size.width] : []
    }
    let width = size.width
    let mine = storage.baseAddress! + y * width
    let theirs = other.storage.baseAddress! + otherY * width
    func changed(_ x: Int) -> Bool { mine[x] != theirs[x] || mine[x].markSet != 0 }
    var ranges: [Range<Int>] = []
    var x = 0
    while x < width {
      guard changed(x) else {
        x += 1
        continue
      }
      var start = x
      while start > 0, mine[start].isContinuation { start -= 1 }
      var last = x
      var probe = x + 1
      while probe < width, probe - last < gap {
        if changed(probe) { last = probe }
        probe += 1
      }
      var end = last + 1
      while end < width, mine[end].isContinuation { end += 1 }
      if let previous = ranges.last, start <= previous.upperBound {
        ranges[ranges.count - 1] = previous.lowerBound..<end
      } else {
        ranges.append(start..<end)
      }
      x = end
    }
    return ranges
  }

  /// A hash of row `y`'s characters (not their styles): equal rows hash alike,
  /// which is how a terminal finds the rows that a scroll moved.
  public func rowTextHash(_ y: Int) -> UInt64 {
    let row = storage.baseAddress! + y * size.width
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for x in 0..<size.width {
      hash = (hash ^ UInt64(row[x].scalar) ^ (row[x].isContinuation ? 1 << 40 : 0)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// Each row as text, every column included (a wide glyph once).
  public var lines: [String] {
    (0..<size.height).map { line($0) }
  }

  /// Row `y` as text.
  public func line(_ y: Int) -> String {
    var text = String.UnicodeScalarView()
    forEachCell(inRow: y) { cell in
      guard !cell.isContinuation else { return }
      text.append(cell.glyph.scalar)
      for lane in 0..<cell.glyph.markCount {
        if let mark = Unicode.Scalar(cell.glyph.marks[lane]) { text.append(mark) }
      }
    }
    return String(text)
  }

  /// The rows joined by newlines, with trailing spaces removed from each: handy to
  /// compare with a multi-line string literal.
  public var text: String {
    var steps = 0
    return lines.map { Self.trimmingTrailingSpaces($0, steps: &steps) }.joined(separator: "\n")
  }

  /// `line` without its trailing spaces (whole characters that are a space),
  /// found by one walk back from its end: linear in the line, where dropping one
  /// space at a time from a `Substring` counted the line again each time, and
  /// made `render` quadratic in the width. `steps` counts the characters looked at.
  ///
  /// ```swift
  /// var steps = 0
  /// CellBuffer.trimmingTrailingSpaces("ab   ", steps: &steps)   // "ab", steps 4
  /// ```
  public static func trimmingTrailingSpaces(_ line: String, steps: inout Int) -> String {
    var end = line.endIndex
    while end > line.startIndex {
      let before = line.index(before: end)
      steps += 1
      guard line[before] == " " else { break }
      end = before
    }
    return String(line[..<end])
  }
}
