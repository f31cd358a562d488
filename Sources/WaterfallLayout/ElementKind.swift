/// What a laid-out element is: an item's cell, or a section's header or footer.
public enum ElementKind: String, Hashable, Sendable, CaseIterable {
  /// The card of one item.
  case cell
  /// A full-width bar above a section's items.
  case header
  /// A full-width bar below a section's items.
  case footer
}
