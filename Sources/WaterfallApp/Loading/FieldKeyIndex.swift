#if canImport(Glibc)
  import Glibc
#endif

/// The fields a scanner's roles name, found by a member's key bytes, with the
/// roles each plays: kept in memory of its own and read without reference
/// counting.
///
/// A scan looks every member of every item up here (about ten a shop item). A
/// key is found by a hash of its length and its first and last bytes, so most
/// members cost one slot read and at most one comparison (compared with each
/// key of its length instead, a shop item took 30). Kept in arrays, each look
/// retained and released three of them (the keys' bytes, their ends, the
/// field's roles): 13 % of a million items' load went to reference counting.
/// Here the bytes, ends, roles and slots lie in buffers the index allocates
/// once and frees when it goes.
///
/// ```swift
/// let index = FieldKeyIndex(keys: [(Array("title".utf8), [(.title, 0)])])
/// Array("title".utf8).withUnsafeBufferPointer { index.index(of: $0) }   // 0
/// index.forEachRole(of: 0) { role, rank in … }                          // (.title, 0)
/// ```
final class FieldKeyIndex: @unchecked Sendable {
  // @unchecked: the buffers are written once, in init, and only read after.

  /// The index's buffers as a value: a scan's loop reads through it with no
  /// reference to retain and release for each item and each member (a
  /// million items' load spent 9 % of its CPU on reference counting, much of
  /// it on this index). Valid while the index lives: the scanner's table holds it.
  let lookup: Lookup

  /// The number of keys.
  let count: Int

  init(keys: [(key: [UInt8], roles: [(role: ItemScanner.Role, rank: Int)])]) {
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, keys.reduce(0) { $0 + $1.key.count }))
    let ends = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(1, keys.count))
    let roles = UnsafeMutableBufferPointer<(role: ItemScanner.Role, rank: Int)>.allocate(
      capacity: max(1, keys.reduce(0) { $0 + $1.roles.count }))
    let roleStarts = UnsafeMutableBufferPointer<Int>.allocate(capacity: keys.count + 1)
    var end = 0
    var roleEnd = 0
    for (k, key) in keys.enumerated() {
      for byte in key.key {
        bytes[end] = byte
        end += 1
      }
      ends[k] = end
      roleStarts[k] = roleEnd
      for role in key.roles {
        roles[roleEnd] = role
        roleEnd += 1
      }
    }
    roleStarts[keys.count] = roleEnd
    // Open addressing, probed linearly, at most a quarter full; a key is placed
    // in place order, so of two equal keys the first is met first.
    var size = 16
    while size < keys.count * 4 { size *= 2 }
    let slots = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: size)
    slots.initialize(repeating: 0)
    for (place, key) in keys.enumerated() {
      var slot = key.key.withUnsafeBufferPointer { Lookup.hash($0) } & (size - 1)
      while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
      slots[slot] = UInt64(key.key.count) << 32 | UInt64(place + 1)
    }
    lookup = Lookup(bytes: bytes, ends: ends, roles: roles, roleStarts: roleStarts, slots: slots)
    count = keys.count
  }

  deinit {
    lookup.bytes.deallocate()
    lookup.ends.deallocate()
    lookup.roles.deallocate()
    lookup.roleStarts.deallocate()
    lookup.slots.deallocate()
  }

  /// The place of the field named `key`, if a role names it.
  func index(of key: UnsafeBufferPointer<UInt8>) -> Int? { lookup.index(of: key) }

  /// Calls `body` with each role field `index` plays and its rank there.
  func forEachRole(of index: Int, _ body: (ItemScanner.Role, Int) -> Void) { lookup.forEachRole(of: index, body) }

  /// ``FieldKeyIndex``'s look-ups over its buffers, borrowed.
  struct Lookup {
    fileprivate let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Where each key ends in ``bytes``.
    fileprivate let ends: UnsafeMutableBufferPointer<Int>
    /// Every key's roles, back to back, and where each key's start (one more than the keys).
    fileprivate let roles: UnsafeMutableBufferPointer<(role: ItemScanner.Role, rank: Int)>
    fileprivate let roleStarts: UnsafeMutableBufferPointer<Int>
    /// Each key's length (the high 32 bits) and place plus one (the low), at
    /// the slot its bytes hash to or the first free one after it (zero: free);
    /// a power of two long, at most a quarter full, so a key no role names is
    /// mostly told by one empty slot, and a key one does by one comparison.
    fileprivate let slots: UnsafeMutableBufferPointer<UInt64>

    /// A key's slot before probing: from its length and its first and last
    /// bytes, which tell most field names apart.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
      guard let first = key.first, let last = key.last else { return 0 }
      let mixed = (UInt32(key.count) &* 0x9E37_79B9) ^ (UInt32(first) &* 0x85EB_CA6B) ^ (UInt32(last) &* 0xC2B2_AE35)
      return Int(mixed >> 16 ^ mixed)
    }

    /// The place of the field named `key`, if a role names it (the first, if two do).
    ///
    /// Not inlined: inlined, it made the scan's member closure too big to be
    /// inlined into the member walk, which cost more than this call saves.
    @inline(never)
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
      let mask = slots.count &- 1
      var slot = Self.hash(key) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        if Int(truncatingIfNeeded: entry >> 32) == key.count {
          let place = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: entry)) &- 1
          if key.isEmpty || Self.same(UnsafeRawPointer(bytes.baseAddress! + (ends[place] &- key.count)), UnsafeRawPointer(key.baseAddress!), count: key.count) {
            return place
          }
        }
        slot = (slot &+ 1) & mask
      }
    }

    /// Whether the `count` bytes at `a` and `b` are the same: a field name
    /// of up to 16 bytes by two loads of each, the first and the last bytes
    /// (overlapping for the shorter ones), never past the `count`; longer ones
    /// by `memcmp`, whose call cost most of a short key's comparison.
    ///
    /// ```swift
    /// Lookup.same(a, b, count: 5)   // "title" and "title": its first and last four bytes
    /// ```
    @inline(__always)
    static func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
      // Written out, not generic over the width: a debug build (the tests')
      // would look each load up at run time.
      switch count {
      case 0: return true
      case 1: return a.load(as: UInt8.self) == b.load(as: UInt8.self)
      case 2...3:
        return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
          && a.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self) == b.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
      case 4...7:
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
          && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      case 8...16:
        return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
          && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      default: return memcmp(a, b, count) == 0
      }
    }

    /// Calls `body` with each role field `index` plays and its rank there.
    @inline(__always)
    func forEachRole(of index: Int, _ body: (ItemScanner.Role, Int) -> Void) {
      for r in roleStarts[index]..<roleStarts[index + 1] { body(roles[r].role, roles[r].rank) }
    }
  }
}
