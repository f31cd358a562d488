/// How a cell of text looks: foreground and background colours and attributes.
///
/// ```swift
/// let selected = Style(foreground: .yellow, attributes: .bold)
/// let status = Style.plain.with(attributes: .reverse)
/// ```
public struct Style: Hashable, Sendable {
  public var foreground: Color
  public var background: Color
  public var attributes: TextAttributes

  public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default colours, no attributes.
  public static let plain = Style()

  /// This style with `attributes` added.
  public func with(attributes more: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(more)
    return copy
  }

  /// This style with `other` drawn over it: `other`'s colours where it has
  /// them (not the terminal's default), and its attributes added.
  ///
  /// ```swift
  /// Style(foreground: .cyan).overlaid(by: Style(attributes: .underline))   // cyan, underlined
  /// ```
  public func overlaid(by other: Style) -> Style {
    var copy = self.with(attributes: other.attributes)
    if other.foreground != .default { copy.foreground = other.foreground }
    if other.background != .default { copy.background = other.background }
    return copy
  }

  /// This style without colours, keeping its attributes: what is drawn when the
  /// user asks for no colour (`NO_COLOR`).
  public var withoutColors: Style {
    Style(attributes: attributes)
  }
}
