/// The fuzzer's bytes read as the values a target needs: numbers in ranges,
/// choices, flags. Reading past the end gives zeros, so every input is usable.
///
/// ```swift
/// var input = FuzzInput(data, count)
/// let width = input.int(in: -5...300)
/// let rest = input.remainingBytes()
/// ```
struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
    bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : count)
  }

  var isAtEnd: Bool { position >= bytes.count }

  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func uint16() -> Int {
    Int(byte()) | Int(byte()) << 8
  }

  /// A number in `range`, spread evenly over two bytes.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = range.upperBound - range.lowerBound + 1
    return range.lowerBound + uint16() % span
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }

  mutating func choose<T>(_ choices: [T]) -> T {
    choices[Int(byte()) % choices.count]
  }

  /// Every byte not read yet.
  mutating func remainingBytes() -> [UInt8] {
    defer { position = bytes.count }
    return position < bytes.count ? Array(bytes[position...]) : []
  }
}

/// Stops the fuzzer with `message` when `condition` is false: the input that did
/// it is saved as a finding.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { fatalError("fuzz invariant: \(message())") }
}
