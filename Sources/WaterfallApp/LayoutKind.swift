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
    }
  }
}
