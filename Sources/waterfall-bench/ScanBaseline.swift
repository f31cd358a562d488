import WaterfallLayout

/// The layout of the seed implementations: every frame in one array, a query scans
/// all of them, and an append recomputes everything. The benchmark's baseline.
struct ScanBaseline {
  var frames: [Rect] = []

  /// Recomputes every frame: shortest column first, as `WaterfallLayout` does.
  mutating func prepare(width: Int, columns: Int, heights: [Int]) {
    let itemWidth = max(1, width / columns)
    var bottoms = [Int](repeating: 0, count: columns)
    frames.removeAll(keepingCapacity: true)
    for height in heights {
      var column = 0
      for c in 1..<columns where bottoms[c] < bottoms[column] { column = c }
      frames.append(Rect(x: column * itemWidth, y: bottoms[column], width: itemWidth, height: height))
      bottoms[column] += height
    }
  }

  func attributes(in rect: Rect) -> [Rect] {
    frames.filter { $0.intersects(rect) }
  }
}
