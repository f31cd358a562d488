/// Small text helpers for the benchmark's labels and notes (numbers are grouped
/// by WaterfallApp's `Int.grouped`).
extension String {
  /// Without leading and trailing spaces.
  var trimmed: String {
    var s = self[...]
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
