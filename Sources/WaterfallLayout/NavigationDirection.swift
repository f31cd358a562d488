/// A direction the selection moves in with the arrow keys.
public enum NavigationDirection: String, Hashable, Sendable, CaseIterable {
  case up, down, left, right
}
