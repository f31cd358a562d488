import WaterfallLayout

/// The items shown, in sections, stored flat: one buffer of store indices,
/// section after section, and where each section starts in it. A million
/// one-item groups cost two arrays of a million `Int32`s and the table of group
/// values, not a million arrays.
///
/// Sections come in the order their values first appear (``grouping(_:key:shouldStop:progress:)``),
/// and only ever grow at their ends: an item that joins an earlier section
/// after it was made waits in a small side list of that section (``add(_:key:)``)
/// until the items are grouped anew, so every index path shown stays valid.
///
/// ```swift
/// var sections = SectionedItems.grouping([0, 1, 2, 3], key: { $0 % 2 == 0 ? "even" : "odd" })!
/// sections.sectionCount              // 2
/// sections.item(1, inSection: 0)     // 2
/// sections.add(4, key: "even")       // joins section 0, after item 2
/// sections.allItems                  // [0, 2, 4, 1, 3]
/// ```
struct SectionedItems: Sendable, Equatable {
  /// Store indices, section after section.
  private(set) var items: [Int32] = []
  /// Where each section's items start in ``items``, and one more entry: the end.
  private(set) var starts: [Int32] = [0]
  /// Each group value's section.
  private var sectionOfKey: [String?: Int32] = [:]
  /// Items that joined an earlier section after it was made, by section: the
  /// section's items go on here, in order.
  private var late: [Int32: [Int32]] = [:]
  /// How many items there are in all.
  private(set) var count = 0

  init() {}

  /// One section holding `items` as they are, no lookup per item: what shows
  /// without grouping.
  init(ungrouped items: some Sequence<Int>) {
    self.items = items.map { Int32(truncatingIfNeeded: $0) }
    count = self.items.count
    guard count > 0 else { return }
    starts = [0, Int32(count)]
    sectionOfKey[nil] = 0
  }

  /// `items` grouped by `key`, sections in the order their values first appear,
  /// each section's items in their order; nil when `shouldStop` said so.
  /// `progress` hears how many items were read, now and then.
  static func grouping(
    _ items: some Collection<Int>, key: (Int) -> String?, shouldStop: () -> Bool = { false },
    progress: (Int) -> Void = { _ in }
  ) -> SectionedItems? {
    // First each item's section, then the items placed section by section.
    var sectionOfItem = [Int32]()
    sectionOfItem.reserveCapacity(items.count)
    var sizes: [Int32] = []
    var sectionOfKey: [String?: Int32] = [:]
    // Room for many groups from the start: growing the table a million groups
    // long moves every key again at each doubling.
    sectionOfKey.reserveCapacity(min(items.count, 1 << 12) + items.count / 4)
    var read = 0
    for item in items {
      if read & 4095 == 0, read > 0 {
        if shouldStop() { return nil }
        progress(read)
      }
      read += 1
      let value = key(item)
      let section: Int32
      if let known = sectionOfKey[value] {
        section = known
      } else {
        section = Int32(sizes.count)
        sectionOfKey[value] = section
        sizes.append(0)
      }
      sizes[Int(section)] += 1
      sectionOfItem.append(section)
    }
    var result = SectionedItems()
    result.starts = [Int32](repeating: 0, count: sizes.count + 1)
    for (section, size) in sizes.enumerated() { result.starts[section + 1] = result.starts[section] + size }
    // Reuse the sizes as each section's next free place.
    var next = Array(result.starts.dropLast())
    result.items = [Int32](unsafeUninitializedCapacity: sectionOfItem.count) { buffer, initialized in
      for (index, item) in items.enumerated() {
        let section = Int(sectionOfItem[index])
        buffer[Int(next[section])] = Int32(truncatingIfNeeded: item)
        next[section] += 1
      }
      initialized = sectionOfItem.count
    }
    result.sectionOfKey = sectionOfKey
    result.count = sectionOfItem.count
    return result
  }

  /// The number of sections.
  var sectionCount: Int { starts.count - 1 }

  var isEmpty: Bool { count == 0 }

  /// The items of section `section` in the flat buffer (those that came later aside).
  private func baseCount(_ section: Int) -> Int {
    Int(starts[section + 1] - starts[section])
  }

  /// How many items section `section` has.
  func count(inSection section: Int) -> Int {
    baseCount(section) + (late.isEmpty ? 0 : late[Int32(section)]?.count ?? 0)
  }

  /// The store index of item `index` of section `section`.
  func item(_ index: Int, inSection section: Int) -> Int {
    let base = baseCount(section)
    if index < base { return Int(items[Int(starts[section]) + index]) }
    return Int(late[Int32(section)]![index - base])
  }

  /// Whether `indexPath` names an item.
  func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < sectionCount && indexPath.item >= 0
      && indexPath.item < count(inSection: indexPath.section)
  }

  /// The items of section `section` from `range` (positions within it), in order.
  func items(inSection section: Int, _ range: Range<Int>) -> [Int] {
    range.map { item($0, inSection: section) }
  }

  /// The 0-based place of `indexPath` among all items, across sections.
  func position(of indexPath: IndexPath) -> Int {
    var position = Int(starts[indexPath.section]) + indexPath.item
    for (section, extra) in late where Int(section) < indexPath.section { position += extra.count }
    return position
  }

  /// The store item at 0-based place `position` among all (the last one beyond them).
  func item(atPosition position: Int) -> Int? {
    guard count > 0 else { return nil }
    let position = min(max(0, position), count - 1)
    if late.isEmpty { return Int(items[position]) }
    var skipped = 0
    for section in 0..<sectionCount {
      let size = count(inSection: section)
      if position < skipped + size { return item(position - skipped, inSection: section) }
      skipped += size
    }
    return nil
  }

  /// The index path of store item `item`, if it is here.
  func indexPath(ofItem item: Int) -> IndexPath? {
    let wanted = Int32(truncatingIfNeeded: item)
    if let index = items.firstIndex(of: wanted) {
      // The section whose start is the last at or before `index`.
      var low = 0
      var high = sectionCount - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if Int(starts[mid]) <= index { low = mid } else { high = mid - 1 }
      }
      return IndexPath(item: index - Int(starts[low]), section: low)
    }
    for (section, extra) in late {
      if let index = extra.firstIndex(of: wanted) {
        return IndexPath(item: baseCount(Int(section)) + index, section: Int(section))
      }
    }
    return nil
  }

  /// Every item, in order: section after section.
  var allItems: [Int] {
    if late.isEmpty { return items.map(Int.init) }
    var all: [Int] = []
    all.reserveCapacity(count)
    for section in 0..<sectionCount {
      all += items[Int(starts[section])..<Int(starts[section + 1])].lazy.map(Int.init)
      if let extra = late[Int32(section)] { all += extra.lazy.map(Int.init) }
    }
    return all
  }

  /// The first `sections` sections alone, to lay out (not to add to: it knows
  /// no group values).
  func prefix(sections: Int) -> SectionedItems {
    let kept = min(max(0, sections), sectionCount)
    var first = SectionedItems()
    first.items = Array(items[..<Int(starts[kept])])
    first.starts = Array(starts[...kept])
    first.late = late.filter { Int($0.key) < kept }
    first.count = first.items.count + first.late.values.reduce(0) { $0 + $1.count }
    return first
  }

  /// Whether no item waits aside for an earlier section: the buffer holds them all.
  var isCompact: Bool { late.isEmpty }

  /// Each section's item count.
  var counts: [Int] { (0..<sectionCount).map(count(inSection:)) }

  /// What ``add(_:key:)`` did: how many of the items went to the end of the last
  /// section, and whether any went elsewhere (a new section, an earlier one).
  struct Change: Equatable {
    var appendedToLast = 0
    var restructured = false
  }

  /// Adds store items `batch`, whose group value is `key` for each, as
  /// ``add(_:key:change:lastBefore:)`` adds them one by one: the key looked up once.
  ///
  /// ```swift
  /// sections.add(0..<1_000, key: nil, change: &change, lastBefore: -1)   // one section of 1,000
  /// ```
  mutating func add(_ batch: some Collection<Int>, key: String?, change: inout Change, lastBefore: Int) {
    guard let first = batch.first else { return }
    guard sectionOfKey[key] != nil else {
      // The first makes the section; the rest join it.
      add(first, key: key, change: &change, lastBefore: lastBefore)
      add(batch.dropFirst(), key: key, change: &change, lastBefore: lastBefore)
      return
    }
    let section = Int(sectionOfKey[key]!)
    let values = batch.lazy.map { Int32(truncatingIfNeeded: $0) }
    count += batch.count
    if section == sectionCount - 1 {
      items.append(contentsOf: values)
      starts[starts.count - 1] += Int32(batch.count)
    } else {
      late[Int32(section), default: []].append(contentsOf: values)
    }
    if section == lastBefore && !change.restructured { change.appendedToLast += batch.count } else { change.restructured = true }
  }

  /// Adds store item `item`, whose group value is `key`, after the items of its
  /// section (a new section at the end for a new value); `lastBefore` is the
  /// section that was last before this batch of additions.
  mutating func add(_ item: Int, key: String?, change: inout Change, lastBefore: Int) {
    let value = Int32(truncatingIfNeeded: item)
    count += 1
    guard let section = sectionOfKey[key] else {
      sectionOfKey[key] = Int32(sectionCount)
      items.append(value)
      starts.append(Int32(items.count))
      change.restructured = true
      return
    }
    if Int(section) == sectionCount - 1 {
      items.append(value)
      starts[starts.count - 1] += 1
    } else {
      late[section, default: []].append(value)
    }
    if Int(section) == lastBefore && !change.restructured { change.appendedToLast += 1 } else { change.restructured = true }
  }
}
