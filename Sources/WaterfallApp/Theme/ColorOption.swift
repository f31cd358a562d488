import WaterfallView

/// The value of `--color`: a base theme and element overrides, comma-separated,
/// as fzf's `--color` is written.
///
/// A base is `dark` (the default), `light` (for a light background), `16` (the
/// eight basic colours only) or `bw` (no colour: attributes only). An override
/// is `ELEMENT:VALUE[:VALUE…]`, each value a colour (`red`, `bright-blue`, `0`-`255`,
/// `#rrggbb`, `default`) or an attribute (`bold`, `dim`, `italic`, `underline`,
/// `reverse`); it replaces the element's style (a colour is the foreground, but
/// for the `bg` elements). Elements, with fzf's names beside ours: `text`
/// (`fg`), `bg`, `selected` (the selected card's border and text; `fg+`),
/// `selected-border`, `selected-text`, `bg+`, `border`, `secondary` (prices,
/// tags), `bar` (`info`: the status bar), `header`, `match` (`hl`, `hl+`).
///
/// ```swift
/// let theme = try ColorOption.theme(parsing: "light,selected:reverse,match:yellow", over: .unicode)
/// theme.selectedBorderStyle   // Style(attributes: .reverse)
/// ```
public enum ColorOption {
  /// The bases, by name.
  public static let bases = ["dark", "light", "16", "bw"]

  /// `value` applied to `theme` (its lines kept), or a ``ColorError`` naming the
  /// part that is wrong.
  public static func theme(parsing value: String, over theme: CardTheme) throws(ColorError) -> CardTheme {
    var theme = theme
    for item in value.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingSpaces() }) {
      guard !item.isEmpty else { throw ColorError("an empty part in '\(value)'") }
      let parts = item.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      if parts.count == 1 {
        guard let base = base(parts[0].lowercased(), over: theme) else {
          throw ColorError("unknown theme '\(item)' (\(bases.joined(separator: ", ")); or ELEMENT:COLOR)")
        }
        theme = base
        continue
      }
      let element = parts[0].lowercased()
      var probe = theme
      guard set(element, to: Style(), in: &probe) else {
        throw ColorError("unknown element '\(parts[0])' (\(elementNames))")
      }
      var style = Style()
      for word in parts.dropFirst() {
        let word = word.lowercased()
        if let attribute = attributes[word] {
          style.attributes.formUnion(attribute)
        } else if let color = color(word) {
          if backgrounds.contains(element) { style.background = color } else { style.foreground = color }
        } else {
          throw ColorError("\(parts[0]): '\(word)' is neither a colour (red, bright-blue, 0-255, #rrggbb) nor an attribute (bold, dim, italic, underline, reverse)")
        }
      }
      _ = set(element, to: style, in: &theme)
    }
    return theme
  }

  /// The base theme `name`, with `theme`'s lines.
  static func base(_ name: String, over theme: CardTheme) -> CardTheme? {
    var base = CardTheme.unicode
    switch name {
    case "dark": break
    case "light":
      base.selectedBorderStyle = Style(foreground: .blue, attributes: .bold)
      base.secondaryStyle = Style(foreground: .magenta)
      base.headerStyle = Style(foreground: .blue, attributes: .bold)
    case "16":
      base.borderStyle = Style(attributes: .dim)
    case "bw":
      base = base.withoutColors
    default:
      return nil
    }
    base.border = theme.border
    base.selectedBorder = theme.selectedBorder
    return base
  }

  private static let backgrounds: Set<String> = ["bg", "bg+"]

  /// Sets `element`'s style in `theme`; false for no such element.
  private static func set(_ element: String, to style: Style, in theme: inout CardTheme) -> Bool {
    switch element {
    case "text", "fg": theme.textStyle = style
    case "bg": theme.textStyle.background = style.background
    case "selected":
      theme.selectedTextStyle = style
      theme.selectedBorderStyle = style
    case "selected-text", "fg+": theme.selectedTextStyle = style
    case "selected-border": theme.selectedBorderStyle = style
    case "bg+": theme.selectedTextStyle.background = style.background
    case "border": theme.borderStyle = style
    case "secondary": theme.secondaryStyle = style
    case "bar", "info": theme.barStyle = style
    case "header": theme.headerStyle = style
    case "match", "hl", "hl+": theme.matchStyle = style
    default: return false
    }
    return true
  }

  private static var elementNames: String {
    "text, bg, selected, selected-border, selected-text, bg+, border, secondary, bar, header, match; fzf's fg, fg+, info, hl"
  }

  private static let attributes: [String: TextAttributes] = [
    "bold": .bold, "dim": .dim, "italic": .italic, "underline": .underline, "reverse": .reverse, "regular": [],
  ]

  private static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// The colour `word` names, if it names one.
  static func color(_ word: String) -> Color? {
    if word == "default" || word == "-1" { return .default }
    if let index = names.firstIndex(of: word) { return .indexed(UInt8(index)) }
    if word.hasPrefix("bright-"), let index = names.firstIndex(of: String(word.dropFirst(7))) { return .indexed(UInt8(8 + index)) }
    if word == "grey" || word == "gray" { return .brightBlack }
    if let n = Int(word), (0...255).contains(n) { return .indexed(UInt8(n)) }
    if word.hasPrefix("#"), word.count == 7, let rgb = UInt32(word.dropFirst(), radix: 16) {
      return .rgb(UInt8(rgb >> 16), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF))
    }
    return nil
  }
}

/// Why a `--color` value cannot be used: one line naming the part.
public struct ColorError: Error, CustomStringConvertible, Equatable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
