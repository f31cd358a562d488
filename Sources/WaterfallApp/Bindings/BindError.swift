/// Why a `--bind` value cannot be used: one line naming the key or the action.
///
/// ```swift
/// try KeyBind.parse("ctrl-o:exec(vim)")   // throws: ctrl-o: unknown action 'exec'
/// ```
public struct BindError: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
