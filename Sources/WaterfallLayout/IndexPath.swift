/// The address of an item: its section and its position within the section.
///
/// Index paths order by section, then item, which is the order a collection
/// hands items to its layout.
///
/// ```swift
/// let third = IndexPath(item: 2, section: 0)
/// third < IndexPath(item: 0, section: 1)   // true
/// ```
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(item: Int, section: Int = 0) {
    self.item = item
    self.section = section
  }

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}
