/// A cheap checksum of an item's bytes, recorded when the item is read and
/// checked when its bytes are read again (`--print`, the details), so a file
/// changed under a running browser is noticed instead of trusted.
///
/// Not cryptographic: 8 bytes at a time through a multiply and a rotate, in
/// four lanes that run side by side, about as fast as memory; a changed item
/// that keeps its length is missed once in 2³² at worst.
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
    // Four words at a time in four lanes that do not wait for one another, then folded.
    if bytes.count >= 32 {
      var lanes: (UInt64, UInt64, UInt64, UInt64) = (hash, 0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B, 0x3C6E_F372_FE94_F82B)
      func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (lane ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return (mixed << 31) | (mixed >> 33)
      }
      while i + 32 <= bytes.count {
        lanes.0 = mix(lanes.0, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        lanes.1 = mix(lanes.1, bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
        lanes.2 = mix(lanes.2, bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
        lanes.3 = mix(lanes.3, bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
        i += 32
      }
      hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
    }
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
