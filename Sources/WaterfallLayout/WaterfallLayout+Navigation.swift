extension WaterfallLayout {
  /// The item the selection moves to from `indexPath` in `direction`, or `nil`
  /// when there is none that way.
  ///
  /// - Up and down go to the previous and next item of the same column. Past the
  ///   top or bottom of a section they continue in the nearest non-empty section,
  ///   in the column nearest to the current item's middle (its last item going
  ///   up, its first going down).
  /// - Left and right go to the neighbouring column of the same section: to its item
  ///   that covers the current item's middle row; failing that, the one sharing
  ///   the most rows with the current item; failing that, the nearest.
  ///
  /// - Complexity: O(log n) within a section, plus the empty sections skipped.
  public func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    guard sections.indices.contains(indexPath.section), indexPath.item >= 0,
      indexPath.item < sections[indexPath.section].count
    else { return nil }
    let section = sections[indexPath.section]
    let current = section.frame(ofItem: indexPath.item)
    let column = Int(section.items[indexPath.item].column)
    let list = section.columnItems[column]
    let position = Self.position(of: Int32(indexPath.item), in: list)

    switch direction {
    case .up:
      if position > 0 { return IndexPath(item: Int(list[position - 1]), section: indexPath.section) }
      return crossing(from: indexPath.section, step: -1, middleX: current.midX)
    case .down:
      if position + 1 < list.count { return IndexPath(item: Int(list[position + 1]), section: indexPath.section) }
      return crossing(from: indexPath.section, step: 1, middleX: current.midX)
    case .left, .right:
      let target = column + (direction == .left ? -1 : 1)
      guard target >= 0, target < section.columnCount, !section.columnItems[target].isEmpty else { return nil }
      return IndexPath(item: closest(inColumn: target, of: section, to: current), section: indexPath.section)
    }
  }

  /// The first item (going down) or last item (going up) of the nearest non-empty
  /// section past `start`, in the column nearest to `middleX`.
  private func crossing(from start: Int, step: Int, middleX: Int) -> IndexPath? {
    var index = start + step
    while sections.indices.contains(index) {
      let section = sections[index]
      var best: (column: Int, distance: Int)?
      for column in 0..<section.columnCount where !section.columnItems[column].isEmpty {
        let x = section.x(ofColumn: column)
        let distance = middleX < x ? x - middleX : (middleX >= x + section.itemWidth ? middleX - (x + section.itemWidth - 1) : 0)
        if best == nil || distance < best!.distance { best = (column, distance) }
      }
      if let best {
        let list = section.columnItems[best.column]
        return IndexPath(item: Int(step > 0 ? list.first! : list.last!), section: index)
      }
      index += step
    }
    return nil
  }

  /// The item of `column` that covers `frame`'s middle row, else shares the most
  /// rows with `frame`, else is nearest to it.
  private func closest(inColumn column: Int, of section: WaterfallSection, to frame: Rect) -> Int {
    let list = section.columnItems[column]
    let middle = frame.midY
    var k = section.firstItem(inColumn: column, endingAfter: frame.minY)
    var best: (item: Int, covers: Bool, overlap: Int)?
    while k < list.count {
      let item = Int(list[k])
      let placed = section.items[item]
      if placed.y >= frame.maxY { break }
      let overlap = min(placed.bottom, frame.maxY) - max(placed.y, frame.minY)
      let covers = placed.y <= middle && middle < placed.bottom
      if let b = best, (b.covers && !covers) || (b.covers == covers && b.overlap >= overlap) {
        // keep the earlier, better one
      } else {
        best = (item, covers, overlap)
      }
      k += 1
    }
    if let best { return best.item }
    // Nothing shares a row: the nearest item above or below.
    let below = k < list.count ? Int(list[k]) : nil
    let above = k > 0 ? Int(list[k - 1]) : nil
    switch (above, below) {
    case (let a?, let b?):
      let distanceAbove = frame.minY - section.items[a].bottom
      let distanceBelow = section.items[b].y - frame.maxY
      return distanceAbove <= distanceBelow ? a : b
    case (let a?, nil): return a
    case (nil, let b?): return b
    case (nil, nil): return Int(list[0])
    }
  }

  /// The position of `item` in a column list; lists hold item indices in
  /// increasing order.
  static func position(of item: Int32, in list: [Int32]) -> Int {
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) / 2
      if list[mid] < item { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
