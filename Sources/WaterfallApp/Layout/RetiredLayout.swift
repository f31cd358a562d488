import WaterfallLayout
import WaterfallWorkers

/// A layout the view no longer shows, freed on a worker thread: a layout of a
/// million groups holds millions of small arrays, and freeing them would hold
/// the main thread for a good part of a second.
///
/// ```swift
/// let old = RetiredLayout(view.layout)   // before the view lets go of it
/// view.reloadData(withPrepared: layout, counts: counts)
/// old.release()                          // freed off the main thread, if this held it last
/// ```
final class RetiredLayout: @unchecked Sendable {
  // @unchecked: the layout is only dropped, on the worker, once the main thread let go of it.
  /// The layout, until ``release()``: read it only before.
  private(set) var layout: (any CollectionLayout)?

  init(_ layout: any CollectionLayout) {
    self.layout = layout
  }

  /// Drops the layout on the disposal thread (``Disposal``).
  func release() {
    Disposal.release { self.layout = nil }
  }
}
