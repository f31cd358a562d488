/// Real pixels from inside tmux: when the pane allows passthrough
/// (`allow-passthrough`, tmux ≥ 3.3), each picture's sequence is wrapped in
/// tmux's passthrough string (`ESC P tmux ;` the sequence with every `ESC`
/// doubled, `ESC \`) and goes to the outer terminal as it is; its cursor moves
/// are then in the outer terminal's coordinates, so cells are offset by the
/// pane's place in the window (`paneTop`, `paneLeft`).
///
/// ```swift
/// TmuxPassthrough.wrap(Array("\u{1B}Pq#0~\u{1B}\\".utf8))
/// // ESC P tmux ; ESC ESC P q # 0 ~ ESC ESC \ ESC \
/// let tmux = TmuxPassthrough.detect(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]) { run($0) }
/// ```
public struct TmuxPassthrough: Hashable, Sendable {
  /// The pane's top row and left column in the window (the outer terminal's screen).
  public var paneTop: Int
  public var paneLeft: Int
  /// What the outer terminal shows, as tmux knows it (its `TERM` and the
  /// features tmux found): kitty's protocol, sixel, or neither.
  public var outer: GraphicsSupport

  public init(paneTop: Int, paneLeft: Int, outer: GraphicsSupport = .none) {
    self.paneTop = paneTop
    self.paneLeft = paneLeft
    self.outer = outer
  }

  /// `bytes` in one passthrough string: `ESC P tmux ;`, `bytes` with every `ESC`
  /// doubled, `ESC \`.
  public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
    var out = Array("\u{1B}Ptmux;".utf8)
    out.reserveCapacity(bytes.count + bytes.count / 64 + 10)
    for byte in bytes {
      if byte == 0x1B { out.append(0x1B) }
      out.append(byte)
    }
    return out + [0x1B, 0x5C]
  }

  /// `bytes` cut after each string terminator (`ESC \`) and each piece wrapped
  /// alone: tmux keeps a passthrough string whole in memory (and drops one past
  /// its limit), so kitty's many chunks go one by one.
  public static func wrapEach(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    var index = 1
    while index < bytes.count {
      if bytes[index - 1] == 0x1B, bytes[index] == 0x5C {
        out += wrap(Array(bytes[start...index]))
        start = index + 1
        index += 2
      } else {
        index += 1
      }
    }
    if start < bytes.count { out += wrap(Array(bytes[start...])) }
    return out
  }

  /// Inside tmux (`TMUX` set) with `allow-passthrough` on (or `all`): where the
  /// pane is and what the outer terminal shows; `nil` outside tmux, with
  /// passthrough off, or when tmux does not answer. `run` runs a tmux command
  /// (arguments after `tmux`) and gives its output.
  public static func detect(environment: [String: String], run: ([String]) -> String?) -> TmuxPassthrough? {
    guard environment["TMUX"] != nil else { return nil }
    guard let allowed = run(["show", "-Av", "allow-passthrough"]),
      ["on", "all"].contains(allowed.filter { !$0.isWhitespace })
    else { return nil }
    guard let shown = run(["display", "-p", "#{pane_top}|#{pane_left}|#{client_termname}|#{client_termfeatures}"])
    else { return nil }
    let fields = shown.filter { !$0.isNewline }.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 4, let top = Int(fields[0]), let left = Int(fields[1]) else { return nil }
    let features = fields[3].split(separator: ",").map(String.init)
    let outer: GraphicsSupport
    if fields[2] == "xterm-kitty" || fields[2] == "xterm-ghostty" || fields[2] == "wezterm" {
      outer = .kitty
    } else if features.contains("sixel") {
      outer = .sixel
    } else {
      outer = .none
    }
    return TmuxPassthrough(paneTop: top, paneLeft: left, outer: outer)
  }
}
