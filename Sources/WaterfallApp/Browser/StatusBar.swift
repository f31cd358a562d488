import WaterfallLayout
import WaterfallView

/// The bottom line: where the selection is, the layout, the filter and hides,
/// loading progress and notices; while filtering, the filter being typed and
/// `1,234 of 1,000,000 · searching 45%`.
///
/// ```swift
/// var bar = StatusBar(position: "3/40", layout: "3 columns · waterfall", theme: .unicode)
/// bar.hiddenCount = 1
/// bar.draw(in: screen, row: 23, width: 80)   // " 3/40 of 41 │ 3 columns · waterfall │ 1 hidden   ? help "
/// ```
struct StatusBar {
  /// "index/shown" of the selected card.
  var position: String
  /// The layout's name ("3 columns · waterfall").
  var layout: String
  var theme: CardTheme
  var filtering = false
  var filter = ""
  var hiddenCount = 0
  var shownCount = 0
  var totalCount = 0
  /// The number of groups, when items are grouped.
  var groups: Int?
  var skippedCount = 0
  var progress: String?
  /// "searching 45%" while a search looks.
  var searchProgress: String?
  /// "laying out 45%" while a worker lays every card out (``Browser/layoutProgress``).
  var layoutProgress: String?
  /// The order ("price ↑"), or the sort under way, when sorted.
  var sort: String?
  var notice: String?
  /// Fields the user named that no item has (``Browser/missingFieldsNotice``).
  var fieldNotice: String?
  /// How many items are marked (`-m`).
  var markedCount = 0
  /// What is always said (``Browser/Options/warning``).
  var warning: String?

  func draw(in canvas: any Canvas, row: Int, width: Int) {
    let bar = Rect(x: 0, y: row, width: width, height: 1)
    let style = theme.barStyle
    canvas.fill(bar, with: " ", style: style)
    if filtering {
      let count = " \(shownCount.grouped) of \(totalCount.grouped)" + (searchProgress.map { " · " + $0 } ?? "") + " "
      let cursor = theme.border == .ascii ? "_" : "▏"
      canvas.put(" /" + filter + cursor, at: Point(x: 0, y: row), style: style, clip: Rect(x: 0, y: row, width: width - DisplayText.width(of: count), height: 1))
      canvas.put(count, at: Point(x: width - DisplayText.width(of: count), y: row), style: style, clip: bar)
      return
    }
    let separator = theme.border == .ascii ? " | " : " │ "
    var parts = [" " + position + (filter.isEmpty && hiddenCount == 0 ? "" : " of \(totalCount)")]
    // Said before the rest, so that no notice pushes it off a narrow screen.
    if let warning { parts.append(warning) }
    parts.append(layout)
    if let groups { parts.append("\(groups) group\(groups == 1 ? "" : "s")") }
    if let sort { parts.append(sort) }
    if !filter.isEmpty { parts.append("/" + filter) }
    if let searchProgress { parts.append(searchProgress) }
    if let layoutProgress { parts.append(layoutProgress) }
    if markedCount > 0 { parts.append("\(markedCount.grouped) marked") }
    if hiddenCount > 0 { parts.append("\(hiddenCount) hidden") }
    if skippedCount > 0 { parts.append("\(skippedCount) skipped") }
    if let progress { parts.append(progress) }
    if let notice { parts.append(notice) }
    if let fieldNotice { parts.append(fieldNotice) }
    let help = "? help "
    let left = TextWrapper.truncate(parts.joined(separator: separator), width: max(0, width - DisplayText.width(of: help) - 1))
    canvas.put(left, at: Point(x: 0, y: row), style: style, clip: bar)
    canvas.put(help, at: Point(x: width - DisplayText.width(of: help), y: row), style: style, clip: bar)
  }
}
