#if canImport(Glibc)
  import Glibc
#endif
import Testing

@testable import WaterfallApp

/// Free memory between blocks still in use goes back to the system.
@Suite struct HeapTrimTests {
  @Test func freePagesBetweenBlocksInUseGoBack() {
    #if canImport(Glibc)
      // 64 KiB blocks come from the heap (below malloc's mmap threshold); the
      // last stays, so the freed ones lie below a block in use, where only a
      // trim returns them.
      var blocks: [UnsafeMutableRawPointer] = []
      for _ in 0..<256 {
        guard let block = malloc(64 << 10) else { continue }
        memset(block, 1, 64 << 10)
        blocks.append(block)
      }
      let last = malloc(64 << 10)
      for block in blocks { free(block) }
      #expect(HeapTrim.returnFreePages())
      free(last)
    #endif
  }
}
