/// What a ``TerminalProgram`` tells the ``TerminalLoop`` after handling an event.
///
/// ```swift
/// func handle(_ event: InputEvent, time: UInt64) -> TerminalStep<Int32> {
///   switch event {
///   case .key(.character("q")): return .finish(0)
///   case .key(.control("l")): return .repaint
///   default: return .continue
///   }
/// }
/// ```
public enum TerminalStep<Outcome> {
  /// Go on: the next frame is drawn once every event already waiting is handled.
  case `continue`
  /// Go on, and send the whole screen again with the next frame (Ctrl-L, or after
  /// something else wrote to the terminal).
  case repaint
  /// End the loop: ``TerminalLoop/run(_:)`` returns `outcome`.
  case finish(Outcome)
}
