/// What a key asks the browser to do; the mode decides how (`.down` moves the
/// selection while browsing and scrolls the text in the details).
///
/// ```swift
/// KeyBindings.browsing.command(for: .character("j"))   // .down
/// ```
public enum KeyCommand: Hashable, Sendable {
  // Moving, in the cards or the details.
  case up, down, left, right, pageUp, pageDown, first, last
  /// Half a screen down or up (Ctrl-D, Ctrl-U, as in less and vim).
  case halfPageDown, halfPageUp
  /// Scroll the cards a row without moving the selection.
  case scrollDown, scrollUp
  // Browsing.
  case open, back, quit, filter, moreColumns, fewerColumns, nextLayout, cardSize, hide, unhide, reload, help
  /// Open the field picker to sort by a field (`s`); sort the other way round (`S`).
  case pickSort, reverseSort
  /// Open the field picker to count a field's values (`F`).
  case countValues
  // Any mode.
  case repaint, interrupt
  // Filtering.
  /// Keep the filter and go back to the cards.
  case keepFilter
  /// Clear the filter and go back to the cards.
  case clearFilter
  /// Delete the filter's last character.
  case deleteBackward
  /// Empty the filter, still typing.
  case emptyFilter
  /// Add the typed character to the filter.
  case type
  /// Go back to the cards and do there what this key does while browsing.
  case browse
  // Details, help, the field picker and the frequency sheet.
  case close
  // The field picker and the frequency sheet.
  /// Take the selected field or value (Enter).
  case pick
  // Details.
  /// The next or previous item, staying in the details.
  case nextItem, previousItem
  /// Fold or unfold the selected line's array or object (Enter, Space); fold it or
  /// go to its parent (h); unfold it or go to its first child (l).
  case toggleFold, fold, unfold
  /// The picture at most half the panel, or all of it.
  case togglePicture
  /// Copy the item's JSON to the clipboard (OSC 52).
  case copy
  // Bound with `--bind` only.
  /// End with the selected item printed, as `--print`'s Enter (fzf's `accept`).
  case accept
  /// Open the selected item's details, or close them.
  case toggleDetails
  /// Mark the selected item or unmark it (fzf's `toggle`); mark every item
  /// shown; unmark every item (multi-select).
  case toggleMark, markAll, unmarkAll
  /// Mark or unmark the selected item and move to the next in order (Tab), or
  /// the previous (Shift-Tab), as fzf's `toggle+down` and `toggle+up` (`-m`).
  case markAndNext, markAndPrevious
  // The preview (`--preview`), in any mode but help.
  /// Open or close the preview panel (fzf's `toggle-preview`, `show-preview`,
  /// `hide-preview`); run its command again (`refresh-preview`).
  case togglePreview, showPreview, hidePreview, refreshPreview
  /// Scroll the preview a line, a page, half a page, to its top or its end.
  case previewUp, previewDown, previewPageUp, previewPageDown, previewHalfPageUp, previewHalfPageDown, previewTop,
    previewBottom
}
