/// Takes the padding out of a terminfo string: `$<5>`, `$<2*>`, `$<200/>`.
///
/// Terminfo marks the delays a hardware terminal of the 1980s needed after some
/// sequences (`cup=\E[%i%p1%d;%p2%dH$<5>` in vt100's entry); `tputs` turns them
/// into pad characters or a sleep. A terminal emulator needs no delay, and the
/// frame encoder must neither sleep nor send NULs, so every string taken from
/// terminfo (``Curses/terminalStrings(colors:)``, ``Curses/capability(_:)``) has
/// its padding removed, parameters in or not (padding survives `tiparm`).
/// Anything that is not a well-formed delay (`$<` with no digits, no `>`) is
/// left as it is.
///
/// ```swift
/// TerminfoPadding.strip(Array("\u{1B}[5;11H$<5>".utf8))   // ESC [ 5 ; 1 1 H
/// ```
enum TerminfoPadding {
  static func strip(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(UInt8(ascii: "$")) else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if let end = delayEnd(bytes, at: i) {
        i = end
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }

  /// Where the delay that starts at `i` ends (just past its `>`), or nil when
  /// none starts there: `$<`, digits with at most one `.`, then `*` and `/` in
  /// any order, then `>`.
  private static func delayEnd(_ bytes: [UInt8], at i: Int) -> Int? {
    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "$"), bytes[i + 1] == UInt8(ascii: "<") else { return nil }
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    var j = i + 2
    while j < bytes.count, isDigit(bytes[j]) { j += 1 }
    guard j > i + 2 else { return nil }
    if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
      j += 1
      while j < bytes.count, isDigit(bytes[j]) { j += 1 }
    }
    while j < bytes.count, bytes[j] == UInt8(ascii: "*") || bytes[j] == UInt8(ascii: "/") { j += 1 }
    guard j < bytes.count, bytes[j] == UInt8(ascii: ">") else { return nil }
    return j + 1
  }
}
