import ArgumentParser
import WaterfallApp
import WaterfallImages
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

  /// For the browser: what the terminal shows, as `choice` says; `auto` asks it
  /// (``GraphicsProbe``) unless the environment already says.
  static func apply(_ choice: Choice, to options: inout Browser.Options) {
    switch choice {
    case .none: options.showsPictures = false
    case .blocks: options.pixels = nil
    case .sixel: options.pixels = .sixel
    case .kitty: options.pixels = .kitty
    case .auto:
      switch Self.detect() {
      case .sixel: options.pixels = .sixel
      case .kitty: options.pixels = .kitty
      case .none: options.pixels = nil
      }
    }
  }

  /// kitty's protocol or sixel, as the environment says or the terminal answers
  /// within 200 ms (kitty preferred); nothing is asked of `TERM=dumb`, tmux, or
  /// without a terminal.
  static func detect() -> GraphicsSupport {
    var environment: [String: String] = [:]
    for name in ["TERM", "TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    if let known = GraphicsSupport.fromEnvironment(environment) { return known }
    let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard tty >= 0 else { return .none }
    defer { close(tty) }
    return GraphicsProbe.ask(input: tty, output: tty, milliseconds: 200).answer
  }
}

extension SymbolSet: ExpressibleByArgument {
  public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
