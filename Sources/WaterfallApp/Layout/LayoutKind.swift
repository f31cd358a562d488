import WaterfallLayout

/// The ways the browser lays cards out; `L` cycles through them in this order.
public enum LayoutKind: String, CaseIterable, Sendable {
  /// Cards of their own heights in columns, each to the shortest column.
  case waterfall
  /// Small cards of one size in rows.
  case grid
  /// Large cards of one size in rows.
  case gridLarge = "grid-large"
  /// One item per line.
  case list
  /// One item per row, its fields in aligned columns under a header that sticks.
  case table
  /// A carousel: one row of cards, the middle one largest, resting on a card.
  case line
  /// Cards round an ellipse, the selected one at the front.
  case circle
  /// A big square card and two half cards beside it, by threes.
  case mosaic

  /// Whether every card is the size the layout gives it (the text fits the card),
  /// rather than as tall (or wide) as its content.
  public var hasFixedSizeCards: Bool { self != .waterfall && self != .list && self != .table }

  /// Whether a card's place follows from its index alone (the carousel, the
  /// circle, the mosaic): laying out a million cards costs nothing per card.
  /// The others place every card in turn.
  ///
  /// ```swift
  /// LayoutKind.mosaic.placesByIndex   // true
  /// LayoutKind.grid.placesByIndex     // false: a waterfall of one height
  /// ```
  public var placesByIndex: Bool { self == .line || self == .circle || self == .mosaic }

  /// Whether cards are as tall as their content at their width, measured card
  /// by card (the waterfall); the others give every card (every list row) one size.
  public var measuresCards: Bool { self == .waterfall }

  /// The kind after this one.
  public var next: LayoutKind {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// A short name for the status bar.
  public var label: String {
    switch self {
    case .waterfall: return "waterfall"
    case .grid: return "grid"
    case .gridLarge: return "grid (large)"
    case .list: return "list"
    case .table: return "table"
    case .line: return "line"
    case .circle: return "circle"
    case .mosaic: return "mosaic"
    }
  }
}
