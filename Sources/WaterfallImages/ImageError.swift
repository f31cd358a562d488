/// Why a picture could not be shown, in a few words a details panel can print.
///
/// ```swift
/// do { _ = try Image(contentsOf: "big.png") } catch { print(error.reason) }
/// // too large: 30000×30000 pixels (the limit is 40 megapixels)
/// ```
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read (missing, no permission, a directory).
  case unreadable(String)
  /// The file is not a picture decoded here, whatever its name says (an SVG: "SVG
  /// pictures are not drawn").
  case notAnImage(String)
  /// The file ends before the picture does.
  case truncated
  /// The decoder refused the data.
  case corrupt(String)
  /// The header states a size over the limits: refused before any pixel memory.
  case tooLarge(width: Int, height: Int, limits: ImageLimits)
  /// Memory ran out, or the decoder's memory limit was reached.
  case outOfMemory
  /// Decoding took longer than ``ImageLimits/maximumDecodeMilliseconds``.
  case tooSlow(milliseconds: Int)

  /// A short reason: a line in the details panel.
  public var reason: String {
    switch self {
    case .unreadable(let why): return why
    case .notAnImage(let why): return why
    case .truncated: return "truncated: the file ends before the picture does"
    case .corrupt(let why): return "damaged: \(why)"
    case .tooLarge(let width, let height, let limits):
      return "too large: \(width)×\(height) pixels (\(limits.summary))"
    case .outOfMemory: return "out of memory"
    case .tooSlow(let milliseconds): return "took longer than \(milliseconds) ms to decode"
    }
  }

  public var description: String { reason }
}
