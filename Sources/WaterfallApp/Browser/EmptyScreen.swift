import WaterfallLayout
import WaterfallView

/// What the screen says when there is no card to draw, and the screen that is
/// too small: a bold line and a dim one, centred.
///
/// ```swift
/// EmptyScreen.lines(storeCount: 40, loading: .done, filter: "zzz")   // ["Nothing matches “zzz”", "Esc clears the filter"]
/// EmptyScreen.draw(lines, in: screen, rect: rect)
/// ```
enum EmptyScreen {
  /// Why no card shows: nothing loaded (yet), nothing matches, or all hidden.
  static func lines(storeCount: Int, loading: LoadState, filter: String, searching: Bool = false) -> [String] {
    if storeCount == 0 {
      if case .stopped = loading { return ["Nothing read", "the status bar says why; r reads again"] }
      return loading == .done ? ["No items to show", "the data has no items"] : ["Loading…"]
    } else if searching {
      return ["Searching for “\(filter)”…", "Esc clears the filter"]
    } else if !filter.isEmpty {
      return ["Nothing matches “\(filter)”", "Esc clears the filter"]
    } else {
      return ["Every card is hidden", "u brings the last one back"]
    }
  }

  /// The message for a screen smaller than `minimum`: one line, the longest
  /// of its forms that fits the width (`terminal too small: 12x3, need 20x5`
  /// down to `20x5`).
  static func tooSmall(_ size: Size, minimum: Size) -> [String] {
    let need = "\(minimum.width)x\(minimum.height)"
    let forms = ["terminal too small: \(size.width)x\(size.height), need \(need)", "too small, need \(need)", "need \(need)", need]
    return [forms.first { DisplayText.width(of: $0) <= size.width } ?? "…"]
  }

  /// Draws `lines` centred in `rect`, the first bold, the rest dim.
  static func draw(_ lines: [String], in canvas: any Canvas, rect: Rect) {
    let top = rect.minY + max(0, (rect.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      let text = TextWrapper.truncate(line, width: rect.width)
      let x = rect.minX + max(0, (rect.width - DisplayText.width(of: text)) / 2)
      canvas.put(text, at: Point(x: x, y: top + i), style: i == 0 ? Style(attributes: .bold) : Style(attributes: .dim), clip: rect)
    }
  }
}
