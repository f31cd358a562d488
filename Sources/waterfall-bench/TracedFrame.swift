/// One line of `waterfall`'s `WATERFALL_TRACE` file: a frame drawn after a key and
/// where its time went, in nanoseconds.
///
/// A line is `total beforeDraw draw`; an older binary's line is `total` alone, and
/// then the parts are unknown (0).
///
/// ```swift
/// let frame = TracedFrame(line: "734512 120300 402118")!
/// frame.output   // 212094: encoding the frame and writing it
/// ```
struct TracedFrame: Equatable {
  /// From reading the key to the frame's write returning.
  var total: UInt64
  /// From reading the key to the draw's start: handling it, and waiting for a core.
  var beforeDraw: UInt64
  /// Drawing the browser into the canvas.
  var draw: UInt64

  /// What is left: encoding the frame and writing it.
  var output: UInt64 { total >= beforeDraw &+ draw ? total - beforeDraw - draw : 0 }

  init(total: UInt64, beforeDraw: UInt64 = 0, draw: UInt64 = 0) {
    self.total = total
    self.beforeDraw = beforeDraw
    self.draw = draw
  }

  /// The frame a trace line describes, or `nil` when it is not one.
  init?<Line: StringProtocol>(line: Line) {
    let fields = line.split(separator: " ")
    let numbers = fields.compactMap { UInt64($0) }
    guard numbers.count == fields.count, numbers.count == 1 || numbers.count == 3 else { return nil }
    self.init(total: numbers[0], beforeDraw: numbers.count == 3 ? numbers[1] : 0, draw: numbers.count == 3 ? numbers[2] : 0)
  }

  /// The mean parts of the slowest `fraction` of `frames` (at least one frame), in
  /// milliseconds: where the tail's time goes. `nil` when there are no frames.
  static func slowestParts(of frames: [TracedFrame], fraction: Double) -> (count: Int, beforeDraw: Double, draw: Double, output: Double)? {
    guard !frames.isEmpty else { return nil }
    let count = max(1, Int((Double(frames.count) * fraction).rounded()))
    let slowest = frames.sorted { $0.total > $1.total }.prefix(count)
    func mean(_ part: (TracedFrame) -> UInt64) -> Double {
      Double(slowest.reduce(UInt64(0)) { $0 + part($1) }) / Double(count) / 1e6
    }
    return (count, mean(\.beforeDraw), mean(\.draw), mean(\.output))
  }
}
