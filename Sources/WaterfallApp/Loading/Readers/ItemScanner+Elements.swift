/// One element of an array, a member of a map or a value of a stream, read from
/// a chunk that may cut it off: what the JSON readers share.
extension ItemScanner {
  /// What ``scanElement(in:at:member:depth:keepingBytes:)`` found.
  enum ElementScan {
    /// An item, whose bytes end at `end`.
    case item(ScannedItem, end: Int)
    /// The chunk ends inside the element: wait for more bytes, until the rest
    /// has doubled (`doubling`) or only for the next chunk (a number that may go on).
    case needMore(doubling: Bool)
  }

  /// Reads the value at `at` (`"key": value` when `member`, an item titled by
  /// its key), `depth` levels inside the page's document.
  ///
  /// ```swift
  /// switch try scanner.scanElement(in: chunk, at: 1, member: false, depth: 1, keepingBytes: false) {
  /// case .item(let item, let end): items.append(item)   // read on from `end`
  /// case .needMore(let doubling): …                    // consume up to 1 and wait
  /// }
  /// ```
  func scanElement(in chunk: Chunk, at: Int, member: Bool, depth: Int, keepingBytes: Bool) throws(LoadError) -> ElementScan {
    var element = JSONParser(bytes: chunk.bytes, position: at)
    let item: ScannedItem
    do throws(JSONSyntaxError) {
      if member {
        item = try scanMember(&element, pageOffset: chunk.start, keepingBytes: keepingBytes)
      } else {
        item = try scanValue(&element, depth: depth, pageOffset: chunk.start, keepingBytes: keepingBytes)
      }
    } catch {
      // Out of bytes before the item ended: wait for more, unless there are none.
      if !chunk.atEnd, element.position >= chunk.count || error.offset >= chunk.count { return .needMore(doubling: true) }
      throw chunk.syntaxError(error.message, at: error.offset)
    }
    // A number running into the end of the chunk may go on in the next one.
    if !chunk.atEnd, element.position >= chunk.count { return .needMore(doubling: false) }
    return .item(item, end: element.position)
  }

  /// Reads one member of a map, `"key": value`, as an item whose title is the key.
  private func scanMember(_ parser: inout JSONParser, pageOffset: Int, keepingBytes: Bool) throws(JSONSyntaxError) -> ScannedItem {
    let start = parser.position
    guard parser.peek == UInt8(ascii: "\"") else {
      throw JSONSyntaxError("expected a string key, found \(parser.describeByte(start))", at: start)
    }
    try parser.skipString()
    let key = start..<parser.position
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: ":") else {
      throw JSONSyntaxError("expected ':' after the key, found \(parser.describeByte(parser.position))", at: parser.position)
    }
    parser.position += 1
    parser.skipWhitespace()
    var item = try scanValue(&parser, depth: 1, pageOffset: pageOffset, title: key)
    item.offset = pageOffset + start
    item.length = parser.position - start
    if keepingBytes { item.json = Array(parser.bytes[start..<parser.position]) }
    return item
  }
}
