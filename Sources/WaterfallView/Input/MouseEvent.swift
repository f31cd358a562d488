import WaterfallLayout

/// What the mouse did, and where, in screen cells.
public struct MouseEvent: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    /// The left button went down.
    case press
    /// The left button went up.
    case release
    case wheelUp
    case wheelDown
  }

  public var action: Action
  public var position: Point

  public init(action: Action, position: Point) {
    self.action = action
    self.position = position
  }
}
