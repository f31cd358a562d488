import Synchronization

/// The compact search texts of a store's items, block by block
/// (``SearchTextBlock``, ``blockSize`` items each), built by the search lanes
/// the first time a pass goes over a whole block and kept for every later pass.
///
/// Memory is bounded: once the blocks hold ``budget`` bytes no more are built,
/// and the items of the blocks not built are searched in their JSON as before.
/// A store's cache is replaced with the store's items (``ItemStore/removeAll()``);
/// items are never changed in place, so a block, once built, stays right.
///
/// ```swift
/// let cache = SearchTextCache(budget: 1 << 30)
/// cache.block(0)                    // nil: not built yet
/// cache.store(builder.finish(), at: 0)
/// ```
public final class SearchTextCache: Sendable {
  /// Items per block: a search chunk's worth, so a first pass over every item
  /// builds one block a chunk.
  public static let blockSize = 1024

  /// The most bytes the blocks may hold.
  public let budget: Int
  public let paths = SearchTextPaths()
  private let blocks = Mutex<[SearchTextBlock?]>([])
  private let used = Atomic<Int>(0)
  private let items = Atomic<Int>(0)
  /// Set when a block did not fit: no more are built.
  private let full = Atomic<Bool>(false)

  /// The default budget: an eighth of the machine's memory, at most 2 GiB
  /// (about 7 million items of the bench's shop data, 280 bytes each).
  public static var defaultBudget: Int {
    min(2 << 30, max(64 << 20, (ResidentMemory.physicalBytes ?? 8 << 30) / 8))
  }

  public init(budget: Int = SearchTextCache.defaultBudget) {
    self.budget = budget
  }

  /// Block `index`, if it was built.
  public func block(_ index: Int) -> SearchTextBlock? {
    blocks.withLock { index < $0.count ? $0[index] : nil }
  }

  /// Every block built so far, by index (shorter than the blocks when the
  /// last are not built): one lock for a chunk whose items lie in many blocks,
  /// as in a sorted order, instead of one an item.
  public func builtBlocks() -> [SearchTextBlock?] {
    blocks.withLock { $0 }
  }

  /// Whether another block may be built.
  public var hasRoom: Bool { !full.load(ordering: .relaxed) && used.load(ordering: .relaxed) < budget }

  /// Keeps `block` as block `index`, unless the budget is spent (or another lane
  /// kept one first). Returns whether it was kept.
  @discardableResult
  public func store(_ block: SearchTextBlock, at index: Int) -> Bool {
    let cost = block.memoryCost
    guard used.add(cost, ordering: .relaxed).newValue <= budget else {
      used.subtract(cost, ordering: .relaxed)
      full.store(true, ordering: .relaxed)
      return false
    }
    let kept = blocks.withLock { list in
      if index >= list.count { list += Array(repeating: nil, count: index + 1 - list.count) }
      guard list[index] == nil else { return false }
      list[index] = block
      return true
    }
    if kept {
      items.add(block.count, ordering: .relaxed)
    } else {
      used.subtract(cost, ordering: .relaxed)
    }
    return kept
  }

  /// Builds block `index` of `texts` (its ``blockSize`` items, read in their
  /// JSON) and keeps it unless the budget is spent or another lane kept one
  /// first; returns the block built, kept or not. The block must be whole.
  /// `between`, when given, is called every ``yieldInterval`` items (a builder
  /// that steps aside for a search rests there).
  ///
  /// ```swift
  /// let block = cache.build(3, of: store.itemTexts)   // items 3,072..<4,096
  /// ```
  @discardableResult
  func build(_ index: Int, of texts: ItemTexts, between: (() -> Void)? = nil) -> SearchTextBlock {
    let size = Self.blockSize
    var builder = SearchTextBuilder(paths: paths, expectedItems: size, expectedBytes: 512 * size)
    var added = 0
    texts.forEachJSON(of: (index * size)..<((index + 1) * size)) { _, json in
      if let between, added % Self.yieldInterval == 0 { between() }
      added += 1
      builder.add(json: json)
    }
    let built = builder.finish()
    store(built, at: index)
    return built
  }

  /// How many items a build reads between two calls of its `between`.
  static let yieldInterval = 64

  /// The bytes the blocks hold.
  public var bytesUsed: Int { used.load(ordering: .relaxed) }

  /// How many items the blocks hold.
  public var itemsHeld: Int { items.load(ordering: .relaxed) }
}
