import WaterfallView

@testable import WaterfallTerminal

/// A terminal in memory that understands what ``FrameEncoder`` sends with
/// ``TerminalStrings/xterm``: cursor moves, scroll regions and scrolls, clearing,
/// SGR attributes and colours, and UTF-8 text, wide glyphs included. Tests feed
/// it the encoder's bytes and compare its cells with the frame.
///
/// Anything else (an unknown sequence, text written past the right edge) is
/// recorded in ``problems``, so a test fails on it rather than guessing.
struct ModelTerminal {
  struct Cell: Equatable {
    var text: String = " "
    var style = FrameEncoder.TerminalStyle.plain
    var isContinuation = false
  }

  let width: Int
  let height: Int
  private(set) var cells: [[Cell]]
  private(set) var problems: [String] = []
  private var row = 0
  private var column = 0
  private var top = 0
  private var bottom: Int
  private var style = FrameEncoder.TerminalStyle.plain

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    bottom = height - 1
    cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
  }

  /// The cells `frame` should leave on this terminal, colours numbered by `colors`.
  static func expected(_ frame: CellBuffer, colors: TerminalColor) -> [[Cell]] {
    (0..<frame.size.height).map { y in
      var row: [Cell] = []
      frame.forEachCell(inRow: y) { cell in
        var text = String(cell.glyph.scalar)
        for mark in cell.glyph.marks.indices.map({ cell.glyph.marks[$0] }) where mark != 0 {
          text.unicodeScalars.append(Unicode.Scalar(mark)!)
        }
        let style = FrameEncoder.TerminalStyle(
          attributes: cell.style.attributes, foreground: colors.number(for: cell.style.foreground),
          background: colors.number(for: cell.style.background))
        row.append(cell.isContinuation ? Cell(text: "", style: style, isContinuation: true) : Cell(text: text, style: style))
      }
      return row
    }
  }

  mutating func feed(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "\u{1B}" {
        guard let next = scalars.popFirst() else { return problem("a lone escape") }
        if next == "M" {
          reverseIndex()
          continue
        }
        guard next == "[" else { return problem("ESC \(next)") }
        var parameters = ""
        while let p = scalars.first, p.value >= 0x30, p.value <= 0x3F {
          parameters.unicodeScalars.append(p)
          scalars.removeFirst()
        }
        guard let final = scalars.popFirst() else { return problem("an unfinished sequence") }
        csi(parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }, final)
      } else if scalar == "\n" {
        if row == bottom { scroll(up: 1) } else { row = min(height - 1, row + 1) }
      } else if scalar == "\r" {
        column = 0
      } else if scalar.value < 0x20 {
        problem("control \(scalar.value)")
      } else {
        put(scalar)
      }
    }
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    let isMark = [.nonspacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
    let glyphWidth = isMark ? 0 : DisplayText.width(of: String(scalar))
    if glyphWidth == 0 {
      guard column > 0 else { return problem("a mark at the left edge") }
      var x = column - 1
      while x > 0, cells[row][x].isContinuation { x -= 1 }
      cells[row][x].text.unicodeScalars.append(scalar)
      return
    }
    guard column + glyphWidth <= width else { return problem("text past the right edge at \(row),\(column)") }
    // A wide glyph partly overwritten is erased whole, as terminals do.
    if cells[row][column].isContinuation, column > 0 { cells[row][column - 1] = Cell(style: cells[row][column - 1].style) }
    let end = column + glyphWidth
    if end < width, cells[row][end].isContinuation { cells[row][end] = Cell(style: cells[row][end].style) }
    cells[row][column] = Cell(text: String(scalar), style: style)
    if glyphWidth == 2 { cells[row][column + 1] = Cell(text: "", style: style, isContinuation: true) }
    column = end
  }

  private mutating func csi(_ numbers: [Int?], _ final: Unicode.Scalar) {
    let first = numbers.first.flatMap { $0 } ?? 1
    switch final {
    case "H":
      row = max(0, min(height - 1, (numbers.first.flatMap { $0 } ?? 1) - 1))
      column = max(0, min(width - 1, ((numbers.count > 1 ? numbers[1] : nil) ?? 1) - 1))
    case "r":
      top = (numbers.first.flatMap { $0 } ?? 1) - 1
      bottom = ((numbers.count > 1 ? numbers[1] : nil) ?? height) - 1
      row = 0
      column = 0
    case "S": scroll(up: first)
    case "T": scroll(up: -first)
    case "J":
      guard first == 2 else { return problem("CSI \(first) J") }
      cells = Array(repeating: Array(repeating: Cell(style: blankStyle), count: width), count: height)
    case "m": sgr(numbers.map { $0 ?? 0 })
    default: problem("CSI \(final)")
    }
  }

  private var blankStyle: FrameEncoder.TerminalStyle {
    FrameEncoder.TerminalStyle(attributes: [], foreground: -1, background: style.background)
  }

  private mutating func scroll(up count: Int) {
    let blank = Array(repeating: Cell(style: blankStyle), count: width)
    var band = Array(cells[top...bottom])
    if count > 0 {
      band = Array(band.dropFirst(min(count, band.count))) + Array(repeating: blank, count: min(count, band.count))
    } else {
      band = Array(repeating: blank, count: min(-count, band.count)) + Array(band.dropLast(min(-count, band.count)))
    }
    cells.replaceSubrange(top...bottom, with: band)
  }

  private mutating func reverseIndex() {
    if row == top { scroll(up: -1) } else { row = max(0, row - 1) }
  }

  private mutating func sgr(_ numbers: [Int]) {
    var i = 0
    while i < numbers.count {
      switch numbers[i] {
      case 0: style = .plain
      case 1: style.attributes.insert(.bold)
      case 2: style.attributes.insert(.dim)
      case 3: style.attributes.insert(.italic)
      case 4: style.attributes.insert(.underline)
      case 7: style.attributes.insert(.reverse)
      case 39: style.foreground = -1
      case 49: style.background = -1
      case 38, 48:
        guard i + 2 < numbers.count, numbers[i + 1] == 5 else { return problem("SGR \(numbers)") }
        if numbers[i] == 38 { style.foreground = Int32(numbers[i + 2]) } else { style.background = Int32(numbers[i + 2]) }
        i += 2
      default: problem("SGR \(numbers[i])")
      }
      i += 1
    }
  }

  private mutating func problem(_ text: String) {
    problems.append(text)
  }
}

extension TerminalStrings {
  /// An xterm's sequences, written out: a 256-colour terminal with scroll
  /// regions, delayed wrap and every attribute.
  static var xterm: TerminalStrings {
    TerminalStrings(
    clear: Array("\u{1B}[H\u{1B}[2J".utf8), reset: Array("\u{1B}[m".utf8),
    bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8), italic: Array("\u{1B}[3m".utf8),
    underline: Array("\u{1B}[4m".utf8), reverse: Array("\u{1B}[7m".utf8),
    defaultColors: Array("\u{1B}[39;49m".utf8),
    cursor: { Array("\u{1B}[\($0 + 1);\($1 + 1)H".utf8) },
    scrollRegion: { Array("\u{1B}[\($0 + 1);\($1 + 1)r".utf8) },
    scrollUp: { Array("\u{1B}[\($0)S".utf8) },
    scrollDown: { Array("\u{1B}[\($0)T".utf8) },
    foreground: { Array("\u{1B}[38;5;\($0)m".utf8) },
    background: { Array("\u{1B}[48;5;\($0)m".utf8) },
    writesLastCell: true)
  }
}
