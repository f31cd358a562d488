import ArgumentParser
import WaterfallApp
import WaterfallImages
import WaterfallLayout
import WaterfallTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Options saying how pictures are drawn: `--symbols half|quad|sextant`; the
/// browser's `--pictures auto|sixel|blocks|none` is a ``Choice`` (`render` has a
/// `--pictures` flag of its own).
///
/// ```swift
/// var options = Browser.Options()
/// pictureOptions.apply(to: &options)   // options.symbols == .sextant after --symbols sextant
/// ```
struct PictureOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Block symbols pictures are drawn with: half, quad (the default: every common font has them) or sextant (finest; needs a font or terminal that draws U+1FB00).", valueName: "set"))
  var symbols: SymbolSet = .standard

  /// What `--pictures` names: real pixels where the terminal shows them, sixel,
  /// block symbols only, or no pictures.
  enum Choice: String, CaseIterable, ExpressibleByArgument {
    case auto, kitty, sixel, blocks, none
  }

  func apply(to options: inout Browser.Options) {
    options.symbols = symbols
  }

  /// For the browser: what the terminal shows, as `choice` says; `auto` takes
  /// what the environment says, or has the browser ask the terminal
  /// (``Browser/Options/asksForPixels``, ``GraphicsProbe``) once a picture is to
  /// be shown, drawing block symbols meanwhile. Inside tmux,
  /// real pixels only when the pane allows passthrough (``TmuxPassthrough``):
  /// `auto` then takes what tmux knows of the outer terminal.
  static func apply(_ choice: Choice, to options: inout Browser.Options) {
    let environment = Self.environment()
    let tmux = TmuxPassthrough.detect(environment: environment, run: Self.tmux)
    if environment["TMUX"] != nil, choice == .sixel || choice == .kitty || choice == .auto {
      // Without passthrough tmux would swallow the pictures: blocks.
      guard let tmux else {
        options.pixels = nil
        return
      }
      options.tmuxPane = Point(x: tmux.paneLeft, y: tmux.paneTop)
    }
    switch choice {
    case .none: options.showsPictures = false
    case .blocks: options.pixels = nil
    case .sixel: options.pixels = .sixel
    case .kitty: options.pixels = .kitty
    case .auto:
      switch tmux?.outer ?? GraphicsSupport.fromEnvironment(environment) {
      case .sixel: options.pixels = .sixel
      case .kitty: options.pixels = .kitty
      case .some(.none): options.pixels = nil
      case nil:
        // Only the terminal can say; it is asked without waiting.
        options.pixels = nil
        options.asksForPixels = true
      }
    }
    if options.pixels == nil { options.tmuxPane = nil }
  }

  /// The variables that say what the terminal is.
  static func environment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["TERM", "TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
  }

  /// The output of `tmux` with `arguments` (its errors dropped), or `nil` when it
  /// failed.
  static func tmux(_ arguments: [String]) -> String? {
    // Single quotes keep `#{…}` and `|` from the shell; no argument has one.
    let quoted = arguments.map { "'\($0)'" }
    guard let pipe = popen("tmux " + quoted.joined(separator: " ") + " 2>/dev/null", "r") else { return nil }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = fread(&buffer, 1, buffer.count, pipe)
      if n <= 0 { break }
      output += buffer[0..<n]
    }
    guard pclose(pipe) == 0 else { return nil }
    return String(decoding: output, as: UTF8.self)
  }
}

extension SymbolSet: ExpressibleByArgument {
  public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
