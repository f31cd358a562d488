extension Image {
  /// A rectangle of pixels: the part of an image to scale.
  public struct Region: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  /// The whole image as a region.
  public var bounds: Region { Region(x: 0, y: 0, width: width, height: height) }

  /// The largest centred region with the aspect ratio `aspectWidth : aspectHeight`:
  /// what is left when the picture is cropped to fill a frame of that shape.
  ///
  /// ```swift
  /// Image(width: 100, height: 50, repeating: .black).centredRegion(aspectWidth: 1, aspectHeight: 1)
  /// // Region(x: 25, y: 0, width: 50, height: 50)
  /// ```
  public func centredRegion(aspectWidth: Int, aspectHeight: Int) -> Region {
    guard width > 0, height > 0, aspectWidth > 0, aspectHeight > 0 else { return bounds }
    // Compare width / height with aspectWidth / aspectHeight without rounding.
    if width * aspectHeight > height * aspectWidth {
      let w = max(1, min(width, (height * aspectWidth + aspectHeight / 2) / aspectHeight))
      return Region(x: (width - w) / 2, y: 0, width: w, height: height)
    } else {
      let h = max(1, min(height, (width * aspectHeight + aspectWidth / 2) / aspectWidth))
      return Region(x: 0, y: (height - h) / 2, width: width, height: h)
    }
  }

  /// The `region` of this image (all of it by default) scaled to `targetWidth` x
  /// `targetHeight` by area averaging: each new pixel is the mean of the source
  /// pixels it covers, each weighted by how much of it is covered (a box filter).
  ///
  /// Unlike picking the nearest pixel, every source pixel counts, so thin lines and
  /// fine patterns keep their weight in a thumbnail instead of flickering in and out.
  /// The arithmetic is exact integer arithmetic, rounded once at the end, so results
  /// are the same everywhere. Enlarging works too (each pixel becomes a block, blended
  /// where blocks meet).
  ///
  /// ```swift
  /// let image = Image(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255])
  /// image.scaled(toWidth: 1, height: 1)[0, 0]   // RGB(128, 128, 128)
  /// ```
  /// - Complexity: O(region pixels + target pixels).
  public func scaled(toWidth targetWidth: Int, height targetHeight: Int, region: Region? = nil) -> Image {
    let source = region ?? bounds
    precondition(
      source.x >= 0 && source.y >= 0 && source.width > 0 && source.height > 0 && source.x + source.width <= width
        && source.y + source.height <= height, "the region must lie inside the image")
    guard targetWidth > 0, targetHeight > 0 else { return Image(width: 0, height: 0, pixels: []) }
    let columns = BoxWeights(source: source.width, target: targetWidth)
    let rows = BoxWeights(source: source.height, target: targetHeight)
    func scale(_ bytes: [UInt8], channels: Int) -> [UInt8] {
      Self.boxScaled(bytes, channels: channels, width: width, source: source, columns: columns, rows: rows)
    }
    return Image(
      width: targetWidth, height: targetHeight, pixels: scale(pixels, channels: 3), alpha: alpha.map { scale($0, channels: 1) })
  }

  /// `bytes` (`channels` a pixel, `width` pixels a row) in `source`, scaled by
  /// the box weights `columns` across and `rows` down.
  private static func boxScaled(
    _ bytes: [UInt8], channels: Int, width: Int, source: Region, columns: BoxWeights, rows: BoxWeights
  ) -> [UInt8] {
    let targetWidth = columns.targetCount
    let targetHeight = rows.targetCount
    let stride = targetWidth * channels

    // Across: each source row of the region becomes targetWidth sums, weighted so
    // that each sums to value * source.width.
    var across = [UInt32](repeating: 0, count: stride * source.height)
    bytes.withUnsafeBufferPointer { input in
      across.withUnsafeMutableBufferPointer { output in
        columns.withBuffers { starts, indices, weights in
          for y in 0..<source.height {
            let rowStart = ((source.y + y) * width + source.x) * channels
            let outStart = y * stride
            for x in 0..<targetWidth {
              let out = outStart + x * channels
              for span in starts[x]..<starts[x + 1] {
                let p = rowStart + indices[span] * channels
                let weight = weights[span]
                for c in 0..<channels { output[out + c] &+= UInt32(input[p + c]) &* weight }
              }
            }
          }
        }
      }
    }

    // Down: each target row sums the rows it covers; the total weight is
    // source.width * source.height.
    let total = UInt64(source.width) * UInt64(source.height)
    var result = [UInt8](repeating: 0, count: stride * targetHeight)
    var sums = [UInt64](repeating: 0, count: stride)
    across.withUnsafeBufferPointer { input in
      result.withUnsafeMutableBufferPointer { output in
        sums.withUnsafeMutableBufferPointer { sums in
          rows.withBuffers { starts, indices, weights in
            for y in 0..<targetHeight {
              sums.update(repeating: 0)
              for span in starts[y]..<starts[y + 1] {
                let start = indices[span] * stride
                let weight = UInt64(weights[span])
                for i in 0..<stride { sums[i] &+= UInt64(input[start + i]) &* weight }
              }
              let outStart = y * stride
              for i in 0..<stride { output[outStart + i] = UInt8(truncatingIfNeeded: (sums[i] + total / 2) / total) }
            }
          }
        }
      }
    }
    return result
  }
}

/// How the pixels of a source line of `source` pixels spread over `target` pixels:
/// target pixel t covers [t * source, (t + 1) * source) and source pixel s covers
/// [s * target, (s + 1) * target), in units of 1 / (source * target) of the line;
/// a span's weight is the length of the overlap, so each target's weights add up to
/// `source`.
struct BoxWeights {
  /// For target t, its spans are entries starts[t] ..< starts[t + 1].
  private var starts: [Int] = [0]
  private var indices: [Int] = []
  private var weights: [UInt32] = []

  /// The number of target pixels.
  var targetCount: Int { starts.count - 1 }

  init(source: Int, target: Int) {
    for t in 0..<target {
      let low = t * source
      let high = (t + 1) * source
      var s = low / target
      while s * target < high, s < source {
        let overlap = min(high, (s + 1) * target) - max(low, s * target)
        if overlap > 0 {
          indices.append(s)
          weights.append(UInt32(overlap))
        }
        s += 1
      }
      starts.append(indices.count)
    }
  }

  /// Calls `body` with the spans' buffers: target t's spans are
  /// `starts[t] ..< starts[t + 1]`, each a source index and its weight.
  func withBuffers<R>(
    _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<UInt32>) -> R
  ) -> R {
    starts.withUnsafeBufferPointer { s in
      indices.withUnsafeBufferPointer { i in weights.withUnsafeBufferPointer { w in body(s, i, w) } }
    }
  }
}
