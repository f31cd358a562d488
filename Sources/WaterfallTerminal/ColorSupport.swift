/// The colours a terminal shows: none, a few basic ones, the 256-colour palette, or
/// any 24-bit colour (direct colour).
///
/// ```swift
/// switch session.colorSupport {
/// case .direct: mode = .truecolor
/// case .palette256: mode = .palette256
/// case .none, .basic: mode = nil   // pictures stay placeholders
/// }
/// ```
public enum ColorSupport: Hashable, Sendable {
  case none
  /// Fewer than 256 colours (8 or 16, usually).
  case basic(Int)
  case palette256
  case direct

  /// The support that `colors` colours give.
  init(colors: Int) {
    if colors >= TerminalColor.directColors { self = .direct }
    else if colors >= 256 { self = .palette256 }
    else if colors > 0 { self = .basic(colors) }
    else { self = .none }
  }

  /// Whether the terminal says it has 24-bit colour (`COLORTERM=truecolor` or
  /// `24bit`) while `term` does not describe it so: the session then starts
  /// ncurses with a description made for the purpose (``DirectColorTerminfo``).
  /// `false` for a `-direct` description (already 24-bit) and for a `term` whose
  /// name could not be a terminfo entry's.
  ///
  /// ```swift
  /// ColorSupport.wantsDirectColor(term: "xterm-256color", colorterm: "truecolor")   // true
  /// ColorSupport.wantsDirectColor(term: "xterm-256color", colorterm: nil)           // false
  /// ```
  public static func wantsDirectColor(term: String?, colorterm: String?) -> Bool {
    guard let term, let colorterm, ["truecolor", "24bit"].contains(colorterm.lowercased()) else { return false }
    return DirectColorTerminfo.isEntryName(term) && !term.hasSuffix("-direct") && term != "dumb"
  }
}
