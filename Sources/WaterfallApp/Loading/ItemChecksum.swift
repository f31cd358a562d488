/// A cheap checksum of an item's bytes, recorded when the item is read and
/// checked when its bytes are read again (`--print`, the details), so a file
/// changed under a running browser is noticed instead of trusted.
///
/// Not cryptographic: 8 bytes at a time through a multiply and a rotate, about
/// as fast as memory; a changed item that keeps its length is missed once in
/// 2³² at worst.
///
/// ```swift
/// ItemChecksum(Array("{\"a\":1}".utf8)) == ItemChecksum(Array("{\"a\":1}".utf8))   // true
/// ItemChecksum(Array("{\"a\":1}".utf8)) == ItemChecksum(Array("{\"a\":2}".utf8))   // false
/// ```
public struct ItemChecksum: Hashable, Sendable {
  public let value: UInt32

  public init(_ bytes: UnsafeRawBufferPointer) {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var i = 0
    while i + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash = (hash << 31) | (hash >> 33)
      i += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while i < bytes.count {
      tail |= UInt64(bytes[i]) << shift
      shift += 8
      i += 1
    }
    hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 29
    value = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  public init(_ bytes: some Collection<UInt8>) {
    if let value = bytes.withContiguousStorageIfAvailable({ ItemChecksum(UnsafeRawBufferPointer($0)).value }) {
      self.value = value
    } else {
      value = Array(bytes).withUnsafeBytes { ItemChecksum($0).value }
    }
  }

  init(value: UInt32) { self.value = value }
}
