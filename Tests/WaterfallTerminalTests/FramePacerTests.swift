import Testing
import WaterfallView

@testable import WaterfallTerminal

/// Frames that only show what workers found come at most every interval; a
/// key's frame, and the first frame after it or after a quiet screen, at once.
@Suite struct FramePacerTests {
  @Test func framesThatAnswerNoInputComeAnIntervalApart() {
    var pacer = FramePacer(interval: 16)
    pacer.frameDrawn(at: 0, answeringInput: false)
    #expect(pacer.wait(at: 2) == 0)  // the first frame after a quiet screen: at once
    pacer.frameDrawn(at: 2, answeringInput: false)
    #expect(pacer.wait(at: 3) == 15)
    #expect(pacer.wait(at: 17) == 1)
    #expect(pacer.wait(at: 18) == 0)
    // A frame drawn when it was due keeps the pace: the next waits again.
    pacer.frameDrawn(at: 18, answeringInput: false)
    #expect(pacer.wait(at: 20) == 14)
    pacer.frameDrawn(at: 35, answeringInput: false)
    #expect(pacer.wait(at: 35) == 16)
  }

  @Test func theFrameAfterAKeysFrameComesAtOnce() {
    var pacer = FramePacer(interval: 16)
    pacer.frameDrawn(at: 100, answeringInput: false)
    pacer.frameDrawn(at: 101, answeringInput: false)
    #expect(pacer.wait(at: 102) == 15)
    pacer.frameDrawn(at: 102, answeringInput: true)  // a key ends the wait and is drawn
    #expect(pacer.wait(at: 105) == 0)  // its search's first matches show at once
    pacer.frameDrawn(at: 105, answeringInput: false)
    #expect(pacer.wait(at: 106) == 15)
  }

  @Test func aQuietScreenDrawsTheNextFrameAtOnce() {
    var pacer = FramePacer(interval: 16)
    pacer.frameDrawn(at: 0, answeringInput: false)
    pacer.frameDrawn(at: 1, answeringInput: false)
    // Nothing for two intervals (a progress tick every 100 ms): the frame after it is not held.
    pacer.frameDrawn(at: 101, answeringInput: false)
    #expect(pacer.wait(at: 103) == 0)
  }

  @Test func noIntervalNeverWaits() {
    var pacer = FramePacer(interval: 0)
    for time in UInt64(0)..<5 {
      pacer.frameDrawn(at: time, answeringInput: false)
      #expect(pacer.wait(at: time) == 0)
    }
  }
}

/// The loop's wait between frames (``TerminalLoop/nextEvent(timeout:pacer:now:wait:work:)``)
/// over a clock of its own: work runs while a frame is not yet due, input ends the wait.
@Suite struct FrameWaitTests {
  /// A scripted terminal: each wait advances the clock by its timeout, or to
  /// the next input if that comes sooner (a wake-up: at once).
  final class Script {
    var now: UInt64 = 0
    var inputAt: UInt64?
    var wokenAt: [UInt64] = []
    var waits: [Int?] = []
    var workLeft = 0
    var worked: [UInt64] = []

    func wait(_ timeout: Int?) -> InputEvent? {
      waits.append(timeout)
      if let woken = wokenAt.first, timeout.map({ now + UInt64($0) >= woken }) ?? true {
        now = max(now, woken)
        wokenAt.removeFirst()
        return nil
      }
      if let input = inputAt, timeout.map({ now + UInt64($0) >= input }) ?? true {
        now = max(now, input)
        inputAt = nil
        return .key(.character("j"))
      }
      now += UInt64(timeout ?? 0)
      return nil
    }

    func work() -> Bool {
      worked.append(now)
      now += 1  // a slice
      workLeft -= 1
      return workLeft > 0
    }

    func next(timeout: Int?, pacer: FramePacer) -> InputEvent? {
      TerminalLoop.nextEvent(timeout: timeout, pacer: pacer, now: { self.now }, wait: wait, work: work)
    }
  }

  /// A pacer whose next frame is held until `due`.
  static func pacer(heldUntil due: UInt64) -> FramePacer {
    var pacer = FramePacer(interval: 16)
    pacer.frameDrawn(at: due - 17, answeringInput: false)
    pacer.frameDrawn(at: due - 16, answeringInput: false)
    return pacer
  }

  @Test func aWakeBeforeTheFrameIsDueWorksInSlicesThenWaitsForTheRest() {
    let script = Script()
    script.now = 100
    script.wokenAt = [102]  // the search has matches
    script.workLeft = 3
    let event = script.next(timeout: nil, pacer: Self.pacer(heldUntil: 116))
    #expect(event == nil)  // the frame is due
    #expect(script.now == 116)
    #expect(script.worked == [102, 103, 104])  // three slices, the wait polled between them
    #expect(script.waits == [nil, 0, 0, 11])
  }

  @Test func inputEndsTheWaitAtOnce() {
    let script = Script()
    script.now = 100
    script.wokenAt = [101]
    script.inputAt = 105
    script.workLeft = 1
    let event = script.next(timeout: nil, pacer: Self.pacer(heldUntil: 116))
    #expect(event == .key(.character("j")))
    #expect(script.now == 105)
  }

  @Test func aFrameDueIsNotHeld() {
    let script = Script()
    script.now = 100
    script.workLeft = 5
    #expect(script.next(timeout: 0, pacer: FramePacer(interval: 16)) == nil)
    #expect(script.worked.isEmpty)
    #expect(script.waits == [0])
  }
}
