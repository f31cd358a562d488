import Foundation
import WaterfallImages

enum FileManagerNames {
  /// The picture files in `folder`, sorted.
  static func pictures(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { ImageFormat.isPictureName($0) }.sorted()
  }
}
