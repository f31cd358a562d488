/// What loading changed, handed from the ``LoadController`` to the browser
/// (``Browser/apply(_:now:)``): the loader never touches the browser itself.
///
/// ```swift
/// let update = controller.drain(now: clock.milliseconds)
/// browser.apply(update, now: clock.milliseconds)
/// ```
public struct LoadUpdate {
  /// Items were appended to the store the browser shows.
  public var appended = false
  /// Pictures' sizes were read from their headers (``PictureSizer``): the cards
  /// that named them take their new heights.
  public var resized = false
  /// A reload finished: the browser takes this store in place of its own.
  public var replacement: ItemStore?
  /// Where loading stands now (nil: unchanged).
  public var loading: LoadState?
  /// A message for the status bar: `.some(nil)` clears it, nil leaves it.
  public var notice: String??
  /// JSON Lines lines skipped so far (nil: unchanged).
  public var skippedCount: Int?
  /// The groups the source holds, read or not (a folder tree's folders; nil: unchanged).
  public var groupsFound: Int?
  /// Whether every page asked for has been read: a relayout the browser put
  /// off may happen now.
  /// For a source paged by keys, the window on its rows the store shown
  /// holds, when it changed (``LoadController/window``).
  public var window: RowWindow?
  /// Where the selection goes in the store handed over (``replacement``) by a
  /// window move (``LoadController/moveWindow(_:)``); nil: kept as for a reload.
  public var landing: WindowLanding?
  public var loaderIdle = true
  /// Whether the loader had anything at all (what a caller polling for the
  /// first page waits on).
  public var changed = false

  public init() {}

  /// A notice alone (a reload that cannot be done).
  public static func notice(_ text: String?) -> LoadUpdate {
    var update = LoadUpdate()
    update.notice = .some(text)
    update.changed = true
    return update
  }
}
