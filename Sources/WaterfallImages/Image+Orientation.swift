extension Image {
  /// The picture turned upright as `orientation` says (``PictureOrientation``):
  /// the same pixels and opacities, mirrored, turned, or both; its width and
  /// height exchanged for orientations 5 to 8.
  ///
  /// ```swift
  /// let stored = Image(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])   // red, blue
  /// stored.oriented(.rotated90)   // 1 wide, 2 high: red on top, blue below
  /// ```
  public func oriented(_ orientation: PictureOrientation) -> Image {
    guard orientation != .normal else { return self }
    let (w, h) = (width, height)
    let (shownWidth, shownHeight) = orientation.swapsSides ? (h, w) : (w, h)
    // The stored pixel that shows at (x, y).
    let source: (Int, Int) -> (Int, Int)
    switch orientation {
    case .normal: source = { ($0, $1) }
    case .mirrored: source = { (w - 1 - $0, $1) }
    case .rotated180: source = { (w - 1 - $0, h - 1 - $1) }
    case .flipped: source = { ($0, h - 1 - $1) }
    case .transposed: source = { ($1, $0) }
    case .rotated90: source = { ($1, h - 1 - $0) }
    case .transversed: source = { (w - 1 - $1, h - 1 - $0) }
    case .rotated270: source = { (w - 1 - $1, $0) }
    }
    var turned = [UInt8](repeating: 0, count: pixels.count)
    var turnedAlpha: [UInt8]?
    pixels.withUnsafeBufferPointer { from in
      turned.withUnsafeMutableBufferPointer { to in
        for y in 0..<shownHeight {
          for x in 0..<shownWidth {
            let (sx, sy) = source(x, y)
            let i = (sy * w + sx) * 3
            let o = (y * shownWidth + x) * 3
            to[o] = from[i]
            to[o + 1] = from[i + 1]
            to[o + 2] = from[i + 2]
          }
        }
      }
    }
    if let alpha {
      var out = [UInt8](repeating: 0, count: alpha.count)
      for y in 0..<shownHeight {
        for x in 0..<shownWidth {
          let (sx, sy) = source(x, y)
          out[y * shownWidth + x] = alpha[sy * w + sx]
        }
      }
      turnedAlpha = out
    }
    return Image(width: shownWidth, height: shownHeight, pixels: turned, alpha: turnedAlpha)
  }
}
