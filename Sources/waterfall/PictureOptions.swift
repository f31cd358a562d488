import ArgumentParser
import WaterfallApp
import WaterfallImages

/// Options saying how pictures are drawn: `--symbols half|quad|sextant`.
///
/// ```swift
/// var options = Browser.Options()
/// pictureOptions.apply(to: &options)   // options.symbols == .sextant after --symbols sextant
/// ```
struct PictureOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Block symbols pictures are drawn with: half, quad (the default: every common font has them) or sextant (finest; needs a font or terminal that draws U+1FB00).", valueName: "set"))
  var symbols: SymbolSet = .standard

  func apply(to options: inout Browser.Options) {
    options.symbols = symbols
  }
}

extension SymbolSet: ExpressibleByArgument {
  public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
