/// Turns the bytes of one file (a page) into items: a JSON array of items, or JSON
/// Lines (one item per line).
///
/// The format is the first character's: `[` starts an array, anything else is
/// JSON Lines. A UTF-8 byte-order mark is skipped. In JSON Lines, a blank line is
/// ignored, a CRLF ending is accepted, and a line that is not valid JSON is
/// skipped and reported with its line and column, while every good line is kept.
/// In an array, a syntax error stops the page: the items before it are returned
/// with the error.
///
/// ```swift
/// let page = PageParser.parse(Array("{\"a\":1}\n{oops\n{\"a\":2}\n".utf8), path: "x.jsonl")
/// page.items.count     // 2
/// page.skipped.first   // x.jsonl:2:2: expected a string key, found 'o' (line skipped)
/// ```
public enum PageParser {
  public struct Page {
    public var items: [(json: ArraySlice<UInt8>, value: JSONValue)] = []
    public var skipped: [SkippedLine] = []
    /// The syntax error that stopped an array, if one did.
    public var error: LoadError?
  }

  public static func parse(_ bytes: [UInt8], path: String) -> Page {
    if let encoding = ForeignEncoding.detect(bytes) {
      return Page(error: .unreadable(path: path, reason: encoding.refusal(path: path)))
    }
    return bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
      var probe = JSONParser(bytes: buffer, position: start)
      probe.skipWhitespace()
      if probe.peek == UInt8(ascii: "[") {
        return parseArray(bytes, buffer, from: probe.position, path: path)
      }
      return parseLines(bytes, buffer, from: start, path: path)
    }
  }

  static func parseArray(_ bytes: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, path: String) -> Page {
    var page = Page()
    var parser = JSONParser(bytes: buffer, position: start + 1)
    func fail(_ error: JSONSyntaxError) -> Page {
      page.error = .syntax(path: path, location: TextLocation.of(offset: error.offset, in: buffer), message: error.message)
      return page
    }
    parser.skipWhitespace()
    if parser.peek == UInt8(ascii: "]") {
      parser.position += 1
    } else {
      while true {
        parser.skipWhitespace()
        let itemStart = parser.position
        do throws(JSONSyntaxError) {
          let value = try parser.parseValue(depth: 1)
          page.items.append((bytes[itemStart..<parser.position], value))
        } catch {
          return fail(error)
        }
        parser.skipWhitespace()
        guard let next = parser.peek else {
          return fail(JSONSyntaxError("unexpected end of input: the array is not closed (expected ',' or ']')", at: parser.position))
        }
        parser.position += 1
        if next == UInt8(ascii: "]") { break }
        if next != UInt8(ascii: ",") {
          return fail(JSONSyntaxError("expected ',' or ']' in the array, found \(parser.describeByte(parser.position - 1))", at: parser.position - 1))
        }
      }
    }
    parser.skipWhitespace()
    if !parser.isAtEnd {
      return fail(JSONSyntaxError("unexpected \(parser.describeByte(parser.position)) after the array", at: parser.position))
    }
    return page
  }

  static func parseLines(_ bytes: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, path: String) -> Page {
    var page = Page()
    var lineStart = start
    var lineNumber = 1
    while lineStart < buffer.count {
      var lineEnd = lineStart
      while lineEnd < buffer.count, buffer[lineEnd] != 0x0A { lineEnd += 1 }
      var contentEnd = lineEnd
      if contentEnd > lineStart, buffer[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<contentEnd])
      var parser = JSONParser(bytes: line)
      parser.skipWhitespace()
      if !parser.isAtEnd {
        let valueStart = parser.position
        do throws(JSONSyntaxError) {
          let value = try parser.parseValue()
          let valueEnd = parser.position
          parser.skipWhitespace()
          if !parser.isAtEnd {
            throw JSONSyntaxError("unexpected \(parser.describeByte(parser.position)) after the JSON value", at: parser.position)
          }
          page.items.append((bytes[(lineStart + valueStart)..<(lineStart + valueEnd)], value))
        } catch {
          let location = TextLocation.of(offset: error.offset, in: line, from: TextLocation(line: lineNumber, column: 1))
          page.skipped.append(SkippedLine(path: path, location: location, message: error.message))
        }
      }
      lineStart = lineEnd + 1
      lineNumber += 1
    }
    return page
  }
}
