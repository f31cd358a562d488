@testable import WaterfallApp

extension LoadController {
  /// Runs a stepped controller's reading to its end, taking every update in
  /// (into `browser` when given); returns the last store a reload handed over.
  ///
  /// ```swift
  /// _ = controller.reload()
  /// let reread = controller.readToEnd()   // the reload's new store
  /// ```
  @discardableResult
  func readToEnd(into browser: Browser? = nil) -> ItemStore? {
    var replacement: ItemStore?
    repeat {
      runPendingWork()
      let update = drain()
      replacement = update.replacement ?? replacement
      browser?.apply(update, now: 0)
    } while !(isIdle && !hasPendingEvents)
    return replacement
  }
}
