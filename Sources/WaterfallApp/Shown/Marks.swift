/// The items marked with Tab (`-m`), in the order they were marked: what
/// `--print` prints and `{+}` stands for.
///
/// Marks are store items, so they outlast a search, a sort, a hide or a
/// change of layout as they are; a reload finds them again by their ids
/// (``remapped(by:)``). With a limit (`--multi=3`) a mark past it is refused.
///
/// ```swift
/// var marks = Marks(limit: 2)
/// marks.toggle(7)        // true: marked
/// marks.toggle(3)        // true
/// marks.toggle(9)        // false: the limit
/// marks.items            // [7, 3]
/// ```
public struct Marks: Equatable, Sendable {
  /// The most items that may be marked; nil: no limit.
  public let limit: Int?
  /// The marked items, in the order marked.
  public private(set) var items: [Int] = []
  private var member: Set<Int> = []

  public init(limit: Int? = nil) {
    self.limit = limit
  }

  public var count: Int { items.count }
  public var isEmpty: Bool { items.isEmpty }

  /// Whether `item` is marked.
  public func contains(_ item: Int) -> Bool { member.contains(item) }

  /// Whether another item may be marked.
  public var hasRoom: Bool { limit.map { items.count < $0 } ?? true }

  /// Marks `item`, or unmarks it when it is marked; returns false when it was
  /// not marked and the limit leaves no room (nothing changes).
  @discardableResult
  public mutating func toggle(_ item: Int) -> Bool {
    if member.remove(item) != nil {
      items.removeAll { $0 == item }
      return true
    }
    guard hasRoom else { return false }
    member.insert(item)
    items.append(item)
    return true
  }

  /// Marks `candidates` in order, those not marked yet, as far as the limit
  /// allows; returns how many were marked.
  @discardableResult
  public mutating func mark(_ candidates: some Sequence<Int>) -> Int {
    var added = 0
    for item in candidates where !member.contains(item) {
      guard hasRoom else { break }
      member.insert(item)
      items.append(item)
      added += 1
    }
    return added
  }

  /// Unmarks everything.
  public mutating func removeAll() {
    items.removeAll()
    member.removeAll()
  }

  /// The same marks in a store read again: each item as `find` finds it there
  /// (by its id), in the same order; those it does not find are dropped.
  public func remapped(by find: (Int) -> Int?) -> Marks {
    var marks = Marks(limit: limit)
    marks.mark(items.compactMap(find))
    return marks
  }
}
