import WaterfallLayout
import WaterfallView

/// The `?` screen: a box in the middle listing the keys of every mode
/// (``KeyBindings/helpSections``), scrolled by ``scroll``.
///
/// It fits any screen from the browser's smallest (20x5) up: the box is at most
/// the screen less the status bar; where a key's label and its help do not fit
/// side by side, the help goes on the line under the label; what does not fit
/// scrolls, and the bottom border says so.
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
    let (keyWidth, textWidth) = widths
    let width = min(size.width, keyWidth + textWidth + 6)
    let lines = self.lines(width: width - 4).count
    let height = min(max(0, size.height - 1), lines + 2 + (size.height >= 12 ? 2 : 0))
    return Rect(x: (size.width - width) / 2, y: max(0, (size.height - 1 - height) / 2), width: width, height: height)
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
    let (keyWidth, textWidth) = widths
    let sideBySide = width >= keyWidth + 2 + min(textWidth, 24)
    var lines: [Line] = []
    for (i, section) in sections.enumerated() {
      if i > 0 { lines.append(Line(label: "", help: "")) }
      lines.append(Line(label: section.title, help: "", isTitle: true))
      for binding in section.bindings {
        if sideBySide {
          lines.append(Line(label: label(binding), help: binding.help))
        } else {
          lines.append(Line(label: label(binding), help: ""))
          for part in TextWrapper.wrap(binding.help, width: max(1, width - 2)) { lines.append(Line(label: "", help: "  " + part)) }
        }
      }
    }
    return lines
  }

  /// The largest ``scroll`` on a screen of `size`.
  func maximumScroll(for size: Size) -> Int {
    let rect = rect(for: size)
    let inner = inside(rect, size: size)
    return max(0, lines(width: inner.width).count - inner.height)
  }

  func draw(in canvas: any Canvas, size: Size) {
    let rect = rect(for: size)
    guard rect.width >= 4, rect.height >= 2 else { return }
    canvas.fill(rect, with: " ")
    canvas.drawBox(rect, lines: theme.selectedBorder, style: theme.selectedBorderStyle)
    canvas.put(" Keys ", at: Point(x: rect.minX + 2, y: rect.minY), style: theme.selectedBorderStyle, clip: rect)
    let inner = inside(rect, size: size)
    let all = lines(width: inner.width)
    let top = min(max(0, scroll), max(0, all.count - inner.height))
    let keyWidth = all.filter { !$0.isTitle && !$0.help.isEmpty }.map { DisplayText.width(of: $0.label) }.max() ?? 0
    for (row, line) in all.dropFirst(top).prefix(max(0, inner.height)).enumerated() {
      let y = inner.minY + row
      if line.isTitle {
        canvas.put(line.label, at: Point(x: inner.minX, y: y), style: theme.textStyle.with(attributes: [.bold, .underline]), clip: inner)
        continue
      }
      canvas.put(line.label, at: Point(x: inner.minX, y: y), style: theme.secondaryStyle.with(attributes: .bold), clip: inner)
      let x = line.label.isEmpty ? inner.minX : inner.minX + keyWidth + 2
      canvas.put(line.help, at: Point(x: x, y: y), style: theme.textStyle, clip: inner)
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
