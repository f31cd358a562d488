/// What ``FoldedJSONWalker`` tells as it walks an item's JSON: each string and
/// number value, its folded text a scalar at a time (``FoldedTextSink``),
/// between ``beginValue()`` and ``endValue()``, at the member path in ``path``.
///
/// The visitor keeps the path, and the walker changes it: keys folded to lower
/// case as UTF-8, joined by `.` (no dot after an empty path: `"":{"e":1}` is at `e`), when ``readsKeys``
/// is true; when it is false, keys are skipped unread and the path stays empty.
/// A visitor that has seen enough says so with ``isDone``: the walk stops
/// there and counts the item as read.
///
/// ```swift
/// struct Values: FoldedJSONVisitor {
///   var path: [UInt8] = []
///   var readsKeys: Bool { true }
///   var isDone: Bool { false }
///   var texts: [String] = []
///   private var text: [UInt8] = []
///
///   mutating func beginValue() { text = path + Array(":".utf8) }
///   mutating func append(scalar: UInt32) { text.append(scalar: scalar) }
///   mutating func endValue() { texts.append(String(decoding: text, as: UTF8.self)) }
/// }
/// ```
protocol FoldedJSONVisitor: FoldedTextSink {
  /// The member path of the value being read (the walker's to change).
  var path: [UInt8] { get set }
  /// Whether the walker reads member keys into ``path`` (or skips them).
  var readsKeys: Bool { get }
  /// Whether the visitor needs no more of the item: the walk stops, reading it as JSON.
  var isDone: Bool { get }
  /// A string or number value starts: its scalars follow.
  mutating func beginValue()
  /// The value's scalars are all given.
  mutating func endValue()
}
