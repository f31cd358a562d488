import WaterfallLayout

/// A surface of character cells that views draw into.
///
/// A canvas implements one primitive, ``set(_:at:style:)``, which writes one
/// sanitised, measured glyph. Everything else (text, fills, boxes) is built on it
/// here, so the terminal and the in-memory ``CellBuffer`` that tests read draw
/// exactly the same cells.
///
/// Every drawing call clips to the canvas's ``bounds`` and to an optional `clip`
/// rect, by display width: a wide character that does not fit at a clip edge
/// becomes a space, never half a glyph.
///
/// ```swift
/// let buffer = CellBuffer(width: 12, height: 3)
/// buffer.drawBox(Rect(x: 0, y: 0, width: 12, height: 3), lines: .light)
/// buffer.put("价格 ok", at: Point(x: 1, y: 1))
/// buffer.lines   // ["┌──────────┐", "│价格 ok   │", "└──────────┘"]
/// ```
public protocol Canvas: AnyObject {
  /// The cells the canvas has.
  var size: Size { get }
  /// The rect callers may draw into, in the canvas's own coordinates. A
  /// ``CellBuffer`` covers `(0, 0)` to its size; a ``CanvasRegion`` may be
  /// anywhere.
  var bounds: Rect { get }
  /// Writes `glyph` at `point`. A wide glyph covers `point` and the cell to its
  /// right. Points outside ``bounds`` are ignored.
  func set(_ glyph: Glyph, at point: Point, style: Style)

  /// Writes `glyph` (one column wide) into every cell of `rect`, which the caller
  /// has already clipped to ``bounds``. A default implementation calls
  /// ``set(_:at:style:)`` for each cell; canvases with a faster way override it.
  func fillClipped(_ rect: Rect, with glyph: Glyph, style: Style)

  /// Writes `glyphs` side by side on row `point.y` from column `point.x`, in one
  /// style. The caller has already clipped them to ``bounds``: the row is
  /// inside, and they start at or after its left edge and end at or before its
  /// right. A default implementation calls ``set(_:at:style:)`` for each glyph;
  /// canvases with a faster way override it (a frame is mostly such runs).
  func setRun(_ glyphs: ArraySlice<Glyph>, at point: Point, style: Style)
}

extension Canvas {
  public var bounds: Rect { Rect(origin: .zero, size: size) }

  public func fillClipped(_ rect: Rect, with glyph: Glyph, style: Style) {
    for y in rect.minY..<rect.maxY {
      for x in rect.minX..<rect.maxX { set(glyph, at: Point(x: x, y: y), style: style) }
    }
  }

  public func setRun(_ glyphs: ArraySlice<Glyph>, at point: Point, style: Style) {
    var x = point.x
    for glyph in glyphs {
      set(glyph, at: Point(x: x, y: point.y), style: style)
      x += glyph.width
    }
  }

  /// The cells a call may touch: ``bounds``, within `clip` when there is one.
  func drawableArea(_ clip: Rect?) -> Rect? {
    guard let clip else { return bounds.isEmpty ? nil : bounds }
    return clip.intersection(bounds)
  }

  /// Draws `text` on one row starting at `point`, sanitised, and returns the
  /// columns it advanced over: its whole width when the row is outside the drawable
  /// area, otherwise up to the glyph that reaches the area's right edge (drawing
  /// stops there, so a 10 MB string costs one row).
  @discardableResult
  public func put(_ text: some StringProtocol, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
    guard let area = drawableArea(clip), point.y >= area.minY, point.y < area.maxY else {
      return DisplayText.width(of: text)
    }
    var x = point.x
    DisplayText.forEachGlyph(in: Substring(text)) { glyph in
      guard x < area.maxX else { return false }
      draw(glyph, at: &x, row: point.y, style: style, area: area)
      return true
    }
    return x - point.x
  }

  /// Draws `glyphs` on one row starting at `point` and returns the columns they
  /// cover: the fast path for text measured once and drawn on every frame.
  @discardableResult
  public func put(_ glyphs: [Glyph], at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
    guard let area = drawableArea(clip), point.y >= area.minY, point.y < area.maxY else {
      return glyphs.reduce(0) { $0 + $1.width }
    }
    var x = point.x
    var index = glyphs.startIndex
    // Glyphs left of the area (one may be cut by its edge), then those wholly
    // inside it as one run, then one cut by the right edge.
    while index < glyphs.endIndex, x < area.minX {
      draw(glyphs[index], at: &x, row: point.y, style: style, area: area)
      index += 1
    }
    let runStart = index
    let runX = x
    while index < glyphs.endIndex, x + glyphs[index].width <= area.maxX {
      x += glyphs[index].width
      index += 1
    }
    if runStart < index { setRun(glyphs[runStart..<index], at: Point(x: runX, y: point.y), style: style) }
    if index < glyphs.endIndex, x < area.maxX { draw(glyphs[index], at: &x, row: point.y, style: style, area: area) }
    return x - point.x
  }

  /// Draws one glyph at column `x` (then moved past it), clipped to `area`: a glyph
  /// half inside `area` shows as spaces in its visible columns.
  @inline(__always)
  private func draw(_ glyph: Glyph, at x: inout Int, row: Int, style: Style, area: Rect) {
    let end = x + glyph.width
    if x >= area.minX && end <= area.maxX {
      set(glyph, at: Point(x: x, y: row), style: style)
    } else if end > area.minX {
      for column in max(x, area.minX)..<min(end, area.maxX) {
        set(.space, at: Point(x: column, y: row), style: style)
      }
    }
    x = end
  }

  /// Fills every cell of `rect` (within `clip`) with `character`. A wide
  /// character that does not fit in the last column leaves a space there.
  public func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain, clip: Rect? = nil) {
    guard let area = drawableArea(clip).flatMap({ rect.intersection($0) }) else { return }
    let glyph = character == " " ? Glyph.space : (DisplayText.glyphs(of: String(character)).first ?? .space)
    if glyph.width == 1 {
      fillClipped(area, with: glyph, style: style)
      return
    }
    for y in area.minY..<area.maxY {
      var x = area.minX
      while x + glyph.width <= area.maxX {
        set(glyph, at: Point(x: x, y: y), style: style)
        x += glyph.width
      }
      if x < area.maxX { set(.space, at: Point(x: x, y: y), style: style) }
    }
  }

  /// Draws the outline of `rect` with `lines`. Edges outside `clip` are not
  /// drawn, so a box crossing the clip's top or bottom simply loses that edge.
  public func drawBox(_ rect: Rect, lines: BoxLines, style: Style = .plain, clip: Rect? = nil) {
    guard let area = drawableArea(clip), rect.width >= 1, rect.height >= 1 else { return }
    let g = lines
    guard rect.width >= 2, rect.height >= 2 else {
      if let line = rect.intersection(area) { fillClipped(line, with: g.horizontal, style: style) }
      return
    }
    func edge(_ y: Int, _ left: Glyph, _ right: Glyph) {
      guard y >= area.minY, y < area.maxY else { return }
      if area.contains(Point(x: rect.minX, y: y)) { set(left, at: Point(x: rect.minX, y: y), style: style) }
      if let run = Rect(x: rect.minX + 1, y: y, width: rect.width - 2, height: 1).intersection(area) {
        fillClipped(run, with: g.horizontal, style: style)
      }
      if area.contains(Point(x: rect.maxX - 1, y: y)) { set(right, at: Point(x: rect.maxX - 1, y: y), style: style) }
    }
    edge(rect.minY, g.topLeft, g.topRight)
    let top = max(rect.minY + 1, area.minY)
    let bottom = min(rect.maxY - 1, area.maxY)
    if top < bottom {
      if let side = Rect(x: rect.minX, y: top, width: 1, height: bottom - top).intersection(area) {
        fillClipped(side, with: g.vertical, style: style)
      }
      if let side = Rect(x: rect.maxX - 1, y: top, width: 1, height: bottom - top).intersection(area) {
        fillClipped(side, with: g.vertical, style: style)
      }
    }
    edge(rect.maxY - 1, g.bottomLeft, g.bottomRight)
  }
}
