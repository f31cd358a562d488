import Foundation
import Testing

/// Polls `condition` until it holds, and records an issue naming `what` when
/// `timeout` passes first: the one way tests wait for something another thread
/// or process does.
///
/// A test never sleeps for a fixed time to let work happen: it steps workers
/// itself (a synchronous mode, a gate) where it can, and otherwise waits here
/// for the sign it expects. A wait that runs out fails the test at the wait,
/// with its name, not later as a misleading assertion. The polling interval is
/// short (`every`), so a wait costs what the work costs.
///
/// ```swift
/// let server = try TestHTTPServer.start()
/// eventually("the second page requested") { server.log.contains("/page/2") }
/// ```
///
/// - Returns: whether the condition held in time.
@discardableResult
public func eventually(
  _ what: @autoclosure () -> String, timeout: Duration = .seconds(60), every interval: Duration = .milliseconds(2),
  sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) rethrows -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while true {
    if try condition() { return true }
    if clock.now >= deadline {
      Issue.record("timed out after \(timeout) waiting for \(what())", sourceLocation: sourceLocation)
      return false
    }
    Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
  }
}
