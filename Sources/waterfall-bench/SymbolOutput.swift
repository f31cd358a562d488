import WaterfallImages
import WaterfallView

/// Block-symbol output read back into cells: what another program (chafa) printed,
/// its SGR colours (`38;2`, `48;2`, `38;5`, `48;5`, `7` reverse, `0` reset) and its
/// characters, each one mapped to the ``SymbolCell`` mask it draws. Other control
/// sequences are skipped; a character no symbol set has counts as ``unknown`` and
/// is read as its background.
///
/// ```swift
/// let output = SymbolOutput(bytes: Array("\u{1B}[38;2;255;0;0;48;2;0;0;255m▘\n".utf8))
/// output.lines[0][0]   // SymbolCell(mask: quadrant 1, foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))
/// ```
struct SymbolOutput {
  /// The lines that hold cells, in order.
  var lines: [[SymbolCell]] = []
  /// Characters that are not a block symbol.
  var unknown = 0

  init(bytes: [UInt8]) {
    var foreground = Color.default
    var background = Color.default
    var reverse = false
    var line: [SymbolCell] = []
    var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\u{1B}":
        guard let next = scalars.next(), next == "[" else { continue }
        var parameters = ""
        var final: Unicode.Scalar = "m"
        while let c = scalars.next() {
          if (0x40...0x7E).contains(c.value) {
            final = c
            break
          }
          parameters.unicodeScalars.append(c)
        }
        guard final == "m" else { continue }
        Self.apply(parameters, &foreground, &background, &reverse)
      case "\n":
        if !line.isEmpty { lines.append(line) }
        line = []
      case "\r":
        continue
      default:
        var mask = SymbolCell.mask(of: scalar) ?? 0
        if SymbolCell.mask(of: scalar) == nil { unknown += 1 }
        if mask > SymbolCell.full { mask = 0 }
        let (f, b) = reverse ? (background, foreground) : (foreground, background)
        line.append(SymbolCell(mask: mask, foreground: f, background: b))
      }
    }
    if !line.isEmpty { lines.append(line) }
  }

  private static func apply(_ parameters: String, _ foreground: inout Color, _ background: inout Color, _ reverse: inout Bool) {
    let values = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    var i = 0
    while i < values.count {
      switch values[i] {
      case 0:
        foreground = .default
        background = .default
        reverse = false
      case 7: reverse = true
      case 27: reverse = false
      case 39: foreground = .default
      case 49: background = .default
      case 38, 48:
        var color: Color?
        if i + 4 < values.count, values[i + 1] == 2 {
          color = .rgb(UInt8(clamping: values[i + 2]), UInt8(clamping: values[i + 3]), UInt8(clamping: values[i + 4]))
          i += 4
        } else if i + 2 < values.count, values[i + 1] == 5 {
          color = .indexed(UInt8(clamping: values[i + 2]))
          i += 2
        }
        if let color {
          if values[i - (color.isRGB ? 4 : 2)] == 38 { foreground = color } else { background = color }
        }
      default: break
      }
      i += 1
    }
  }
}

extension Color {
  fileprivate var isRGB: Bool {
    if case .rgb = self { return true }
    return false
  }
}
