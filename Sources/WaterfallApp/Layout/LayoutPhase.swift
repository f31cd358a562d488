import WaterfallLayout

/// Where the background layout of the cards stands: nothing on the worker, a
/// layout of every card on its way, or a grouping and then its layout.
///
/// One value, owned by ``LayoutCoordinator`` and changed only by the methods
/// below, so a combination that must not happen cannot be written: a grouping
/// always has the layout job that does it, a grouping's first sections shown
/// are never grouped again, and items taken in while a grouping runs wait in
/// its backlog, nowhere else.
///
/// ```swift
/// var phase = LayoutPhase.idle
/// phase.startLayout(LayoutTask(generation: 1, shape: shape, frame: frame))  // .layingOut
/// phase.startGrouping(task, Regrouping(input: input, keep: 7))              // .grouping
/// phase.showFirstSections(revision: 3)                                      // .completingGroups
/// let done = phase.finish()                                                 // .idle; the grouping, to finish
/// ```
enum LayoutPhase {
  /// The view's layout is the whole layout; the worker makes none.
  case idle
  /// The worker lays every card out; the view shows a stand-in meanwhile (a
  /// window around the selection, heights partly guessed, or the layout it had).
  case layingOut(LayoutTask)
  /// The worker groups the items anew (a sort, a search, a hide, a big page
  /// with `--group-by`), then lays the new sections out; the old sections show
  /// until both come together.
  case grouping(LayoutTask, Regrouping)
  /// A grouping's first sections show already (the cards were empty); the
  /// layout of every section follows.
  case completingGroups(LayoutTask, Regrouping)

  /// The job on the worker, if one is.
  var task: LayoutTask? {
    switch self {
    case .idle: return nil
    case .layingOut(let task), .grouping(let task, _), .completingGroups(let task, _): return task
    }
  }

  /// The grouping under way, shown already or not.
  var regrouping: Regrouping? {
    switch self {
    case .idle, .layingOut: return nil
    case .grouping(_, let regroup), .completingGroups(_, let regroup): return regroup
    }
  }

  /// Whether the worker is grouping items the cards do not show yet.
  var isGrouping: Bool {
    if case .grouping = self { return true }
    return false
  }

  /// Whether a job is on the worker.
  var isLayingOut: Bool { task != nil }

  // MARK: Transitions

  /// A job laying every card out started (`task`): a grouping under way goes
  /// on in it (the job groups first, or lays out sections grouped already).
  mutating func startLayout(_ task: LayoutTask) {
    switch self {
    case .idle, .layingOut: self = .layingOut(task)
    case .grouping(_, let regroup): self = .grouping(task, regroup)
    case .completingGroups(_, let regroup): self = .completingGroups(task, regroup)
    }
  }

  /// A job grouping `regroup`'s items started, in place of whatever the worker did.
  mutating func startGrouping(_ task: LayoutTask, _ regroup: Regrouping) {
    self = .grouping(task, regroup)
  }

  /// The grouping's first sections now show (their revision `revision`); the
  /// job's whole layout, on its way, is for them.
  mutating func showFirstSections(revision: Int) {
    guard case .grouping(var task, var regroup) = self else { return }
    task.shape.revision = revision
    regroup.input = GroupingInput()
    self = .completingGroups(task, regroup)
  }

  /// The grouping's items were grouped already by a job for another shape:
  /// the next job takes them as they are.
  mutating func keepGrouped(_ sections: SectionedItems) {
    guard case .grouping(let task, var regroup) = self else { return }
    regroup.input = GroupingInput(shown: sections)
    self = .grouping(task, regroup)
  }

  /// Items taken in while a grouping runs: shown after its sections. Returns
  /// false when no grouping runs (the items are the caller's to show).
  mutating func addToBacklog(_ items: [Int]) -> Bool {
    switch self {
    case .idle, .layingOut: return false
    case .grouping(let task, var regroup):
      regroup.backlog += items
      self = .grouping(task, regroup)
    case .completingGroups(let task, var regroup):
      regroup.backlog += items
      self = .completingGroups(task, regroup)
    }
    return true
  }

  /// Notes the selection at the time a grouping was asked for (a reload
  /// selects after asking), and whether its first match is to be selected.
  mutating func updateSelection(selectedAtRequest: Int?? = nil, selectsFirst: Bool? = nil) {
    guard case .grouping(let task, var regroup) = self else { return }
    if let selectedAtRequest { regroup.selectedAtRequest = selectedAtRequest }
    if let selectsFirst { regroup.selectsFirst = selectsFirst }
    self = .grouping(task, regroup)
  }

  /// The worker's job is done, taken or dropped: back to idle. Returns the
  /// grouping that was under way, for the caller to finish (show its sections
  /// and backlog), and whether its sections were shown already.
  @discardableResult
  mutating func finish() -> (regroup: Regrouping, shown: Bool)? {
    defer { self = .idle }
    switch self {
    case .idle, .layingOut: return nil
    case .grouping(_, let regroup): return (regroup, false)
    case .completingGroups(_, let regroup): return (regroup, true)
    }
  }
}

/// A layout job on the worker: its generation, and what it lays out for (its
/// result is installed only if the browser still wants the same).
struct LayoutTask: Equatable {
  var generation: Int
  var shape: LayoutShape
  /// Where the view is to be when the layout comes.
  var frame: Rect
}

/// What a layout is laid out for: the kind, columns and card size, the screen,
/// the store and the revision of the items shown.
struct LayoutShape: Equatable {
  var kind: LayoutKind
  var columns: Int
  var largeCards: Bool
  var screen: Size
  var store: ObjectIdentifier
  var revision: Int
}

/// A grouping the worker is doing, and what to do when it is done.
struct Regrouping {
  /// What it groups (nothing, once its first sections show).
  var input: GroupingInput
  /// The item to select when the new sections show.
  var keep: Int?
  /// The item selected when it was asked for: if another is selected by then,
  /// that one stays selected instead.
  var selectedAtRequest: Int?
  /// Whether the first item is selected when they show (a search's first matches).
  var selectsFirst = false
  /// Items taken in meanwhile: added after the new sections, in order.
  var backlog: [Int] = []

  init(input: GroupingInput, keep: Int?, selectedAtRequest: Int? = nil) {
    self.input = input
    self.keep = keep
    self.selectedAtRequest = selectedAtRequest
  }
}
