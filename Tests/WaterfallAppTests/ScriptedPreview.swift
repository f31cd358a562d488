import Foundation

@testable import WaterfallApp

/// A preview command that writes what the test feeds it, when the test feeds
/// it: no process, no time. A read waits for food (or for the command to be
/// stopped), up to its timeout.
///
/// ```swift
/// let command = ScriptedPreview(line: "cat x")
/// command.feed(.bytes(Array("one\n".utf8)), .end)
/// ```
final class ScriptedPreview: PreviewCommand, @unchecked Sendable {
  let line: String
  private let condition = NSCondition()
  private var queue: [PreviewRead] = []
  private var stopped = false
  private var _interrupted = false
  private var _killed = false
  private var _finished: Bool?
  /// What it writes when it is interrupted, before its output ends (a command
  /// that says something on SIGTERM).
  var lastWords: [UInt8] = []
  /// Its exit status when it ends by itself.
  var status: Int32 = 0

  init(line: String, reads: [PreviewRead] = []) {
    self.line = line
    queue = reads
  }

  /// Makes `reads` the next things a read finds.
  func feed(_ reads: PreviewRead...) {
    condition.lock()
    queue += reads
    condition.broadcast()
    condition.unlock()
  }

  func read(timeoutMilliseconds: Int32) -> PreviewRead {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: Double(timeoutMilliseconds) / 1000)
    while queue.isEmpty, !stopped {
      if !condition.wait(until: deadline) { return .idle }
    }
    return queue.isEmpty ? .end : queue.removeFirst()
  }

  func interrupt() {
    condition.lock()
    _interrupted = true
    if !stopped, !lastWords.isEmpty { queue.append(.bytes(lastWords)) }
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  func kill() {
    condition.lock()
    _killed = true
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  func finish(graceful: Bool) -> Int32? {
    condition.lock()
    defer { condition.unlock() }
    _finished = graceful
    stopped = true
    return graceful ? status : 143
  }

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  var interrupted: Bool { locked { _interrupted } }
  var killed: Bool { locked { _killed } }
  /// Whether its job finished it, and whether gracefully (its output had ended).
  var finished: Bool? { locked { _finished } }
}

/// Starts ``ScriptedPreview``s, each with the reads `script` gives for its
/// line, and keeps them for the test to look at.
final class ScriptedLauncher: PreviewLauncher, @unchecked Sendable {
  private let lock = NSLock()
  private var _started: [ScriptedPreview] = []
  let script: @Sendable (String) -> [PreviewRead]

  init(script: @escaping @Sendable (String) -> [PreviewRead] = { _ in [] }) {
    self.script = script
  }

  /// Commands that write `text(line)` and end.
  static func writing(_ text: @escaping @Sendable (String) -> String) -> ScriptedLauncher {
    ScriptedLauncher { line in [.bytes(Array(text(line).utf8)), .end] }
  }

  func start(_ line: String) -> (any PreviewCommand)? {
    let command = ScriptedPreview(line: line, reads: script(line))
    lock.lock()
    _started.append(command)
    lock.unlock()
    return command
  }

  var started: [ScriptedPreview] {
    lock.lock()
    defer { lock.unlock() }
    return _started
  }

  var lines: [String] { started.map(\.line) }
}
