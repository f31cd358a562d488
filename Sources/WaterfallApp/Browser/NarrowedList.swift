import WaterfallLayout
import WaterfallView

/// A list on screen that typing narrows (the field picker, the frequency
/// sheet): the keys that move its selection and edit its text do the same in
/// each, and ``answer(_:key:in:)`` is where they are said once.
///
/// ```swift
/// var open = picker!
/// if !open.answer(command, key: key, in: size) { … }   // Enter, Esc: the owner's own
/// ```
protocol NarrowedList {
  mutating func type(_ text: String)
  mutating func deleteBackward()
  mutating func clearQuery()
  mutating func move(by steps: Int)
  mutating func moveToEnd(_ toEnd: Bool)
  mutating func scrollToSelection(visibleRows: Int)
  /// How many rows show on a screen of `size`.
  func visibleRows(in size: Size) -> Int
}

extension NarrowedList {
  /// ↑ ↓, the pages, the ends, Backspace, emptying the text and typing, then
  /// the selection scrolled into view; false (and nothing done) for any
  /// other command.
  mutating func answer(_ command: KeyCommand?, key: Key?, in size: Size) -> Bool {
    let visible = visibleRows(in: size)
    let page = max(1, visible - 1)
    switch command {
    case .up: move(by: -1)
    case .down: move(by: 1)
    case .pageUp: move(by: -page)
    case .pageDown: move(by: page)
    case .first: moveToEnd(false)
    case .last: moveToEnd(true)
    case .deleteBackward: deleteBackward()
    case .emptyFilter: clearQuery()
    case .type:
      guard case .character(let c) = key else { return false }
      type(String(c))
    default: return false
    }
    scrollToSelection(visibleRows: visible)
    return true
  }
}
