extension ItemTexts {
  /// How many items a worker reads between two looks at whether to stop.
  static let batchSize = 1_024

  /// Calls `body` with the JSON text of each of `items` in turn, as
  /// ``forEachJSON(of:_:)`` does, a batch of ``batchSize`` at a time, asking
  /// `shouldStop` before each batch; returns false when it said to stop (the
  /// items from there on are not read), true once every item was.
  ///
  /// ```swift
  /// let done = texts.forEachJSON(inBatchesOf: 0..<texts.count, shouldStop: { job.isCancelled }) { item, json in … }
  /// ```
  func forEachJSON<Items: Collection<Int>>(
    inBatchesOf items: Items, shouldStop: () -> Bool, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    var start = items.startIndex
    while start != items.endIndex {
      if shouldStop() { return false }
      let end = items.index(start, offsetBy: Self.batchSize, limitedBy: items.endIndex) ?? items.endIndex
      forEachJSON(of: items[start..<end], body)
      start = end
    }
    return true
  }
}
