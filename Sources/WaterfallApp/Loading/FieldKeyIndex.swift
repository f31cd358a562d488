#if canImport(Glibc)
  import Glibc
#endif

/// The fields a scanner's roles name, found by a member's key bytes, with the
/// roles each plays: kept in memory of its own and read without reference
/// counting.
///
/// A scan looks every member of every item up here (about ten a shop item). Kept
/// in arrays, each look retained and released three of them (the keys' bytes,
/// their ends, the field's roles): 13 % of a million items' load went to
/// reference counting. Here the bytes, ends and roles lie in buffers the index
/// allocates once and frees when it goes.
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
    let longest = keys.map(\.key.count).max() ?? 0
    let byLength = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(1, keys.count))
    let lengthStarts = UnsafeMutableBufferPointer<Int>.allocate(capacity: longest + 2)
    let order = keys.indices.sorted { (keys[$0].key.count, $0) < (keys[$1].key.count, $1) }
    for (j, place) in order.enumerated() { byLength[j] = place }
    var j = 0
    for length in 0...(longest + 1) {
      lengthStarts[length] = j
      while j < order.count, keys[order[j]].key.count == length { j += 1 }
    }
    lookup = Lookup(bytes: bytes, ends: ends, roles: roles, roleStarts: roleStarts, byLength: byLength, lengthStarts: lengthStarts)
    count = keys.count
  }

  deinit {
    lookup.bytes.deallocate()
    lookup.ends.deallocate()
    lookup.roles.deallocate()
    lookup.roleStarts.deallocate()
    lookup.byLength.deallocate()
    lookup.lengthStarts.deallocate()
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
    /// The keys' places, shortest key first (then in place order), and where the
    /// keys of each length start among them (one more than the longest length):
    /// a member's key is compared only with the keys of its length.
    fileprivate let byLength: UnsafeMutableBufferPointer<Int>
    fileprivate let lengthStarts: UnsafeMutableBufferPointer<Int>

    /// The place of the field named `key`, if a role names it (the first, if two do).
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
      let length = key.count
      guard length + 1 < lengthStarts.count else { return nil }
      for j in lengthStarts[length]..<lengthStarts[length + 1] {
        let place = byLength[j]
        if length == 0 || memcmp(bytes.baseAddress! + ends[place] - length, key.baseAddress!, length) == 0 { return place }
      }
      return nil
    }

    /// Calls `body` with each role field `index` plays and its rank there.
    @inline(__always)
    func forEachRole(of index: Int, _ body: (ItemScanner.Role, Int) -> Void) {
      for r in roleStarts[index]..<roleStarts[index + 1] { body(roles[r].role, roles[r].rank) }
    }
  }
}
