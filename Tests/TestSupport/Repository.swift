import Foundation

/// The repository the tests were built from: its sample data, README and
/// scripts.
///
/// ```swift
/// let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
/// let shops = Repository.path("Data/shops")   // "/…/waterfall/Data/shops"
/// ```
public enum Repository {
  /// The repository's root folder (the one holding Package.swift).
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The absolute path of `relative`, a path inside the repository.
  public static func path(_ relative: String) -> String {
    root.appendingPathComponent(relative).path
  }
}
