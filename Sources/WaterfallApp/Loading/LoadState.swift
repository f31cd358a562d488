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
}
