import Synchronization

/// The width the waterfall last measured cards at, shared with the threads that
/// read the data: each card scanned is measured there too (``ScannedItem/measure(at:)``),
/// so a whole load's heights are found on the reading threads, both cores, and
/// the main thread lays the cards out without wrapping their text.
///
/// The store sets it when the layout asks a height at a new width
/// (``ItemStore/layoutHeight(at:width:)``); `render` and `layout` set it before
/// reading. Zero means no card is measured while read. A height measured at a
/// width the layout no longer uses is kept as any other (``CardHeights``).
///
/// ```swift
/// let width = MeasuringWidth()
/// var scanner = ItemScanner(roles: roles)
/// scanner.measuring = width
/// width.set(28)                            // the cards are 28 columns wide
/// let item = try scanner.scan(bytes, offset: 0)
/// item.heightWidth                         // 28: item.height is its card's rows
/// ```
public final class MeasuringWidth: Sendable {
  private let value: Atomic<Int>

  public init(_ width: Int = 0) {
    value = Atomic(width)
  }

  /// The width in columns; 0: none.
  public var width: Int { value.load(ordering: .relaxed) }

  /// Measures the cards read from now on at `width` (0: none).
  public func set(_ width: Int) {
    value.store(width, ordering: .relaxed)
  }
}
