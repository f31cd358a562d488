/// A number of bytes in words for messages: `512 bytes`, `32 MiB`, `1.5 GiB`.
///
/// ```swift
/// ByteSize.text(32 << 20)   // "32 MiB"
/// ```
public enum ByteSize {
  public static func text(_ bytes: Int) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB"]
    guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    var value = Double(bytes)
    var unit = -1
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = (value * 10).rounded() / 10
    let number = tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    return "\(number) \(units[unit])"
  }
}

extension ByteSize {
  /// A size as the command line writes it: a number with an optional binary unit
  /// (`K`, `M`, `G`, `T`, also `KB`, `KiB`…, any case), maybe with a fraction;
  /// nil when it is not one.
  ///
  /// ```swift
  /// ByteSize.parse("512M")   // 536_870_912
  /// ByteSize.parse("1.5g")   // 1_610_612_736
  /// ```
  public static func parse(_ text: String) -> Int? {
    var number = Substring(text.trimmingHTTPSpaces())
    var unit = ""
    while let last = number.last, last.isLetter {
      unit = String(last).uppercased() + unit
      number = number.dropLast()
    }
    let shifts: [String: Double] = [
      "": 1, "B": 1, "K": 0x1p10, "KB": 0x1p10, "KIB": 0x1p10, "M": 0x1p20, "MB": 0x1p20, "MIB": 0x1p20,
      "G": 0x1p30, "GB": 0x1p30, "GIB": 0x1p30, "T": 0x1p40, "TB": 0x1p40, "TIB": 0x1p40,
    ]
    let digits = String(number).trimmingHTTPSpaces()
    guard let multiplier = shifts[unit], !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let value = Double(digits), value.isFinite, value * multiplier <= 0x1p62
    else { return nil }
    return Int(value * multiplier)
  }
}
