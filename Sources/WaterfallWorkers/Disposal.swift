/// Frees what the main thread lets go of on a thread of its own: a layout of
/// a million groups, or their table, holds millions of small arrays, and
/// freeing them would hold the main thread for a good part of a second.
///
/// ```swift
/// let old = view.layout
/// view.setLayout(new)
/// Disposal.release { _ = old }   // the last reference goes on the disposal thread
/// ```
public enum Disposal {
  private static let worker = Worker<Never>(name: "free", mode: .background(wake: {}), priority: .lowered)

  /// Runs `drop` on the disposal thread, after what was given before: it
  /// should let go of the last reference to what it holds.
  public static func release(_ drop: @escaping @Sendable () -> Void) {
    worker.enqueue { _ in drop() }
  }
}
