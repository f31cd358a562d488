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
    if colors >= ColorPairs.directColors { self = .direct }
    else if colors >= 256 { self = .palette256 }
    else if colors > 0 { self = .basic(colors) }
    else { self = .none }
  }

  /// The terminal description to ask ncurses for instead of `term` when the user's
  /// terminal says it has 24-bit colour (`COLORTERM=truecolor` or `24bit`) and
  /// `term` is a 256-colour description: the family's `-direct` one (`xterm-256color`
  /// becomes `xterm-direct`). `nil` otherwise. The caller falls back to `term` when
  /// that description is not installed (Debian: ncurses-term).
  ///
  /// ```swift
  /// ColorSupport.directTerminalName(term: "xterm-256color", colorterm: "truecolor")   // "xterm-direct"
  /// ```
  public static func directTerminalName(term: String?, colorterm: String?) -> String? {
    guard let term, let colorterm, ["truecolor", "24bit"].contains(colorterm.lowercased()),
      term.hasSuffix("-256color"), let base = term.split(separator: "-").first, !base.isEmpty
    else { return nil }
    return base + "-direct"
  }
}
