import WaterfallLayout
import WaterfallView

/// The browser's side of the preview panel (`--preview`): which command line
/// the selection stands for, the keys and the wheel that scroll and toggle
/// the panel, and where it is drawn. The panel's state is its own
/// (``PreviewPanel``); the cards make room for it (``LayoutPolicy/preview``).
extension Browser {
  /// Lets the preview run its commands with `launcher` (the terminal's
  /// ``ShellPreview``), pictures' relative paths taken from `baseDirectory`.
  public func attachPreview(launcher: any PreviewLauncher, baseDirectory: String) {
    preview?.attach(launcher: launcher, baseDirectory: baseDirectory)
  }

  /// Stops the preview's command at once and runs no other: the program ends.
  public func stopPreview() {
    preview?.stop()
  }

  /// Follows the selection with the preview (a new command line when the item,
  /// or the search or marks the command names, changed) and takes in the
  /// output that came; returns whether the panel changed. Cheap: the run loop
  /// calls it before every frame.
  @discardableResult
  public func updatePreview() -> Bool {
    guard let preview else { return false }
    let key = previewKey(preview)
    if key != preview.key {
      preview.key = key
      preview.show(previewLine(preview))
    }
    return preview.take()
  }

  /// Whether preview output waits to be taken in.
  var previewHasOutput: Bool { preview?.hasOutput ?? false }

  /// What the command line is made from now.
  private func previewKey(_ preview: PreviewPanel) -> PreviewKey {
    let placeholders = preview.command.placeholders
    return PreviewKey(
      shows: preview.isOpen && cards.previewFrame != nil,
      item: mode == .details ? details?.item ?? selectedItem : selectedItem,
      query: placeholders.contains { $0.value == .query } ? filter : nil,
      marked: placeholders.contains(where: \.every) ? marks.items : nil)
  }

  /// The command line for the selection, nil when the panel is closed, has no
  /// room, or the command needs an item and none is selected.
  private func previewLine(_ preview: PreviewPanel) -> String? {
    guard preview.isOpen, cards.previewFrame != nil else { return nil }
    let item = preview.key?.item
    if preview.command.needsItem, item == nil { return nil }
    let values = PlaceholderValues(
      store: store, selected: item, marked: marks.items, query: filter, baseDirectory: preview.baseDirectory)
    return preview.command.expand(values.values(for:))
  }

  /// Carries out a preview command (`toggle-preview`, `preview-down`, …);
  /// returns false for any other command.
  func handlePreview(_ command: KeyCommand) -> Bool {
    switch command {
    case .togglePreview, .showPreview, .hidePreview, .refreshPreview, .previewUp, .previewDown, .previewPageUp,
      .previewPageDown, .previewHalfPageUp, .previewHalfPageDown, .previewTop, .previewBottom:
      break
    default: return false
    }
    guard let preview else {
      notice = "--preview CMD shows a command's output beside the cards"
      return true
    }
    let rect = cards.previewFrame ?? .zero
    let half = max(1, preview.textRect(in: rect).height / 2)
    switch command {
    case .togglePreview: togglePreview()
    case .showPreview: if !preview.isOpen { togglePreview() }
    case .hidePreview: if preview.isOpen { togglePreview() }
    case .refreshPreview: preview.refresh()
    case .previewUp: preview.scroll(by: -1, in: rect)
    case .previewDown: preview.scroll(by: 1, in: rect)
    case .previewPageUp: preview.scroll(pages: -1, in: rect)
    case .previewPageDown: preview.scroll(pages: 1, in: rect)
    case .previewHalfPageUp: preview.scroll(by: -half, in: rect)
    case .previewHalfPageDown: preview.scroll(by: half, in: rect)
    case .previewTop: preview.scroll = 0
    case .previewBottom: preview.scroll(by: .max / 2, in: rect)
    default: break
    }
    return true
  }

  /// Opens or closes the panel; the cards take the room it leaves, or give it.
  func togglePreview() {
    guard let preview else { return }
    preview.toggle()
    cards.setPreview(preview.isOpen ? preview.window : nil)
    details?.scroll(by: 0, in: detailsRect)
  }

  /// The wheel over the panel scrolls it (and a click there selects no card):
  /// returns whether `mouse` was over it.
  func previewMouse(_ mouse: MouseEvent) -> Bool {
    guard let preview, mode != .help, let rect = cards.previewFrame, rect.contains(mouse.position) else { return false }
    switch mouse.action {
    case .wheelUp: preview.scroll(by: -3, in: rect)
    case .wheelDown: preview.scroll(by: 3, in: rect)
    default: break
    }
    return true
  }

  /// Draws the panel, when it shows.
  func drawPreview(in canvas: any Canvas) {
    guard let preview, let rect = cards.previewFrame else { return }
    preview.draw(in: canvas, rect: rect, theme: options.theme)
  }
}
