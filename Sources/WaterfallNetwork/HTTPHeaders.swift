/// A response's header fields in the order they came, looked up by name in any
/// case.
///
/// ```swift
/// let headers = HTTPHeaders([HTTPHeader(name: "ETag", value: "\"v1\"")])
/// headers["etag"]             // "\"v1\""
/// headers.values(for: "Link") // every Link header
/// ```
public struct HTTPHeaders: Hashable, Sendable, Sequence {
  public private(set) var fields: [HTTPHeader]

  public init(_ fields: [HTTPHeader] = []) {
    self.fields = fields
  }

  /// The first value of `name`, or nil.
  public subscript(_ name: String) -> String? {
    let lowered = name.lowercased()
    return fields.first { $0.name.lowercased() == lowered }?.value
  }

  /// Every value of `name`, in order.
  public func values(for name: String) -> [String] {
    let lowered = name.lowercased()
    return fields.filter { $0.name.lowercased() == lowered }.map(\.value)
  }

  public mutating func append(_ header: HTTPHeader) {
    fields.append(header)
  }

  public func makeIterator() -> IndexingIterator<[HTTPHeader]> { fields.makeIterator() }

  public var isEmpty: Bool { fields.isEmpty }
}
