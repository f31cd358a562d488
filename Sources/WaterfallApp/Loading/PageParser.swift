/// Turns the bytes of one whole page into items: a JSON array of items, or JSON
/// Lines (one item per line). A convenience over ``PageReader`` for bytes already
/// in memory; every item keeps its text.
///
/// ```swift
/// let page = PageParser.parse(Array("{\"a\":1}\n{oops\n{\"a\":2}\n".utf8), path: "x.jsonl")
/// page.items.count     // 2
/// page.skipped.first   // x.jsonl:2:2: expected a string key, found 'o' (line skipped)
/// ```
public enum PageParser {
  public struct Page: Sendable {
    public var items: [ScannedItem] = []
    public var skipped = SkippedLines()
    /// The syntax error that stopped an array, if one did.
    public var error: LoadError?
    /// How the items' kept bytes read as JSON (a CSV record: through its header).
    public var shape = ItemTextShape.json
  }

  public static func parse(
    _ bytes: [UInt8], path: String, roles: FieldRoles = FieldRoles(), options: ReadOptions = ReadOptions()
  ) -> Page {
    parse(bytes, path: path, scanner: ItemScanner(roles: roles), options: options)
  }

  /// ``parse(_:path:roles:options:)`` with a scanner made once by the caller (one
  /// that parses many pages: the fuzz targets).
  public static func parse(_ bytes: [UInt8], path: String, scanner: ItemScanner, options: ReadOptions = ReadOptions()) -> Page {
    var reader = PageReader(path: path, scanner: scanner, options: options, keepsBytes: true)
    var page = Page()
    reader.feed(bytes, into: &page.items)
    reader.finish(into: &page.items)
    page.skipped = reader.skipped
    page.error = reader.error
    page.shape = reader.shape
    return page
  }
}
