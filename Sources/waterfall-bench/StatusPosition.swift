/// The "n/N" position a status bar shows (the selected item and the count), read
/// from its text.
///
/// The first run of digits, a slash and digits counts; digits may be grouped with
/// commas, dots, apostrophes, underscores or thin spaces (`1,000,000/1,000,000`), so the figure still
/// reads when the status bar learns to group them.
///
/// ```swift
/// StatusPosition(parsing: " 12/1000000 │ 7 cols · waterfall")   // (12, 1000000)
/// ```
struct StatusPosition: Equatable {
  var index: Int
  var total: Int

  init(index: Int, total: Int) {
    self.index = index
    self.total = total
  }

  init?(parsing text: String) {
    let characters = Array(text)
    var i = 0
    while i < characters.count {
      guard Self.digit(characters, i) != nil else {
        i += 1
        continue
      }
      let (left, afterLeft) = Self.number(characters, from: i)
      // A window of a database's rows says its total is estimated: `~9,999,500/~10,000,000`.
      let rightStart = afterLeft + (afterLeft + 1 < characters.count && characters[afterLeft + 1] == "~" ? 2 : 1)
      if afterLeft < characters.count, characters[afterLeft] == "/",
        Self.digit(characters, rightStart) != nil
      {
        let (right, _) = Self.number(characters, from: rightStart)
        self.init(index: left, total: right)
        return
      }
      i = max(afterLeft, i + 1)
    }
    return nil
  }

  /// Whether the last of all the items is selected.
  var isAtEnd: Bool { total > 0 && index == total }

  /// The number starting at `start` and the index after it; a separator counts
  /// only when a group of exactly three digits follows it.
  private static func number(_ characters: [Character], from start: Int) -> (Int, Int) {
    var value = 0
    var i = start
    while i < characters.count {
      if let digit = digit(characters, i) {
        value = value * 10 + digit
        i += 1
      } else if separators.contains(characters[i]), isGroup(characters, at: i + 1) {
        i += 1
      } else {
        break
      }
    }
    return (value, i)
  }

  private static let separators: Set<Character> = [",", ".", "'", "_", "\u{2009}", "\u{202F}"]

  private static func digit(_ characters: [Character], _ i: Int) -> Int? {
    guard i < characters.count, characters[i].isASCII else { return nil }
    return characters[i].wholeNumberValue
  }

  private static func isGroup(_ characters: [Character], at i: Int) -> Bool {
    (0..<3).allSatisfy { digit(characters, i + $0) != nil } && digit(characters, i + 3) == nil
  }
}
