/// Cells waiting to be reused, keyed by reuse identifier.
///
/// A cell whose item scrolls out of view goes back to the pool; a newly visible
/// item takes a waiting cell when there is one and a new cell only when there is
/// none, so the number of cells ever created stays near the number visible at once,
/// however many items there are.
///
/// ```swift
/// let pool = ReusePool()
/// pool.register(TextCell.self, forReuseIdentifier: "text")
/// let cell = pool.dequeue("text")   // created
/// pool.enqueue(cell)
/// pool.dequeue("text") === cell     // reused, after prepareForReuse()
/// ```
public final class ReusePool {
  private var classes: [String: Cell.Type] = [:]
  private var waiting: [String: [Cell]] = [:]
  /// Cells created because none was waiting.
  public private(set) var createdCount = 0
  /// Dequeues answered with a waiting cell.
  public private(set) var reusedCount = 0

  public init() {}

  /// Makes `dequeue(identifier)` create `type` when no cell is waiting.
  public func register(_ type: Cell.Type, forReuseIdentifier identifier: String) {
    classes[identifier] = type
  }

  /// A waiting cell of `identifier`, prepared for reuse, or a new one.
  ///
  /// - Precondition: a class is registered for `identifier`.
  public func dequeue(_ identifier: String) -> Cell {
    if let cell = waiting[identifier]?.popLast() {
      reusedCount += 1
      cell.prepareForReuse()
      return cell
    }
    guard let type = classes[identifier] else {
      preconditionFailure("no cell class registered for reuse identifier '\(identifier)'")
    }
    createdCount += 1
    return type.init(reuseIdentifier: identifier)
  }

  /// Puts `cell` back to wait for reuse.
  public func enqueue(_ cell: Cell) {
    cell.indexPath = nil
    cell.isSelected = false
    waiting[cell.reuseIdentifier, default: []].append(cell)
  }

  /// The cells waiting, all identifiers together.
  public var waitingCount: Int {
    waiting.values.reduce(0) { $0 + $1.count }
  }
}
