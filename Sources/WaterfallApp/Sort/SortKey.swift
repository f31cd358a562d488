/// What an item sorts by: a number (a JSON number, or text that reads as one,
/// such as a price `¥224.50`, `$1,299.00` or `12 kg`), else its text without
/// case, else nothing (no such field, or null), which always sorts last.
///
/// ```swift
/// SortKey(text: "¥224.50")   // .number(224.5)
/// SortKey(text: "Oak")       // .text("oak")
/// ```
public enum SortKey: Sendable, Equatable {
  case number(Double)
  case text(String)
  case missing

  /// The key of a JSON value: numbers and numeric text as numbers.
  public init(_ value: JSONValue?) {
    switch value {
    case .number(let literal): self = Double(literal).map(SortKey.number) ?? .text(literal)
    case .string(let s): self = SortKey(text: s)
    case .bool(let b): self = .text(b ? "true" : "false")
    case .array(let values): self = values.first.map { SortKey($0) } ?? .missing
    case .null, .object, nil: self = .missing
    }
  }

  /// The key of a text: a number when it is one with at most a short unit or
  /// currency before or after it (`$`, `US$`, `€`, `kg`); thousands separated by
  /// commas are read as such.
  public init(text: String) {
    if let number = Self.number(in: text) {
      self = .number(number)
    } else {
      self = text.isEmpty ? .missing : .text(text.lowercased())
    }
  }

  static func number(in text: String) -> Double? {
    let scalars = Array(text.unicodeScalars)
    func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
    guard let first = scalars.firstIndex(where: isDigit) else { return nil }
    var start = first
    if start > 0, scalars[start - 1] == "-" || scalars[start - 1] == "." { start -= 1 }
    if start > 0, scalars[start - 1] == "-" { start -= 1 }
    var end = first
    while end < scalars.count, isDigit(scalars[end]) || scalars[end] == "." || scalars[end] == "," { end += 1 }
    let before = scalars[..<start].filter { $0 != " " }
    let after = scalars[end...].filter { $0 != " " }
    // A unit or currency of a few non-digits, never a word of text.
    guard before.count <= 3, after.count <= 3, !before.contains(where: isDigit), !after.contains(where: isDigit) else { return nil }
    var digits = String(String.UnicodeScalarView(scalars[start..<end]))
    if digits.hasSuffix(".") || digits.hasSuffix(",") { digits.removeLast() }
    return Double(digits.replacingOccurrences(of: ",", with: ""))
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
