import WaterfallLayout
import WaterfallView

/// A full-width bar: a section's header (`─ Kitchen · 12 ───…`) or the footer under
/// the last card (`───── Loading more… ─────`).
///
/// The text is asked for at draw time, so the footer follows the loading state
/// without the view having to replace it. A pinned header covers the cards that
/// slide under it, so the bar fills its whole row.
///
/// ```swift
/// let bar = view.dequeueReusableCell(withIdentifier: BarCell.identifier, for: indexPath) as! BarCell
/// bar.configure(text: { "End · 120 items" }, centered: true, theme: theme)
/// ```
final class BarCell: Cell {
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
