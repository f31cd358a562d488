import WaterfallView

/// The colour and attribute sequences (SGR, `ESC [ … m`) a preview command may
/// write, read into a ``Style``: the one kind of escape sequence the preview
/// keeps.
///
/// Understood: `0` (or nothing) resets; `1` bold, `2` dim, `3` italic, `4`
/// underline (`4:0` none), `7` reverse, and `22`, `23`, `24`, `27` undo them;
/// `30`-`37`, `90`-`97` and `39` the foreground, `40`-`47`, `100`-`107` and `49`
/// the background; `38`/`48` with `5;N` (256 colours) or `2;R;G;B` (24-bit),
/// separated by `;` or `:`. Anything else (blink, strike-through, fonts) is
/// ignored: it changes no style and never reaches the terminal.
///
/// ```swift
/// var style = Style.plain
/// GraphicRendition.apply("1;38;5;208", to: &style)   // bold, colour 208
/// GraphicRendition.apply("0", to: &style)            // plain again
/// ```
public enum GraphicRendition {
  /// Applies the parameters of one SGR sequence (what stands between `ESC [`
  /// and `m`) to `style`.
  public static func apply(_ parameters: some StringProtocol, to style: inout Style) {
    // Each parameter, with its sub-parameters (`38:2::255:0:0`); nil for an
    // empty one, -1 for one too large to be any code.
    let groups: [[Int?]] = parameters.split(separator: ";", omittingEmptySubsequences: false).map { group in
      group.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) ?? ($0.isEmpty ? nil : -1) }
    }
    var index = 0
    while index < groups.count {
      let group = groups[index]
      index += 1
      let code = group.first.flatMap { $0 } ?? 0
      switch code {
      case 0: style = .plain
      case 1: style.attributes.insert(.bold)
      case 2: style.attributes.insert(.dim)
      case 3: style.attributes.insert(.italic)
      case 4:
        if group.count > 1, group[1] == 0 { style.attributes.remove(.underline) } else { style.attributes.insert(.underline) }
      case 7: style.attributes.insert(.reverse)
      case 21: style.attributes.insert(.underline)  // double underline, as one
      case 22: style.attributes.subtract([.bold, .dim])
      case 23: style.attributes.remove(.italic)
      case 24: style.attributes.remove(.underline)
      case 27: style.attributes.remove(.reverse)
      case 30...37: style.foreground = .indexed(UInt8(code - 30))
      case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
      case 39: style.foreground = .default
      case 40...47: style.background = .indexed(UInt8(code - 40))
      case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
      case 49: style.background = .default
      case 38, 48:
        let color: Color?
        if group.count > 1 {
          color = extendedColor(Array(group.dropFirst()), colonForm: true)
        } else {
          // `38;5;N`, `38;2;R;G;B`: the colour's parts are the parameters after it.
          let kind = index < groups.count ? groups[index].first.flatMap { $0 } : nil
          let length = kind == 5 ? 2 : kind == 2 ? 4 : 1
          let parts = groups[index..<min(groups.count, index + length)].map { $0.first.flatMap { $0 } }
          index = min(groups.count, index + length)
          color = extendedColor(parts, colonForm: false)
        }
        if let color {
          if code == 38 { style.foreground = color } else { style.background = color }
        }
      default: break
      }
    }
  }

  /// The colour of `5;N` or `2;R;G;B` (in the colon form, `2` may be followed
  /// by a colour space id before R: `2::R:G:B`); nil when it is not one.
  static func extendedColor(_ parts: [Int?], colonForm: Bool) -> Color? {
    guard let kind = parts.first else { return nil }
    switch kind {
    case 5:
      guard parts.count >= 2, let n = parts[1], (0...255).contains(n) else { return nil }
      return .indexed(UInt8(n))
    case 2:
      var channels = Array(parts.dropFirst())
      if colonForm, channels.count >= 4 { channels.removeFirst() }
      guard channels.count >= 3 else { return nil }
      let values = channels.prefix(3).compactMap { $0 }.filter { (0...255).contains($0) }
      guard values.count == 3 else { return nil }
      return .rgb(UInt8(values[0]), UInt8(values[1]), UInt8(values[2]))
    default:
      return nil
    }
  }
}
