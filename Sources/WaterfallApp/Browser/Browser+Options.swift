import WaterfallImages
import WaterfallLayout
import WaterfallView

extension Browser {
  /// What the command line says about the cards: the layout and its
  /// parameters, columns, sort, pictures, printing.
  ///
  /// ```swift
  /// var options = Browser.Options()
  /// options.layout = .grid
  /// options.sort = SortOrder(field: "price", descending: true)
  /// ```
  public struct Options: Sendable {
    public var layout: LayoutKind = .waterfall
    /// A fixed column count, or `nil` to follow the width.
    public var columns: Int?
    /// The narrowest card when the column count follows the width: 26 gives three
    /// columns at 80.
    public var minimumCardWidth = 26
    /// The widths `--min-card-width` may take; a wider or narrower option is
    /// refused with a usage message, and the library clamps it here.
    public static let minimumCardWidths = 4...500
    /// ``minimumCardWidth`` clamped to ``minimumCardWidths``, so arithmetic on it
    /// never overflows (`--min-card-width 9223372036854775807`, then `z`).
    ///
    /// ```swift
    /// var options = Browser.Options()
    /// options.minimumCardWidth = .max
    /// options.narrowestCard   // 500
    /// ```
    public var narrowestCard: Int {
      min(max(minimumCardWidth, Self.minimumCardWidths.lowerBound), Self.minimumCardWidths.upperBound)
    }
    /// Large waterfall cards (`z` in the waterfall): columns half as wide again.
    public var largeCards = false
    /// How the waterfall gives items to columns (`--order`); nil: to the
    /// shortest column, or left to right in turn while sorted.
    public var order: ItemOrder?
    /// Whether items are grouped into sections (`--group-by`), by the store's group field.
    public var groups = false
    /// Whether switching layouts animates (`--no-animation` turns it off).
    public var animates = true
    /// Direction, spacing, insets and per-group columns (`--direction`, …).
    public var parameters = LayoutParameters()
    /// Enter prints the selected item and quits (a picker, as fzf is).
    public var printMode = false
    /// Esc on the cards, with no search to clear, goes back to the list they
    /// were opened from (``BrowserAction/back``: a server's picker) instead of
    /// quitting; `q` still quits.
    public var escapeGoesBack = false
    /// Whether items can be marked (`-m`), and how many at most (`--multi=MAX`):
    /// nil, marking is off; `Int.max`, no limit.
    public var multi: Int?
    /// What ends each item printed: a newline, or a NUL (`--print0`, for `xargs -0`).
    public var printTerminator: UInt8 = 0x0A
    /// Bare search terms match exactly, `'term` fuzzily (`--exact`).
    public var exactSearch = false
    /// The order to sort the cards in at the start (`--sort price:desc`).
    public var sort: SortOrder?
    public var theme = CardTheme.unicode
    /// The block symbols pictures are drawn with (`--symbols`).
    public var symbols = SymbolSet.standard
    /// Whether pictures are shown at all (`--pictures none`: placeholders only).
    public var showsPictures = true
    /// Real pixels the terminal shows, if any (kitty's protocol or sixel): drawn
    /// over the cells where cards show their pictures whole (`--pictures`); nil:
    /// block symbols only.
    public var pixels: PixelProtocol?
    /// Whether the terminal is asked which real pixels it shows (`--pictures
    /// auto` where the environment does not say), once a card first shows a
    /// picture: until it answers (and when it never does) pictures are block
    /// symbols, then ``pixels`` as it answered. The first frame never waits.
    public var asksForPixels = false
    /// When ``pixels`` go through tmux's passthrough: the pane's top-left cell
    /// in the outer terminal, which places the pictures.
    public var tmuxPane: Point?
    /// Whether pictures named by URL are fetched, and the disk cache they go to
    /// (`--fetch-pictures`, `--cache-size`; a feed read over HTTP turns it on).
    public var remotePictures = RemotePictureOptions()
    /// A warning the status bar keeps saying, whatever else it says (a feed read
    /// with `--insecure`: "TLS certificates not checked").
    public var warning: String?
    /// The keys bound with `--bind`, over the browser's own.
    public var keyMap = KeyMap()
    /// The command whose output shows beside the cards, and where (`--preview`, `--preview-window`).
    public var preview: PreviewOptions?
    /// Text shown above the cards (`--header`), a row a line.
    public var header: String?
    /// The search typed at the start (`--query`), once searches run on workers.
    public var query: String?
    public init() {}

    /// The rows ``header`` takes on a screen `height` rows high: its lines, as
    /// many as leave the cards three rows and the status bar its own.
    public func headerRows(height: Int) -> Int {
      guard let header, !header.isEmpty else { return 0 }
      let lines = header.split(separator: "\n", omittingEmptySubsequences: false).count
      return max(0, min(lines, height - 4))
    }
  }
}
