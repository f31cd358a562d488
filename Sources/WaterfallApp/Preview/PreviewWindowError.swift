/// Why a `--preview-window` value cannot be used: one line naming the word.
///
/// ```swift
/// try PreviewWindow(parsing: "sideways")   // throws: unknown 'sideways' (right:50%, …)
/// ```
public struct PreviewWindowError: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
