import WaterfallLayout
import WaterfallView

/// The `?` screen: a box in the middle listing the keys of every mode
/// (``KeyBindings/helpSections``), scrolled by ``scroll``.
///
/// It fits any screen from the browser's smallest (20x5) up: the box is at most
/// the screen less the status bar; where a key's label and its help do not fit
/// side by side, the help goes on the line under the label; on a screen wide
/// enough for two such columns and too short for one, the sections take two
/// columns; what still does not fit scrolls, and the bottom border says so.
///
/// ```swift
/// HelpOverlay(sections: KeyBindings.helpSections, theme: .unicode, scroll: 0).draw(in: screen, size: Size(width: 80, height: 24))
/// ```
struct HelpOverlay {
  /// One line of the box: a section's title, or a key label and its help (either
  /// may be empty when they take a line each).
  struct Line: Hashable {
    var label: String
    var help: String
    var isTitle = false
  }

  var sections: [(title: String, bindings: [KeyBinding])]
  var theme: CardTheme
  /// The first line shown.
  var scroll: Int

  /// The box on a screen of `size` (the status bar's row left free).
  func rect(for size: Size) -> Rect {
    let count = columnCount(for: size)
    let width = min(size.width, count * columnWidth + (count - 1) * Self.gutter + 4)
    let lines = rows(width: width - 4, columns: count).count
    let height = min(max(0, size.height - 1), lines + 2 + (size.height >= 12 ? 2 : 0))
    return Rect(x: (size.width - width) / 2, y: max(0, (size.height - 1 - height) / 2), width: width, height: height)
  }

  /// The columns between two columns of keys.
  static let gutter = 4

  /// One column's width when its keys and their help sit side by side.
  private var columnWidth: Int {
    let (keyWidth, textWidth) = widths
    return keyWidth + 2 + textWidth
  }

  /// Two columns where the screen has the width for them and one column's
  /// lines would not fit its height; otherwise one.
  func columnCount(for size: Size) -> Int {
    let twoWide = 2 * columnWidth + Self.gutter + 4
    guard size.width >= twoWide else { return 1 }
    let padding = 2 + (size.height >= 12 ? 2 : 0)
    return lines(width: columnWidth).count + padding > size.height - 1 ? 2 : 1
  }

  /// The rows of the box's inside, each the lines side by side in it: one
  /// column's lines, or the sections split in two where the halves come
  /// nearest in length (a section is never cut).
  func rows(width: Int, columns: Int) -> [[Line]] {
    guard columns == 2 else { return lines(width: width).map { [$0] } }
    let column = (width - Self.gutter) / 2
    let blocks = sections.map { section in lines(of: section, width: column) }
    var best = (split: 0, rows: Int.max)
    for split in 1..<max(2, blocks.count) {
      let left = blocks[..<split].reduce(0) { $0 + $1.count } + split - 1
      let right = blocks[split...].reduce(0) { $0 + $1.count } + max(0, blocks.count - split - 1)
      if max(left, right) < best.rows { best = (split, max(left, right)) }
    }
    func joined(_ parts: ArraySlice<[Line]>) -> [Line] {
      parts.enumerated().flatMap { i, block in (i > 0 ? [Line(label: "", help: "")] : []) + block }
    }
    let left = joined(blocks[..<best.split]), right = joined(blocks[best.split...])
    return (0..<max(left.count, right.count)).map { row in
      [row < left.count ? left[row] : Line(label: "", help: ""), row < right.count ? right[row] : Line(label: "", help: "")]
    }
  }

  /// The inside of the box: a blank line above and below the keys when there is
  /// room for them.
  func inside(_ rect: Rect, size: Size) -> Rect {
    let pad = size.height >= 12 ? 1 : 0
    return rect.inset(by: EdgeInsets(top: 1 + pad, left: 2, bottom: 1 + pad, right: 2))
  }

  private var widths: (key: Int, text: Int) {
    let all = sections.flatMap(\.bindings)
    return (all.map { DisplayText.width(of: label($0)) }.max() ?? 0, all.map { DisplayText.width(of: $0.help) }.max() ?? 0)
  }

  private func label(_ binding: KeyBinding) -> String {
    theme.border == .ascii ? binding.label.asciiArrows : binding.label
  }

  /// The lines for an inside `width` columns wide.
  func lines(width: Int) -> [Line] {
    var lines: [Line] = []
    for (i, section) in sections.enumerated() {
      if i > 0 { lines.append(Line(label: "", help: "")) }
      lines += self.lines(of: section, width: width)
    }
    return lines
  }

  /// One section's lines: its title, then its keys.
  private func lines(of section: (title: String, bindings: [KeyBinding]), width: Int) -> [Line] {
    let (keyWidth, textWidth) = widths
    let sideBySide = width >= keyWidth + 2 + min(textWidth, 24)
    var lines = [Line(label: section.title, help: "", isTitle: true)]
    for binding in section.bindings {
      if sideBySide {
        lines.append(Line(label: label(binding), help: binding.help))
      } else {
        lines.append(Line(label: label(binding), help: ""))
        for part in TextWrapper.wrap(binding.help, width: max(1, width - 2)) { lines.append(Line(label: "", help: "  " + part)) }
      }
    }
    return lines
  }

  /// The largest ``scroll`` on a screen of `size`.
  func maximumScroll(for size: Size) -> Int {
    let rect = rect(for: size)
    let inner = inside(rect, size: size)
    return max(0, rows(width: inner.width, columns: columnCount(for: size)).count - inner.height)
  }

  func draw(in canvas: any Canvas, size: Size) {
    let rect = rect(for: size)
    guard rect.width >= 4, rect.height >= 2 else { return }
    canvas.fill(rect, with: " ")
    canvas.drawBox(rect, lines: theme.selectedBorder, style: theme.selectedBorderStyle)
    canvas.put(" Keys ", at: Point(x: rect.minX + 2, y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    let inner = inside(rect, size: size)
    let count = columnCount(for: size)
    let all = rows(width: inner.width, columns: count)
    let top = min(max(0, scroll), max(0, all.count - inner.height))
    let keyWidth = all.joined().filter { !$0.isTitle && !$0.help.isEmpty }.map { DisplayText.width(of: $0.label) }.max() ?? 0
    let step = (inner.width + Self.gutter) / count
    for (row, columns) in all.dropFirst(top).prefix(max(0, inner.height)).enumerated() {
      let y = inner.minY + row
      for (column, line) in columns.enumerated() {
        let x = inner.minX + column * step
        let clip = Rect(x: x, y: inner.minY, width: count == 1 ? inner.width : step - Self.gutter, height: inner.height)
        if line.isTitle {
          canvas.put(line.label, at: Point(x: x, y: y), style: theme.textStyle.with(attributes: [.bold, .underline]), clip: clip)
          continue
        }
        canvas.put(line.label, at: Point(x: x, y: y), style: theme.secondaryStyle.with(attributes: .bold), clip: clip)
        let helpX = line.label.isEmpty ? x : x + keyWidth + 2
        canvas.put(line.help, at: Point(x: helpX, y: y), style: theme.textStyle, clip: clip)
      }
    }
    guard all.count > inner.height else { return }
    let more = top + inner.height < all.count
    let hint = rect.width >= 24 ? (more ? " ↓ more · ? close " : " ? close ") : (more ? " ↓ " : "")
    let text = theme.border == .ascii ? hint.asciiArrows : hint
    canvas.put(text, at: Point(x: rect.maxX - 1 - DisplayText.width(of: text), y: rect.maxY - 1), style: theme.selectedBorderStyle, clip: rect)
  }
}

extension String {
  /// The arrows as ASCII (`↑` as `^`), for `--ascii`.
  var asciiArrows: String {
    String(map { c -> Character in
      switch c {
      case "↑": return "^"
      case "↓": return "v"
      case "←": return "<"
      case "→": return ">"
      default: return c
      }
    })
  }
}
