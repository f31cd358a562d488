import WaterfallView

/// Turns a preview command's text into lines safe to draw: colours kept, every
/// other control shown as a mark.
///
/// - An SGR sequence (`ESC [ … m`: colours, bold, underline…) changes the style
///   of the text after it (``GraphicRendition``), on this line and the next, as
///   it would in a terminal; it takes no cell.
/// - Any other escape sequence (cursor moves, `ESC [ 2 J`, titles and the
///   clipboard by OSC, DCS, `ESC c`…) becomes one `␛`, its body never shown;
///   an `ESC` that starts no complete sequence becomes `␛` too (as
///   ``DisplayText`` shows escape sequences in data).
/// - A tab becomes spaces up to the next column that is a multiple of 8; the
///   `\r` of a `\r\n` is dropped.
/// - Every other control becomes its Control Picture (`␍`, `␈`, `␇`, `␀`, `␡`),
///   and C1 controls, bidi overrides and isolates `�`, as in the rest of the
///   program (``DisplayText/replacement(for:)``).
///
/// ```swift
/// var sanitizer = PreviewSanitizer()
/// sanitizer.line(from: "a\tb\u{1B}]0;pwned\u{07}c\u{1B}[2Jd").text   // "a       b␛c␛d"
/// ```
public struct PreviewSanitizer: Sendable {
  /// The style text goes on in: what the colour sequences so far made it.
  public var style = Style.plain
  /// Tab stops every this many columns.
  public static let tabWidth = 8
  /// What an escape sequence other than SGR is shown as.
  static let escapeMark: Unicode.Scalar = "\u{241B}"

  public init() {}

  /// The line `text` (one line of output, without its `\n`) made safe, its
  /// colour sequences applied; ``style`` is left as the line ends.
  public mutating func line(from text: String) -> PreviewLine {
    var line = PreviewLine()
    var pending = String.UnicodeScalarView()
    var column = 0
    var cursor = Cursor(Array(text.unicodeScalars))
    func flush() {
      line.append(String(pending), style: style)
      pending = String.UnicodeScalarView()
    }
    while let scalar = cursor.next() {
      let value = scalar.value
      if value >= 0x20 && value < 0x7F {
        pending.append(scalar)
        column += 1
        continue
      }
      if value == 0x1B || value == 0x9B {
        let start = cursor.index
        if let parameters = Self.graphicRendition(after: scalar, in: &cursor) {
          flush()
          GraphicRendition.apply(parameters, to: &style)
          continue
        }
        cursor.index = start
      }
      if EscapeSequence.isIntroducer(scalar) {
        let whole = EscapeSequence.consume(after: scalar, from: &cursor) != nil
        if whole || value == 0x1B {
          pending.append(Self.escapeMark)
          column += 1
          continue
        }
      }
      switch value {
      case 0x09:
        let spaces = Self.tabWidth - column % Self.tabWidth
        pending.append(contentsOf: repeatElement(" ", count: spaces))
        column += spaces
      case 0x0D where cursor.isAtEnd:
        break  // the \r of a \r\n
      default:
        let shown = DisplayText.replacement(for: scalar) ?? scalar
        pending.append(shown)
        column += DisplayText.width(of: shown)
      }
    }
    flush()
    return line
  }

  /// The parameters of the SGR sequence `introducer` starts (`ESC [` or CSI,
  /// digits, `;` and `:`, then `m`), the cursor moved past it; nil when it is
  /// not one (the cursor then stands anywhere).
  private static func graphicRendition(after introducer: Unicode.Scalar, in cursor: inout Cursor) -> String? {
    if introducer.value == 0x1B {
      guard cursor.next() == "[" else { return nil }
    }
    var parameters = String.UnicodeScalarView()
    while let scalar = cursor.next() {
      switch scalar {
      case "0"..."9", ";", ":": parameters.append(scalar)
      case "m": return String(parameters)
      default: return nil
      }
    }
    return nil
  }

  /// Scalars read one by one, with their place kept (to look ahead and back).
  struct Cursor: IteratorProtocol {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { index >= scalars.count }

    mutating func next() -> Unicode.Scalar? {
      guard index < scalars.count else { return nil }
      defer { index += 1 }
      return scalars[index]
    }
  }
}
