extension Int {
  /// The number with its thousands grouped, as the status bar writes it.
  ///
  /// ```swift
  /// 1234567.grouped   // "1,234,567"
  /// ```
  var grouped: String {
    let digits = Array(String(self))
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }
}
