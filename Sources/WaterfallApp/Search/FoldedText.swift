/// Text folded to lower case for matching, one scalar value per unit, with where
/// each folded scalar came from.
///
/// A unit is whatever the text was made of: a Unicode scalar of a string, or a
/// glyph of a card's line. Lower-casing a unit can give more than one scalar
/// (`İ` gives `i` and a dot above); each remembers its unit, so match positions
/// come back as unit offsets.
///
/// ```swift
/// let text = FoldedText("Mug")
/// text.scalars          // [0x6D, 0x75, 0x67]: "mug"
/// text.unit(of: 2)      // 2
/// ```
public struct FoldedText: Sendable, Equatable {
  /// The folded scalars' values.
  public private(set) var scalars: [UInt32] = []
  /// The unit each folded scalar came from; nil when every unit folded to one scalar.
  private var units: [Int32]?

  /// Folds the scalars of `string`; positions are scalar offsets in `string`.
  public init(_ string: String) {
    self.init(units: string.unicodeScalars)
  }

  /// Folds a sequence of units, each a base scalar (a glyph's spacing character).
  public init(units source: some Sequence<Unicode.Scalar>) {
    scalars.reserveCapacity(source.underestimatedCount)
    var index: Int32 = 0
    for scalar in source {
      let value = scalar.value
      if value < 0x80 {
        scalars.append(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
        units?.append(index)
      } else {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        if lower.count != 1, units == nil { units = (0..<Int32(scalars.count)).map { $0 } }
        for folded in lower {
          scalars.append(folded.value)
          units?.append(index)
        }
      }
      index += 1
    }
  }

  /// The unit folded scalar `index` came from.
  public func unit(of index: Int) -> Int {
    units.map { Int($0[index]) } ?? index
  }

  /// The units of folded positions, sorted and without repeats.
  func units(of positions: [Int]) -> [Int] {
    guard units != nil else { return positions }
    var out: [Int] = []
    for position in positions {
      let unit = unit(of: position)
      if out.last != unit { out.append(unit) }
    }
    return out
  }
}
