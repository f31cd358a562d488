extension ItemStore {
  /// The top-level field names of the first `sample` items, in the order they
  /// first appear: the fields `s` cycles through.
  ///
  /// ```swift
  /// store.fieldNames()   // ["id", "title", "price", "shop", "tags"]
  /// ```
  public func fieldNames(sample: Int = 1_000) -> [String] {
    var names: [String] = []
    var seen = Set<String>()
    for item in 0..<min(count, sample) {
      for member in value(at: item).members where seen.insert(member.key).inserted {
        names.append(member.key)
      }
    }
    return names
  }
}
