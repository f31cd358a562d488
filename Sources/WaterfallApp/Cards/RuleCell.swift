import WaterfallLayout
import WaterfallView

/// A full-width rule with a label: a section's header (`─ Kitchen · 12 ───…`) or
/// the footer under the last card (`───── Loading more… ─────`). (The library's
/// `BarCell` is a filled bar; the browser draws its bars as rules.)
///
/// The text is asked for at draw time, so the footer follows the loading state
/// without the view having to replace it. A pinned header covers the cards that
/// slide under it, so the bar fills its whole row.
///
/// ```swift
/// let rule = view.dequeueReusableCell(withIdentifier: RuleCell.identifier, for: indexPath) as! RuleCell
/// rule.configure(text: { "End · 120 items" }, centered: true, theme: theme)
/// ```
final class RuleCell: Cell {
  static let identifier = "bar"

  private var text: () -> String = { "" }
  private var centered = false
  private var theme = CardTheme.unicode

  override func prepareForReuse() {
    text = { "" }
  }

  func configure(text: @escaping () -> String, centered: Bool, theme: CardTheme) {
    self.text = text
    self.centered = centered
    self.theme = theme
  }

  override func draw(in canvas: any Canvas, clip: Rect) {
    let row = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1)
    let rule = theme.border.horizontal
    if let area = row.intersection(clip) { canvas.fillClipped(area, with: rule, style: theme.borderStyle) }
    let label = " " + TextWrapper.truncate(text(), width: max(0, frame.width - 4)) + " "
    let width = DisplayText.width(of: label)
    let x = centered ? frame.minX + max(0, (frame.width - width) / 2) : frame.minX + min(1, frame.width)
    canvas.put(label, at: Point(x: x, y: frame.minY), style: theme.secondaryStyle.with(attributes: .bold), clip: clip)
  }
}
