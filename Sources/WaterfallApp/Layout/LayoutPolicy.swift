import WaterfallLayout
import WaterfallView

/// Which layout the cards get for the browser's options and screen size: the
/// column count and the layout object, a pure function of its inputs, tested
/// without a view.
///
/// ```swift
/// let policy = LayoutPolicy(options: Browser.Options(), size: Size(width: 80, height: 24))
/// policy.columns                                          // 3
/// policy.makeLayout(sectionCount: 1, hasFooter: true)     // a 3-column WaterfallLayout
/// ```
public struct LayoutPolicy: Sendable {
  /// The column counts `+` and `-` move between.
  public static let columnRange = 1...12

  public var options: Browser.Options
  public var size: Size
  /// The `table` layout's column widths, left to right (``TableColumns/widths``).
  public var tableColumnWidths: [Int] = []
  /// Whether the cards are sorted: the waterfall then places them in reading
  /// order unless `--order` says otherwise (``itemOrder``).
  public var isSorted = false
  /// The preview panel's place while it shows (`--preview-window`): the cards get the rest.
  public var preview: PreviewWindow?

  public init(options: Browser.Options, size: Size) {
    self.options = options
    self.size = size
    if let window = options.preview?.window, !window.hidden { preview = window }
  }

  /// The screen but the status bar and `--header`'s rows.
  var contentFrame: Rect {
    let header = options.headerRows(height: size.height)
    return Rect(x: 0, y: header, width: size.width, height: max(0, size.height - 1 - header))
  }

  /// Where the cards go (and the details): ``contentFrame`` but the preview panel.
  public var screenFrame: Rect { preview?.split(contentFrame).cards ?? contentFrame }

  /// The width of a card in the vertical waterfall this policy makes on its
  /// screen, one section: what `render` and `layout` measure cards at while
  /// they read (``MeasuringWidth``), before the browser is made.
  ///
  /// ```swift
  /// LayoutPolicy(options: Browser.Options(), size: Size(width: 120, height: 40)).cardWidth   // 29
  /// ```
  public var cardWidth: Int { cardWidth(in: screenFrame.size) }

  /// The width of a card in the vertical waterfall this policy makes in a
  /// view of `size` (0 for another layout).
  func cardWidth(in size: Size) -> Int {
    let layout = makeLayout(sectionCount: 1, hasFooter: false)
    layout.prepare(size: size, source: FixedLayoutSource(heights: []))
    return (layout as? WaterfallLayout)?.itemWidth(inSection: 0) ?? 0
  }

  /// The preview panel's rect, while it shows and the screen has room for it.
  public var previewFrame: Rect? {
    guard let panel = preview?.split(contentFrame).panel, !panel.isEmpty else { return nil }
    return panel
  }

  /// The rows of cards the smallest screen still gives a horizontal waterfall.
  static let minimumRowHeight = 9

  /// Whether the cards flow sideways: the waterfall and the grids with
  /// `--direction horizontal`, and the carousel.
  public var isHorizontal: Bool {
    switch options.layout {
    case .waterfall, .grid, .gridLarge: return options.parameters.direction == .horizontal
    case .line: return true
    case .list, .table, .circle, .mosaic: return false
    }
  }

  /// The height the cards get: the screen less the status line, `--header` and the preview.
  var viewHeight: Int { max(1, screenFrame.height) }

  /// The column count (rows, for a horizontal waterfall): the fixed one, or as
  /// many of the narrowest cards (lowest rows) as fit.
  public var columns: Int {
    if let fixed = options.columns { return fixed }
    if isHorizontal {
      let rows = (viewHeight + 1) / (Self.minimumRowHeight + 1)
      return min(max(rows, Self.columnRange.lowerBound), Self.columnRange.upperBound)
    }
    let minimum = options.largeCards ? options.narrowestCard * 3 / 2 : options.narrowestCard
    let fitting = (screenFrame.width + 1) / (minimum + 1)
    return min(max(fitting, Self.columnRange.lowerBound), Self.columnRange.upperBound)
  }

  /// How the waterfall gives cards to columns: `--order`'s way; without it,
  /// each to the shortest column, or left to right in turn when sorted, so
  /// that the order reads row by row (DECISIONS.md, "Layouts").
  public var itemOrder: ItemOrder {
    options.order ?? (isSorted ? .leftToRight : .shortestFirst)
  }

  /// Whether a change of width alone changes the layout, though the column
  /// count stays (the grids fit their cards to the width).
  public var followsWidth: Bool { options.layout != .waterfall && options.layout != .list }

  /// Whether a change of height alone changes the layout: rows share it when
  /// horizontal, and the carousel and the circle fit the screen.
  public var followsHeight: Bool { isHorizontal || options.layout == .circle }

  /// The carousel's middle card: a third of the width (26 to 48 columns), all
  /// the height but a row above and below.
  var lineCardSize: Size {
    Size(width: min(max(options.narrowestCard, screenFrame.width / 3), 48), height: max(3, viewHeight - 2))
  }

  /// The layout for `sectionCount` sections; `hasFooter` puts the one-row
  /// footer ("Loading more…", "End · N items") under the last section (a strip
  /// at the right end, when horizontal). `sectionKeys` name the sections' groups,
  /// for `--group-columns`. The carousel, the circle and the mosaic have neither
  /// headers nor footer.
  public func makeLayout(sectionCount: Int, hasFooter: Bool, sectionKeys: [String?] = []) -> any CollectionLayout {
    let parameters = options.parameters
    // The flow's spacings: across it and along it. Sideways, cards side by side
    // are along the flow, so --column-spacing is its spacing along.
    let (across, along) =
      isHorizontal
      ? (parameters.rowSpacing, parameters.columnSpacing) : (parameters.columnSpacing, parameters.rowSpacing)
    let layout: WaterfallLayout
    switch options.layout {
    case .waterfall:
      layout = WaterfallLayout(
        columnCount: columns, columnSpacing: across, rowSpacing: along, sectionInsets: parameters.insets, itemOrder: itemOrder, scrollDirection: isHorizontal ? .horizontal : .vertical)
    case .grid, .gridLarge:
      var itemSize = options.layout == .grid ? GridLayout.small : GridLayout.large
      if let fixed = options.columns { itemSize.width = max(8, (screenFrame.width + 1) / fixed - 1) }
      layout = GridLayout(
        itemSize: itemSize, columnSpacing: across, rowSpacing: along, sectionInsets: parameters.insets)
      layout.scrollDirection = isHorizontal ? .horizontal : .vertical
    case .list:
      layout = ListLayout(rowSpacing: parameters.rowSpacing, sectionInsets: parameters.insets)
    case .line:
      return LineLayout(itemSize: lineCardSize, spacing: max(1, parameters.columnSpacing), minimumItemSize: Size(width: 12, height: 5))
    case .circle:
      return CircleLayout(itemSize: Size(width: 16, height: 5), frontItemSize: Size(width: 28, height: 11))
    case .mosaic:
      return MosaicLayout(columnSpacing: parameters.columnSpacing, rowSpacing: parameters.rowSpacing)
    case .table:
      // The header row sticks; with groups, each group's rule above it.
      let table = TableLayout(columnWidths: tableColumnWidths, headerHeight: options.groups ? 2 : 1)
      if hasFooter, sectionCount > 0 { table.sectionStyles[sectionCount - 1, default: SectionStyle()].footerHeight = 1 }
      return table
    }
    // A header or footer across the flow is a row; along a horizontal one, a
    // strip wide enough for its words.
    let barExtent = isHorizontal ? 16 : 1
    if options.groups {
      layout.headerHeight = barExtent
      layout.pinsHeaders = true
      for (section, key) in sectionKeys.enumerated() {
        if let key, let count = parameters.groupColumns[key] {
          layout.sectionStyles[section, default: SectionStyle()].columnCount = count
        }
      }
    }
    if hasFooter, sectionCount > 0 {
      layout.sectionStyles[sectionCount - 1, default: SectionStyle()].footerHeight = barExtent
    }
    return layout
  }
}
