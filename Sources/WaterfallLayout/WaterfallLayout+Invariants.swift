extension WaterfallLayout {
  /// What is wrong with the laid-out frames, if anything: an empty list means every
  /// invariant holds.
  ///
  /// The invariants: sections are stacked in order without overlap; in each section
  /// every item is placed exactly once, inside the content width and below the
  /// header; the columns do not overlap one another, the items of a column do not
  /// overlap, and the footer is below every item. Tests call this after every
  /// prepare and append.
  ///
  /// Each item is also looked up (`WaterfallSection.location(ofItem:)`) and must be
  /// found where its column holds it.
  ///
  /// - Complexity: O(n c log n) for n items and c columns.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    var previousBottom = 0
    for (index, section) in sections.enumerated() {
      let name = "section \(index)"
      if section.top != previousBottom { problems.append("\(name) starts at \(section.top), not \(previousBottom)") }
      if section.bottom < section.top { problems.append("\(name) ends above its top") }
      previousBottom = section.bottom
      if let header = section.header, header.maxY > section.itemsTop {
        problems.append("\(name) header overlaps its items")
      }
      var seen = [Bool](repeating: false, count: section.count)
      for column in 0..<section.columnCount {
        let x = section.x(ofColumn: column)
        if x < 0 || x + section.itemWidth > section.width {
          problems.append("\(name) column \(column) spans \(x)..<\(x + section.itemWidth), outside 0..<\(section.width)")
        }
        if column > 0, section.x(ofColumn: column - 1) + section.itemWidth > x {
          problems.append("\(name) columns \(column - 1) and \(column) overlap")
        }
        let stack = section.columns[column]
        var lastBottom = section.itemsTop
        var lastItem = -1
        for (position, placed) in stack.placements().enumerated() {
          let item = placed.item
          guard item >= 0, item < section.count else {
            problems.append("\(name) column \(column) holds missing item \(item)")
            continue
          }
          if seen[item] { problems.append("\(name) item \(item) is placed twice") }
          seen[item] = true
          // Finding an item searches each column for it: they must hold their items in order.
          if item <= lastItem { problems.append("\(name) item \(item) is above item \(lastItem) in column \(column)") }
          lastItem = item
          let found = section.location(ofItem: item)
          if found?.column != column || found?.position != position {
            problems.append("\(name) item \(item) is found at \(found.map { "column \($0.column) position \($0.position)" } ?? "no place"), not column \(column) position \(position)")
          }
          if placed.height < 0 { problems.append("\(name) item \(item) has a negative height") }
          if placed.y < lastBottom { problems.append("\(name) item \(item) overlaps the item above it") }
          lastBottom = placed.bottom
          if lastBottom > section.itemsBottom { problems.append("\(name) item \(item) ends below the items' bottom") }
          if stack.hasCheckpoints, position % ColumnStack.checkpointStride == 0 {
            let block = position / ColumnStack.checkpointStride
            if stack.checkpoints.count <= block || stack.checkpoints[block] != placed.bottom
              || stack.itemSamples.count <= block || Int(stack.itemSamples[block]) != item
            {
              problems.append("\(name) column \(column) has a wrong checkpoint at \(position)")
            }
          }
        }
        let checkpoints =
          stack.count <= ColumnStack.checkpointStride ? 0 : (stack.count + ColumnStack.checkpointStride - 1) / ColumnStack.checkpointStride
        if stack.checkpoints.count != checkpoints || stack.itemSamples.count != checkpoints {
          problems.append(
            "\(name) column \(column) has \(stack.checkpoints.count) checkpoints and \(stack.itemSamples.count) item samples for \(stack.count) items")
        }
      }
      if let missing = seen.firstIndex(of: false) { problems.append("\(name) item \(missing) is not placed") }
      if let footer = section.footer, footer.minY < section.itemsBottom {
        problems.append("\(name) footer overlaps its items")
      }
    }
    return problems
  }
}
