/// Spatial navigation among a few frames, for layouts that are not columns: of the
/// candidates lying wholly beyond a frame in a direction, those sharing some of its
/// extent across that direction come first (the nearest, then the one sharing the
/// most); failing any, the nearest of the others.
///
/// ```swift
/// let big = Rect(x: 0, y: 0, width: 10, height: 6)
/// SpatialNeighbor.best(from: big, toward: .right, among: [
///   (IndexPath(item: 1), Rect(x: 10, y: 0, width: 10, height: 3)),
///   (IndexPath(item: 2), Rect(x: 10, y: 3, width: 10, height: 3)),
/// ])   // [0, 1]: both share three rows, the first comes first
/// ```
enum SpatialNeighbor {
  static func best(
    from frame: Rect, toward direction: NavigationDirection, among candidates: [(IndexPath, Rect)]
  ) -> IndexPath? {
    var best: (indexPath: IndexPath, overlap: Int, gap: Int)?
    for (indexPath, other) in candidates {
      let gap: Int
      let overlap: Int
      switch direction {
      case .down: gap = other.minY - frame.maxY
      case .up: gap = frame.minY - other.maxY
      case .right: gap = other.minX - frame.maxX
      case .left: gap = frame.minX - other.maxX
      }
      guard gap >= 0 else { continue }
      switch direction {
      case .up, .down: overlap = max(0, min(frame.maxX, other.maxX) - max(frame.minX, other.minX))
      case .left, .right: overlap = max(0, min(frame.maxY, other.maxY) - max(frame.minY, other.minY))
      }
      if let b = best {
        let better = (overlap > 0) != (b.overlap > 0) ? overlap > 0 : (gap != b.gap ? gap < b.gap : overlap > b.overlap)
        if !better { continue }
      }
      best = (indexPath, overlap, gap)
    }
    return best?.indexPath
  }
}
