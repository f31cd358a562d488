import Synchronization
import WaterfallTerminal
import WaterfallView
import WaterfallWorkers

/// Carries out the actions of a key bound with `--bind`, in the live terminal:
/// key commands through the browser, shell commands with their placeholders
/// filled in (``CommandTemplate``, ``PlaceholderValues``) and quoted.
///
/// `execute` hands the terminal over (``TerminalSession/handOver(_:)``) and the
/// screen is drawn whole after; `execute-silent` runs on a thread of its own,
/// so a slow command never holds a key, and says in the status bar when it
/// fails; `become` ends the loop, the caller then giving the terminal back and
/// replacing the program. `print` keeps the selected item in ``printed``.
///
/// ```swift
/// let runner = BindingRunner(browser: browser, session: session, baseDirectory: "Data")
/// let step = runner.run(actions, key: .control("o"), time: now) { action in program.carryOut(action) }
/// ```
final class BindingRunner {
  let browser: Browser
  let session: TerminalSession
  /// Where items' relative picture paths start.
  let baseDirectory: String
  /// The items `print` kept, to be printed when the program ends.
  private(set) var printed: [[UInt8]] = []
  /// What background commands had to say, for the status bar.
  private let notices = Notices()

  /// Notices handed from the threads of background commands to the loop's.
  final class Notices: Sendable {
    private let list = Mutex<[String]>([])

    func add(_ notice: String) { list.withLock { $0.append(notice) } }

    /// The latest notice, once; the others are dropped.
    func takeLatest() -> String? {
      list.withLock { list in
        defer { list.removeAll() }
        return list.last
      }
    }
  }

  init(browser: Browser, session: TerminalSession, baseDirectory: String) {
    self.browser = browser
    self.session = session
    self.baseDirectory = baseDirectory
  }

  /// The items `{+…}` stands for: the marked ones, in the order marked (none:
  /// `{+…}` is the selected item).
  var markedItems: [Int] { browser.marks.items }

  /// Runs `actions`, bound to `key`, in order; `carryOut` does what the browser
  /// answered a command with, as for a key. Stops at the first that ends the loop.
  func run(
    _ actions: [BindAction], key: Key, time: UInt64,
    carryOut: (BrowserAction) -> TerminalStep<TerminalApp.Outcome>
  ) -> TerminalStep<TerminalApp.Outcome> {
    var repaint = false
    for action in actions {
      let step: TerminalStep<TerminalApp.Outcome>
      switch action {
      case .ignore:
        continue
      case .command(let command):
        step = carryOut(browser.perform(command, time: time))
      case .print:
        guard let item = browser.selectedItem else {
          browser.notice = "\(BindKey.label(key)): no item to print"
          continue
        }
        printed.append(browser.store.printed(at: item))
        browser.notice = printed.count == 1 ? "1 item to print at the end" : "\(printed.count) items to print at the end"
        continue
      case .execute(let template), .executeSilent(let template), .become(let template):
        guard let line = commandLine(template, key: key) else { continue }
        switch action {
        case .become: return .finish(.become(line))
        case .executeSilent:
          runInBackground(line, key: key)
          continue
        default:
          let status = session.handOver { ShellCommand.run(line, on: .terminal) }
          if let note = Self.failure(status, key: key) { browser.notice = note }
          step = carryOut(.repaint)
        }
      }
      switch step {
      case .continue: break
      case .repaint: repaint = true
      case .finish: return step
      }
    }
    return repaint ? .repaint : .continue
  }

  /// `template` filled in for the selected item and the search, or nil (and a
  /// notice) when it needs an item and none is selected.
  func commandLine(_ template: CommandTemplate, key: Key) -> String? {
    let selected = browser.selectedItem
    if template.needsItem, selected == nil {
      browser.notice = "\(BindKey.label(key)): no item selected"
      return nil
    }
    let values = PlaceholderValues(
      store: browser.store, selected: selected, marked: markedItems, query: browser.filter, baseDirectory: baseDirectory)
    return template.expand(values.values(for:))
  }

  /// Runs `line` with no terminal on a thread of its own; a failure is told in
  /// the status bar (``takeNotice()``, the loop woken).
  private func runInBackground(_ line: String, key: Key) {
    let wakeUp = session.wakeUp
    let notices = self.notices
    let label = BindKey.label(key)
    _ = WorkerThread(name: "wf-execute") {
      let status = ShellCommand.run(line, on: .none)
      guard let note = Self.failure(status, label: label) else { return }
      notices.add(note)
      wakeUp.signal()
    }
  }

  /// The latest thing a background command had to say, once.
  func takeNotice() -> String? { notices.takeLatest() }

  static func failure(_ status: Int32?, key: Key) -> String? { failure(status, label: BindKey.label(key)) }

  /// What the status bar says of a command that ended with `status` (nil: it
  /// could not start); nothing when it succeeded.
  static func failure(_ status: Int32?, label: String) -> String? {
    guard let status else { return "\(label): /bin/sh could not be started" }
    return status == 0 ? nil : "\(label): the command exited \(status)"
  }
}
