/// Thumbnails kept in memory up to a number of bytes, the least recently used thrown
/// out first: scrolling back to a picture seen a moment ago finds it here.
///
/// ```swift
/// var cache = ThumbnailCache(capacity: 16 << 20)
/// cache.insert(thumbnail, for: key)
/// cache.value(for: key)   // the thumbnail, now the most recently used
/// ```
/// - Complexity: ``value(for:)`` and ``insert(_:for:)`` are O(1), plus O(1) per
///   thumbnail thrown out.
public struct ThumbnailCache: Sendable {
  private struct Entry: Sendable {
    var key: ThumbnailKey
    var value: Thumbnail
    var bytes: Int
    /// Neighbours in recency order: `newer` towards the head (most recent).
    var newer: Int
    var older: Int
  }

  /// The most bytes kept.
  public let capacity: Int
  /// The bytes kept now (by ``Thumbnail/byteCount``).
  public private(set) var byteCount = 0
  /// Thumbnails thrown out to make room, since the cache was made.
  public private(set) var evictionCount = 0

  private var slots: [Entry?] = []
  private var freeSlots: [Int] = []
  private var index: [ThumbnailKey: Int] = [:]
  private var newest = -1
  private var oldest = -1

  public init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// The number of thumbnails kept.
  public var count: Int { index.count }

  /// Whether `key` is kept, without counting as a use.
  public func contains(_ key: ThumbnailKey) -> Bool { index[key] != nil }

  /// The thumbnail kept for `key`, which becomes the most recently used.
  public mutating func value(for key: ThumbnailKey) -> Thumbnail? {
    guard let slot = index[key] else { return nil }
    unlink(slot)
    linkAsNewest(slot)
    return slots[slot]?.value
  }

  /// Keeps `value` for `key` as the most recently used, throwing out the least
  /// recently used until it fits. A thumbnail larger than the whole capacity is not
  /// kept.
  public mutating func insert(_ value: Thumbnail, for key: ThumbnailKey) {
    remove(key)
    let bytes = value.byteCount
    guard bytes <= capacity else { return }
    while byteCount + bytes > capacity, oldest >= 0, let entry = slots[oldest] {
      remove(entry.key)
      evictionCount += 1
    }
    let entry = Entry(key: key, value: value, bytes: bytes, newer: -1, older: -1)
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      slots[slot] = entry
    } else {
      slot = slots.count
      slots.append(entry)
    }
    index[key] = slot
    byteCount += bytes
    linkAsNewest(slot)
  }

  /// Forgets `key`.
  public mutating func remove(_ key: ThumbnailKey) {
    guard let slot = index.removeValue(forKey: key), let entry = slots[slot] else { return }
    unlink(slot)
    byteCount -= entry.bytes
    slots[slot] = nil
    freeSlots.append(slot)
  }

  /// Forgets everything.
  public mutating func removeAll() {
    slots.removeAll()
    freeSlots.removeAll()
    index.removeAll()
    newest = -1
    oldest = -1
    byteCount = 0
  }

  /// The keys from the most to the least recently used: for tests.
  public var keysByRecency: [ThumbnailKey] {
    var keys: [ThumbnailKey] = []
    var slot = newest
    while slot >= 0, let entry = slots[slot] {
      keys.append(entry.key)
      slot = entry.older
    }
    return keys
  }

  private mutating func unlink(_ slot: Int) {
    guard let entry = slots[slot] else { return }
    if entry.newer >= 0 { slots[entry.newer]?.older = entry.older } else { newest = entry.older }
    if entry.older >= 0 { slots[entry.older]?.newer = entry.newer } else { oldest = entry.newer }
    slots[slot]?.newer = -1
    slots[slot]?.older = -1
  }

  private mutating func linkAsNewest(_ slot: Int) {
    slots[slot]?.older = newest
    slots[slot]?.newer = -1
    if newest >= 0 { slots[newest]?.newer = slot }
    newest = slot
    if oldest < 0 { oldest = slot }
  }
}
