/// How a waterfall gives items to its columns (CHT's item render direction).
public enum ItemOrder: String, Hashable, Sendable, CaseIterable {
  /// Each item goes to the shortest column; ties go to the lowest column.
  case shortestFirst = "shortest"
  /// Item `i` goes to column `i % columns`, counted from the left.
  case leftToRight = "ltr"
  /// Item `i` goes to column `i % columns`, counted from the right.
  case rightToLeft = "rtl"
}
