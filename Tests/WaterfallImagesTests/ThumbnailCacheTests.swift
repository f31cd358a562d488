import Testing
import WaterfallImages
import WaterfallView

/// The cache keeps at most its capacity in bytes and throws out the least recently
/// used first.
@Suite struct ThumbnailCacheTests {
  static func key(_ n: Int) -> ThumbnailKey {
    ThumbnailKey(path: "p\(n).png", shape: .fill(width: 4, height: 2), mode: .palette256)
  }

  static func thumbnail(cells: Int) -> Thumbnail {
    Thumbnail(width: cells, height: 1, cells: Array(repeating: SymbolCell.half(top: .indexed(1), bottom: .indexed(2)), count: cells))
  }

  @Test func leastRecentlyUsedGoesFirst() {
    let size = Self.thumbnail(cells: 10).byteCount
    var cache = ThumbnailCache(capacity: size * 3)
    for n in 0..<3 { cache.insert(Self.thumbnail(cells: 10), for: Self.key(n)) }
    #expect(cache.value(for: Self.key(0)) != nil)  // 0 is now the most recent
    cache.insert(Self.thumbnail(cells: 10), for: Self.key(3))
    #expect(cache.keysByRecency == [Self.key(3), Self.key(0), Self.key(2)])
    #expect(!cache.contains(Self.key(1)))
    #expect(cache.evictionCount == 1)
    #expect(cache.byteCount == size * 3)
  }

  @Test func neverHoldsMoreThanItsCapacity() {
    var cache = ThumbnailCache(capacity: 10_000)
    var generator = SystemRandomNumberGenerator()
    for n in 0..<2_000 {
      cache.insert(Self.thumbnail(cells: .random(in: 1...200, using: &generator)), for: Self.key(n % 300))
      if n % 3 == 0 { _ = cache.value(for: Self.key(.random(in: 0..<300, using: &generator))) }
      #expect(cache.byteCount <= 10_000)
    }
    #expect(cache.count == cache.keysByRecency.count)
  }

  @Test func tooLargeForTheWholeCacheIsNotKept() {
    var cache = ThumbnailCache(capacity: 100)
    cache.insert(Self.thumbnail(cells: 1_000), for: Self.key(1))
    #expect(cache.count == 0 && cache.byteCount == 0)
  }

  @Test func insertingAgainReplaces() {
    var cache = ThumbnailCache(capacity: 1 << 20)
    cache.insert(Self.thumbnail(cells: 10), for: Self.key(1))
    cache.insert(Self.thumbnail(cells: 20), for: Self.key(1))
    #expect(cache.count == 1)
    #expect(cache.byteCount == Self.thumbnail(cells: 20).byteCount)
    #expect(cache.value(for: Self.key(1))?.width == 20)
  }

  @Test func keysDifferBySizeAndColourMode() {
    var cache = ThumbnailCache(capacity: 1 << 20)
    let a = ThumbnailKey(path: "a.png", shape: .fill(width: 4, height: 2), mode: .palette256)
    var b = a
    b.mode = .truecolor
    var c = a
    c.shape = .fill(width: 5, height: 2)
    cache.insert(Self.thumbnail(cells: 1), for: a)
    #expect(cache.value(for: b) == nil && cache.value(for: c) == nil && cache.value(for: a) != nil)
  }
}
