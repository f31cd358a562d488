/// Where loading stands, for the footer under the last card and the status bar.
///
/// ```swift
/// browser.loading = .loading(progress: "loading 1,200 items…")
/// browser.loading = .done   // the footer says "End · 1,234 items"
/// ```
public enum LoadState: Equatable, Sendable {
  /// Everything there is has been loaded.
  case done
  /// More is being read; `progress` is a short note for the status bar.
  case loading(progress: String?)
  /// Reading stopped before the data's end, for this reason (a server that
  /// went away, a query cancelled): the status bar says it, the footer says
  /// it stopped, and `r` reads again.
  case stopped(String)
}
