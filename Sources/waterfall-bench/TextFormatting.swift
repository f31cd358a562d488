/// Small text helpers for the benchmark's labels and notes.
extension Int {
  /// `1000000` → `1,000,000`.
  var grouped: String {
    let digits = Array(String(self))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(d)
    }
    return out
  }
}

extension String {
  /// Without leading and trailing spaces.
  var trimmed: String {
    var s = self[...]
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
