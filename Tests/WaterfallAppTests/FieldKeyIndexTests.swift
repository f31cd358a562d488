import Testing

@testable import WaterfallApp

@Suite struct FieldKeyIndexTests {
  static let keys: [(key: [UInt8], roles: [(role: ItemScanner.Role, rank: Int)])] = [
    (Array("title".utf8), [(.title, 0)]),
    (Array("name".utf8), [(.title, 1), (.subtitle, 0)]),
    (Array("".utf8), []),
    (Array("titles".utf8), [(.tags, 2)]),
    (Array("水彩".utf8), [(.text, 0), (.group, 1), (.id, 3)]),
  ]

  @Test func everyKeyIsFoundAtItsPlaceWithItsRoles() {
    let index = FieldKeyIndex(keys: Self.keys)
    #expect(index.count == Self.keys.count)
    for (place, key) in Self.keys.enumerated() {
      #expect(key.key.withUnsafeBufferPointer { index.index(of: $0) } == place, "\(key.key)")
      var roles: [String] = []
      index.forEachRole(of: place) { role, rank in roles.append("\(role)#\(rank)") }
      #expect(roles == key.roles.map { "\($0.role)#\($0.rank)" })
    }
    for missing in ["titl", "Title", "title ", "水", "namename"] {
      #expect(Array(missing.utf8).withUnsafeBufferPointer { index.index(of: $0) } == nil, "\(missing)")
    }
  }

  /// A key of every length from 1 to 40 is told from the same key with any
  /// one byte changed: the comparison looks at every byte, whatever the length.
  @Test func aKeyDifferingInAnyOneByteIsNotFound() {
    let keys = (1...40).map { length in (key: (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }, roles: [(role: ItemScanner.Role.title, rank: 0)]) }
    let index = FieldKeyIndex(keys: keys)
    for (place, key) in keys.enumerated() {
      #expect(key.key.withUnsafeBufferPointer { index.index(of: $0) } == place)
      for changed in key.key.indices {
        var other = key.key
        other[changed] = UInt8(ascii: "Z")
        #expect(other.withUnsafeBufferPointer { index.index(of: $0) } == nil, "length \(key.key.count), byte \(changed)")
      }
    }
  }

  @Test func noKeysFindNothing() {
    let index = FieldKeyIndex(keys: [])
    #expect(Array("a".utf8).withUnsafeBufferPointer { index.index(of: $0) } == nil)
    #expect([UInt8]().withUnsafeBufferPointer { index.index(of: $0) } == nil)
  }

  /// Many keys of few lengths, and one named twice: each is found at its
  /// place among those of its length, the one named twice at its first.
  @Test func keysOfTheSameLengthAreToldApart() {
    var keys = (0..<300).map { n in (key: Array("k\(n % 7)x\(n)".utf8), roles: [(role: ItemScanner.Role.title, rank: n)]) }
    keys.append((key: Array("k3x3".utf8), roles: []))
    let index = FieldKeyIndex(keys: keys)
    for (place, key) in keys.enumerated().dropLast() {
      #expect(key.key.withUnsafeBufferPointer { index.index(of: $0) } == place, "\(String(decoding: key.key, as: UTF8.self))")
    }
    #expect(Array("k3x3".utf8).withUnsafeBufferPointer { index.index(of: $0) } == 3, "the first of the two")
    for missing in ["k3x300", "k0x", "k9x9", "", String(repeating: "k", count: 40)] {
      #expect(Array(missing.utf8).withUnsafeBufferPointer { index.index(of: $0) } == nil, "\(missing)")
    }
  }
}
