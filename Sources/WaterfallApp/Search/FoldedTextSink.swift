/// Where ``FoldedJSONWalker`` writes a string or number's text: one folded
/// scalar value at a time, already lower case.
///
/// A visitor takes a value's scalars as it needs them: ``ItemMatcher`` as
/// scalar values for its terms, ``SearchTextBuilder`` as UTF-8 in its block;
/// the walker writes member keys into the path, a `[UInt8]`, as UTF-8.
///
/// ```swift
/// var text: [UInt8] = []
/// text.append(scalar: 0x65)   // e
/// text.append(scalar: 0xE9)   // é: [0x65, 0xC3, 0xA9]
/// ```
protocol FoldedTextSink {
  /// Takes the next scalar value of the text (already folded to lower case).
  mutating func append(scalar: UInt32)
}

extension Array: FoldedTextSink where Element == UInt8 {
  /// Appends the scalar as UTF-8.
  @inline(__always) mutating func append(scalar: UInt32) {
    if scalar < 0x80 {
      append(UInt8(truncatingIfNeeded: scalar))
    } else {
      SearchTextBuilder.encode(scalar, into: &self)
    }
  }
}
