/// The value at a path (``JSONPath``: a JSON Pointer or a jq path) in a JSON
/// document's bytes, found without building the rest: members and elements off
/// the path are skipped (``JSONParser/skipValue(depth:)``). How `--next` finds a
/// feed's next page in a body of any size.
///
/// Only the first JSON value of the bytes is looked at (what follows it is not
/// read); a path through a member that is not there, or past a scalar, finds
/// nil. The value is read to its end either way, so a syntax error anywhere in
/// it is thrown.
///
/// ```swift
/// let body = Array(#"{"items": [{"id": 1}], "paging": {"next": "c2"}}"#.utf8)
/// try JSONPointerLookup.value(at: try JSONPath("/paging/next"), in: body)   // .string("c2")
/// try JSONPointerLookup.value(at: try JSONPath("/items/0/id"), in: body)    // .number("1")
/// ```
enum JSONPointerLookup {
  static func value(at path: JSONPath, in bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue? {
    try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue? in
      var parser = JSONParser(bytes: buffer)
      parser.skipWhitespace()
      return try find(path.components[...], in: &parser, depth: 0)
    }
  }

  /// The value at `rest` from the value at the parser's position (`depth` deep).
  private static func find(
    _ rest: ArraySlice<String>, in parser: inout JSONParser, depth: Int
  ) throws(JSONSyntaxError) -> JSONValue? {
    guard let key = rest.first else { return try parser.parseValue(depth: depth) }
    switch parser.peek {
    case UInt8(ascii: "{")?:
      var found: JSONValue?
      var seen = false
      try parser.forEachMember(depth: depth + 1) { (name, member) throws(JSONSyntaxError) in
        // The first member of the name counts, as JSONValue's subscript has it.
        if !seen, name.elementsEqual(key.utf8) {
          seen = true
          found = try find(rest.dropFirst(), in: &member, depth: depth + 1)
        } else {
          try member.skipValue(depth: depth + 1)
        }
      }
      return found
    case UInt8(ascii: "[")?:
      guard let wanted = Int(key), wanted >= 0 else {
        try parser.skipValue(depth: depth)
        return nil
      }
      // Every element is read past, so that the containers around go on reading.
      var found: JSONValue?
      parser.position += 1
      parser.skipWhitespace()
      if parser.peek == UInt8(ascii: "]") {
        parser.position += 1
        return nil
      }
      var index = 0
      while true {
        parser.skipWhitespace()
        if index == wanted {
          found = try find(rest.dropFirst(), in: &parser, depth: depth + 1)
        } else {
          try parser.skipValue(depth: depth + 1)
        }
        parser.skipWhitespace()
        switch parser.peek {
        case UInt8(ascii: ",")?:
          parser.position += 1
          index += 1
        case UInt8(ascii: "]")?:
          parser.position += 1
          return found
        default:
          throw JSONSyntaxError("expected ',' or ']' in the array, found \(parser.describeByte(parser.position))", at: parser.position)
        }
      }
    default:
      try parser.skipValue(depth: depth)
      return nil
    }
  }
}
