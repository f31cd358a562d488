import WaterfallLayout

/// What the details' keys do to the panel: moving the cursor, scrolling,
/// folding, the picture full size; and what they ask of the browser (close, the
/// next item, a copy), which the panel cannot do itself.
extension DetailsView {
  /// What the browser is to do after a key in the details.
  enum Outcome: Equatable {
    /// Nothing more: the panel changed, or not.
    case stay
    /// Close the details.
    case close
    /// Say this in the status bar.
    case notice(String)
    /// Copy the item's JSON.
    case copy
    /// Show the details of the item next to this one (`.nextItem`, `.previousItem`, `.left`, `.right`).
    case step(KeyCommand)
  }

  /// Carries out `command` in a panel drawn in `rect`.
  ///
  /// ```swift
  /// var details = DetailsView(item: 3, value: value)
  /// details.handle(.down, in: rect)        // .stay: the cursor moved
  /// details.handle(.nextItem, in: rect)    // .step(.nextItem): the browser moves on
  /// ```
  mutating func handle(_ command: KeyCommand?, in rect: Rect) -> Outcome {
    let page = max(1, Self.inside(rect).height - 1)
    switch command {
    case .close, .toggleDetails: return .close
    case .up: moveCursor(by: -1, in: rect)
    case .down: moveCursor(by: 1, in: rect)
    case .pageUp: scroll(by: -page, in: rect)
    case .pageDown: scroll(by: page, in: rect)
    case .halfPageUp: scroll(by: -max(1, page / 2), in: rect)
    case .halfPageDown: scroll(by: max(1, page / 2), in: rect)
    case .first:
      moveCursor(to: 0, in: rect)
      scroll(by: Int.min / 2, in: rect)
    case .last:
      scroll(by: Int.max / 2, in: rect)
      moveCursor(to: rows.count - 1, in: rect)
      scroll(by: Int.max / 2, in: rect)
    case .toggleFold, .fold, .unfold:
      if let command { fold(command, in: rect) }
    case .togglePicture:
      guard hasPicture else { return .notice("no picture") }
      pictureFull.toggle()
      scroll(by: 0, in: rect)
    case .nextItem, .previousItem, .left, .right:
      return .step(command!)
    case .copy: return .copy
    default: break
    }
    return .stay
  }
}
