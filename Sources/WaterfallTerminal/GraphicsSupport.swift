/// How a terminal can show real pixels: the kitty graphics protocol, sixel, or
/// neither (block symbols only).
///
/// ```swift
/// GraphicsSupport.fromEnvironment(["TERM": "xterm-kitty"])   // .kitty
/// GraphicsSupport.fromEnvironment(["TERM": "dumb"])          // GraphicsSupport.none
/// ```
public enum GraphicsSupport: String, Hashable, Sendable {
  case kitty
  case sixel
  case none

  /// What the environment says without asking the terminal, or `nil` when only
  /// asking can tell. `TERM=dumb` (or none) can answer nothing: `.none`. Inside
  /// tmux (`TMUX`) the terminal is not asked (tmux answers for it): `.none` here,
  /// and ``TmuxPassthrough`` says what the outer terminal shows.
  public static func fromEnvironment(_ environment: [String: String]) -> GraphicsSupport? {
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" { return GraphicsSupport.none }
    if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") { return GraphicsSupport.none }
    if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
    if environment["TERM_PROGRAM"] == "WezTerm" || environment["TERM_PROGRAM"] == "ghostty" { return .kitty }
    return nil
  }
}
