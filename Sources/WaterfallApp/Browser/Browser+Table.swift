import WaterfallLayout

extension Browser {
  /// Shows the cards in `kind` at once, unanimated: the layout the data opens
  /// in once its first items are in (``LayoutKind/opening(_:source:)``).
  public func open(in kind: LayoutKind) {
    guard kind != options.layout else { return }
    cards.switchLayout(to: kind, large: options.largeCards)
    cards.finishAnimation()
  }
}
