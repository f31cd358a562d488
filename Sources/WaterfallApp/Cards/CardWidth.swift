import WaterfallLayout

/// A card's width in a horizontal waterfall, whose rows are `height` tall: a
/// picture's shape at the rows its picture gets, or the narrowest width at which
/// its text fits, within the widths cards may take. One rule for the view
/// (``CardDataSource``) and the layout worker (``CardSnapshot``).
///
/// ```swift
/// let width = CardWidth.fitting(content, height: 9, within: 13...52) { store.cardHeight(at: item, width: $0) }
/// ```
enum CardWidth {
  /// The width of the card showing `content` in rows `height` tall;
  /// `heightAt` says the card's height at a width.
  static func fitting(
    _ content: CardContent, height: Int, within widths: ClosedRange<Int>, heightAt: (Int) -> Int
  ) -> Int {
    if let aspect = content.aspect {
      // Borders, a title line, the subtitle and tags: the picture gets the rest.
      let textRows = 3 + (content.subtitle == nil ? 0 : 1) + (content.tags.isEmpty ? 0 : 1)
      let pictureRows = max(CardPlan.imageRows.lowerBound, height - textRows)
      let shaped = ItemSize.aspect(width: aspect.width, height: aspect.height).width(forHeight: pictureRows, aspectCorrection: 0.5)
      let inner = min(shaped, PictureArea.largest(aspect).width)  // at most about twice its size
      return min(max(inner + 2, widths.lowerBound), widths.upperBound)
    }
    // A card's height only shrinks as it widens: the narrowest width that fits.
    var low = widths.lowerBound
    var high = widths.upperBound
    while low < high {
      let mid = (low + high) / 2
      if heightAt(mid) <= height { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
