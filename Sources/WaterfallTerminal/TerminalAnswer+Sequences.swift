import WaterfallLayout
import WaterfallView

/// Reading a terminal's answers from the escape sequences ``InputDecoder``
/// swallowed: a control sequence's parameters and final character, or a
/// string's text.
///
/// ```swift
/// TerminalAnswer(control: Array("6;20;10".utf8), final: UInt8(ascii: "t"))   // .cellSize(Size(width: 10, height: 20))
/// TerminalAnswer(string: .apc, body: Array("Gi=31;OK".unicodeScalars.map(\.value)))   // .kittyGraphics(id: 31, message: "OK")
/// ```
extension TerminalAnswer {
  /// The answer a control sequence `ESC [ collected final` is, or nil for one
  /// the program does not read (a cursor position, focus, …).
  init?(control collected: [UInt8], final: UInt8) {
    let text = String(decoding: collected, as: UTF8.self)
    switch (text.first, final) {
    case ("?", UInt8(ascii: "c")):
      guard let numbers = Self.numbers(text.dropFirst()) else { return nil }
      self = .deviceAttributes(numbers)
    case (">", UInt8(ascii: "c")):
      guard let numbers = Self.numbers(text.dropFirst()) else { return nil }
      self = .secondaryDeviceAttributes(numbers)
    case (_, UInt8(ascii: "t")):
      guard let numbers = Self.numbers(Substring(text)), numbers.count == 3, numbers[1] > 0, numbers[2] > 0 else { return nil }
      let size = Size(width: numbers[2], height: numbers[1])
      switch numbers[0] {
      case 6: self = .cellSize(size)
      case 4: self = .windowPixels(size)
      case 8: self = .windowCells(size)
      default: return nil
      }
    case (_, UInt8(ascii: "y")):
      guard text.hasSuffix("$") else { return nil }
      let isPrivate = text.hasPrefix("?")
      guard let numbers = Self.numbers(text.dropFirst(isPrivate ? 1 : 0).dropLast()), numbers.count == 2 else { return nil }
      self = .modeReport(mode: numbers[0], value: numbers[1], isPrivate: isPrivate)
    default:
      return nil
    }
  }

  /// The answer a string whose text is `body` is: an OSC reply whole, kitty's
  /// graphics reply (an APC beginning with `G`), or nil.
  init?(string kind: InputDecoder.StringKind, body: [UInt32]) {
    var text = ""
    text.unicodeScalars.append(contentsOf: body.compactMap(Unicode.Scalar.init))
    switch kind {
    case .osc:
      self = .operatingSystemCommand(text)
    case .apc:
      guard text.hasPrefix("G") else { return nil }
      // G key=value,key=value;message
      let parts = text.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      var id: Int?
      for pair in parts[0].split(separator: ",") where pair.hasPrefix("i=") { id = Int(pair.dropFirst(2)) }
      self = .kittyGraphics(id: id, message: parts.count > 1 ? String(parts[1]) : "")
    case .other:
      return nil
    }
  }

  /// `62;4;22` as numbers (an empty one is left out: `62;` is [62]); nil when
  /// something else is among them.
  private static func numbers(_ text: Substring) -> [Int]? {
    var numbers: [Int] = []
    for part in text.split(separator: ";") {
      guard let number = Int(part), number >= 0 else { return nil }
      numbers.append(number)
    }
    return numbers
  }
}
