/// The searchable text of a block of consecutive items, in the compact form a
/// search pass scans: every string and number of each item folded to lower case
/// as UTF-8, one after another in one array, each value behind a header that
/// says which field it is.
///
/// A value is written as `0xFF`, then its path's number (``SearchTextPaths``) in
/// base ten, least significant digit first, as the bytes `0xF5…0xFE` (no digit
/// at all for path 0), then its folded text. None of these header bytes can be in
/// UTF-8, so a needle's bytes found anywhere in an item's text lie inside one
/// value, and a first-byte scan (`memchr`) over the whole item never stops on a
/// header. An item the builder could not read as JSON is ``unreadable``: the
/// search reads its JSON as before.
///
/// What it costs: the folded text (about the JSON's size minus its keys and
/// punctuation), one to four header bytes a value and four bytes an item.
///
/// ```swift
/// var builder = SearchTextBuilder(paths: SearchTextPaths())
/// Array(#"{"title":"Mug"}"#.utf8).withUnsafeBufferPointer { builder.add(json: $0) }
/// let block = builder.finish()
/// block.text(of: 0)   // [0xFF, 0xF6, 0x6D, 0x75, 0x67]: path 1 ("title"), "mug"
/// ```
public final class SearchTextBlock: Sendable {
  /// The values of every item, one item after another.
  let bytes: [UInt8]
  /// Item `i`'s text is `bytes[starts[i]..<starts[i + 1]]`.
  let starts: [UInt32]
  /// The items (offsets in the block, ascending) whose JSON the builder could not read.
  let unreadable: [Int]

  init(bytes: [UInt8], starts: [UInt32], unreadable: [Int]) {
    self.bytes = bytes
    self.starts = starts
    self.unreadable = unreadable
  }

  /// The number of items.
  public var count: Int { starts.count - 1 }

  /// The bytes the block holds (its arrays' storage).
  public var memoryCost: Int { bytes.capacity + starts.capacity * MemoryLayout<UInt32>.stride + unreadable.capacity * 8 + 96 }

  /// Whether the builder could read item `i`'s JSON.
  func isReadable(_ i: Int) -> Bool {
    unreadable.isEmpty || !unreadable.contains(i)
  }

  /// Item `i`'s compact text (for tests).
  func text(of i: Int) -> [UInt8] {
    Array(bytes[Int(starts[i])..<Int(starts[i + 1])])
  }
}
