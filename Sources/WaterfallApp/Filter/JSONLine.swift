/// An item's JSON text on one line, for JSON Lines output (`--filter`): each
/// line break, and the spaces and tabs that indent the next line, dropped.
///
/// Nothing else changes: keys keep their order, numbers their spelling, the
/// spaces after colons stay. A line break can only be whitespace between tokens,
/// since a JSON string cannot hold one raw, so dropping it never touches a value.
///
/// ```swift
/// JSONLine.compact(Array("{\n  \"id\": 1,\n  \"tags\": [\n    \"a\"\n  ]\n}".utf8))
/// // {"id": 1,"tags": ["a"]}
/// ```
public enum JSONLine {
  public static func compact(_ json: [UInt8]) -> [UInt8] {
    guard json.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return json }
    var line: [UInt8] = []
    line.reserveCapacity(json.count)
    var indent = false
    for byte in json {
      if byte == 0x0A || byte == 0x0D {
        indent = true
      } else if indent, byte == 0x20 || byte == 0x09 {
        continue
      } else {
        indent = false
        line.append(byte)
      }
    }
    return line
  }
}
