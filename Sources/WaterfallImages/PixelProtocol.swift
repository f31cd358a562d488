/// How real pixels reach the terminal: sixel, or the kitty graphics protocol.
///
/// ```swift
/// ThumbnailKey(path: "a.png", shape: .fill(width: 24, height: 12), mode: .truecolor, cellPixels: Size(width: 8, height: 16), pixels: .kitty)
/// ```
public enum PixelProtocol: String, Hashable, Sendable {
  case sixel
  case kitty
}
