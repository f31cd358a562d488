/// How many rows the content moved between two screens, found by matching rows.
///
/// A shift of `k` means row `i` after shows what row `i + k` showed before: `k > 0`
/// is content moving up (scrolling down through the items), `k < 0` moving down.
/// Blank rows say nothing and are not counted. The shift whose rows match most
/// wins, so a status bar or a changed selection on a few rows does not decide it;
/// it counts only when at least half of the rows it lines up match.
///
/// ```swift
/// ScrollShift.rows(before: ["a", "b", "c", "d"], after: ["b", "c", "d", "e"])   // 1
/// ```
enum ScrollShift {
  /// The shift in `-limit...limit` that matches most non-blank rows, or `nil` when
  /// its matches are fewer than half of the non-blank rows it lines up.
  static func rows(before: [String], after: [String], limit: Int? = nil) -> Int? {
    let count = min(before.count, after.count)
    guard count > 0 else { return nil }
    let blank = { (line: String) in line.allSatisfy { $0 == " " } }
    let reach = min(limit ?? count - 1, count - 1)
    var best: (shift: Int, matches: Int, compared: Int) = (0, -1, 0)
    // Zero first, then 1, -1, 2, -2…: ties go to the smallest move.
    for magnitude in 0...reach {
      for shift in magnitude == 0 ? [0] : [magnitude, -magnitude] {
        var matches = 0
        var compared = 0
        for row in 0..<count {
          let source = row + shift
          guard source >= 0, source < count, !blank(after[row]) else { continue }
          compared += 1
          if after[row] == before[source] { matches += 1 }
        }
        if matches > best.matches { best = (shift, matches, compared) }
      }
    }
    return best.compared > 0 && best.matches * 2 >= best.compared ? best.shift : nil
  }
}
