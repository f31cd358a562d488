extension DataOrigin {
  /// How many sections the source holds before any of its items is read: a
  /// folder tree's folders (`-r`), each a group, loaded or not; 0 for the rest.
  ///
  /// ```swift
  /// try DataOrigin.resolve("/usr/share/icons/Adwaita/16x16", recursive: true).sectionCount   // 13
  /// ```
  public var sectionCount: Int {
    guard case .tree = self else { return 0 }
    var seen: Set<String> = []
    for page in 0..<pageCount { if let section = pageSection(page) { seen.insert(section) } }
    return seen.count
  }
}
