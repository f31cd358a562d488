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
  /// - Complexity: O(c log n) for c columns (finding the current item, see
  ///   `WaterfallSection.location(ofItem:)`), plus the empty sections skipped when
  ///   crossing into another section.
  ///
  /// When the flow is horizontal it is the same turned a quarter: left and right go
  /// along the row, up and down to the neighbouring rows.
  public func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    flowNeighbor(of: indexPath, toward: isHorizontal ? direction.transposed : direction)
  }

  /// ``neighbor(of:toward:)`` in the flow's terms (down is along a column).
  private func flowNeighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    guard sections.indices.contains(indexPath.section),
      let (column, position) = sections[indexPath.section].location(ofItem: indexPath.item)
    else { return nil }
    let section = sections[indexPath.section]
    let current = section.frame(column: column, position: position)
    let entries = section.columns[column].entries

    switch direction {
    case .up:
      if position > 0 { return IndexPath(item: Int(entries[position - 1].item), section: indexPath.section) }
      return crossing(from: indexPath.section, step: -1, middleX: current.midX)
    case .down:
      if position + 1 < entries.count {
        return IndexPath(item: Int(entries[position + 1].item), section: indexPath.section)
      }
      return crossing(from: indexPath.section, step: 1, middleX: current.midX)
    case .left, .right:
      let target = column + (direction == .left ? -1 : 1)
      guard target >= 0, target < section.columnCount, !section.columns[target].isEmpty else { return nil }
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
      for column in 0..<section.columnCount where !section.columns[column].isEmpty {
        let x = section.x(ofColumn: column)
        let distance = middleX < x ? x - middleX : (middleX >= x + section.itemWidth ? middleX - (x + section.itemWidth - 1) : 0)
        if best.map({ distance < $0.distance }) ?? true { best = (column, distance) }
      }
      if let best {
        let entries = section.columns[best.column].entries
        return IndexPath(item: Int(step > 0 ? entries[0].item : entries[entries.count - 1].item), section: index)
      }
      index += step
    }
    return nil
  }

  /// The item of `column` that covers `frame`'s middle row, else shares the most
  /// rows with `frame`, else is nearest to it.
  private func closest(inColumn column: Int, of section: WaterfallSection, to frame: Rect) -> Int {
    let stack = section.columns[column]
    let entries = stack.entries
    let spacing = stack.spacing
    let middle = frame.midY
    var k = stack.firstIndex(endingAfter: frame.minY)
    var top = stack.top(at: k)
    var best: (item: Int, covers: Bool, overlap: Int)?
    while k < entries.count {
      let entry = entries[k]
      let bottom = top + Int(entry.height)
      if top >= frame.maxY { break }
      let overlap = min(bottom, frame.maxY) - max(top, frame.minY)
      let covers = top <= middle && middle < bottom
      if let b = best, (b.covers && !covers) || (b.covers == covers && b.overlap >= overlap) {
        // keep the earlier, better one
      } else {
        best = (Int(entry.item), covers, overlap)
      }
      top = bottom + spacing
      k += 1
    }
    if let best { return best.item }
    // Nothing shares a row: the nearest item above or below. Entry k starts at
    // `top`, and entry k - 1 ends a spacing above it.
    let below = k < entries.count ? (item: Int(entries[k].item), y: top) : nil
    let above = k > 0 ? (item: Int(entries[k - 1].item), bottom: top - spacing) : nil
    switch (above, below) {
    case (let a?, let b?):
      return frame.minY - a.bottom <= b.y - frame.maxY ? a.item : b.item
    case (let a?, nil): return a.item
    case (nil, let b?): return b.item
    case (nil, nil): return Int(entries[0].item)
    }
  }
}
