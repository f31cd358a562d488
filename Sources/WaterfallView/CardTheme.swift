/// How cards look: their outline and text, plain and selected.
///
/// The selected card stands out three ways at once, so it does in every terminal:
/// heavier lines, bold, and colour where colour is allowed.
///
/// ```swift
/// let theme = CardTheme.automatic(colors: environment["NO_COLOR"] == nil)
/// ```
public struct CardTheme: Hashable, Sendable {
  public var border: BoxLines
  public var selectedBorder: BoxLines
  public var borderStyle: Style
  public var selectedBorderStyle: Style
  public var textStyle: Style
  public var selectedTextStyle: Style
  /// Secondary text: prices, tags, hints.
  public var secondaryStyle: Style
  /// Header and footer bars.
  public var barStyle: Style
  /// The lines above the cards (`--header`).
  public var headerStyle: Style
  /// What marks the characters a search matched: drawn over the text's own
  /// style (``Style/overlaid(by:)``).
  public var matchStyle: Style

  public init(
    border: BoxLines, selectedBorder: BoxLines, borderStyle: Style, selectedBorderStyle: Style,
    textStyle: Style, selectedTextStyle: Style, secondaryStyle: Style, barStyle: Style,
    headerStyle: Style = Style(foreground: .cyan, attributes: .bold),
    matchStyle: Style = Style(attributes: [.underline, .bold])
  ) {
    self.border = border
    self.selectedBorder = selectedBorder
    self.borderStyle = borderStyle
    self.selectedBorderStyle = selectedBorderStyle
    self.textStyle = textStyle
    self.selectedTextStyle = selectedTextStyle
    self.secondaryStyle = secondaryStyle
    self.barStyle = barStyle
    self.headerStyle = headerStyle
    self.matchStyle = matchStyle
  }

  /// Light lines, heavy yellow bold lines for the selected card.
  public static let unicode = CardTheme(
    border: .light, selectedBorder: .heavy,
    borderStyle: Style(foreground: .brightBlack),
    selectedBorderStyle: Style(foreground: .yellow, attributes: .bold),
    textStyle: .plain, selectedTextStyle: Style(attributes: .bold),
    secondaryStyle: Style(foreground: .cyan),
    barStyle: Style(attributes: [.reverse, .bold]))

  /// `+-|` lines, `#=` for the selected card: for a locale that is not UTF-8.
  public static let ascii: CardTheme = {
    var theme = CardTheme.unicode
    theme.border = .ascii
    theme.selectedBorder = .asciiHeavy
    return theme
  }()

  /// Unicode lines when the user's locale is UTF-8 (as ``DisplayText/environmentIsUTF8``
  /// found it), ASCII otherwise; colours only when `colors` is set.
  public static func automatic(colors: Bool) -> CardTheme {
    automatic(colors: colors, utf8: DisplayText.environmentIsUTF8)
  }

  /// Unicode lines when `utf8` is set, ASCII otherwise; colours only when `colors`
  /// is set.
  ///
  /// ```swift
  /// CardTheme.automatic(colors: false, utf8: false).border   // BoxLines.ascii: +-+ | +-+
  /// ```
  public static func automatic(colors: Bool, utf8: Bool) -> CardTheme {
    let theme = utf8 ? CardTheme.unicode : .ascii
    return colors ? theme : theme.withoutColors
  }

  /// The same lines and attributes, every colour dropped.
  public var withoutColors: CardTheme {
    var theme = self
    theme.borderStyle = borderStyle.withoutColors
    theme.selectedBorderStyle = selectedBorderStyle.withoutColors
    theme.textStyle = textStyle.withoutColors
    theme.selectedTextStyle = selectedTextStyle.withoutColors
    theme.secondaryStyle = secondaryStyle.withoutColors
    theme.barStyle = barStyle.withoutColors
    theme.headerStyle = headerStyle.withoutColors
    theme.matchStyle = matchStyle.withoutColors
    return theme
  }
}
