extension LayoutKind {
  /// The layout data opens in when `--layout` names none: a table's rows (CSV,
  /// TSV, a SQLite table or query) without pictures as a ``table``, anything
  /// else (JSON items, pictures) as a ``waterfall``; decided on the first items
  /// loaded.
  ///
  /// ```swift
  /// LayoutKind.opening(store, source: try SourceResolver.resolve("ps.csv"))   // .table
  /// ```
  public static func opening(_ store: ItemStore, source: any ItemSource) -> LayoutKind {
    let rows = source.sourceDescription.rowsAreTable || store.firstPageIsTable
    guard rows else { return .waterfall }
    let pictures = (0..<min(store.count, TableColumns.sampleSize)).contains { store.content(at: $0).image != nil }
    return pictures ? .waterfall : .table
  }
}
