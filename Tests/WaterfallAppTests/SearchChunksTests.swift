import Testing

@testable import WaterfallApp

/// How a search's candidates are cut: small chunks first, then whole blocks.
@Suite struct SearchChunksTests {
  @Test func chunksTileTheCandidatesSmallOnesFirst() {
    for count in [0, 1, 63, 64, 65, 256, 1_000, 1_024, 1_025, 2_048, 5_000, 100_003] {
      let chunks = SearchChunks(count: count)
      let bounds = (0..<chunks.count).map { chunks.bounds(of: $0) }
      #expect(bounds.first?.lowerBound ?? 0 == 0, "\(count)")
      #expect(bounds.last?.upperBound ?? 0 == count, "\(count)")
      #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, "\(count)")
      #expect(bounds.allSatisfy { !$0.isEmpty }, "no empty chunk: \(count)")
      #expect((0...chunks.count).map { chunks.covered(before: $0) } == [0] + bounds.map(\.upperBound), "\(count)")
    }
    let chunks = SearchChunks(count: 5_000)
    #expect((0..<chunks.count).map { chunks.bounds(of: $0).count } == [64, 192, 768, 1_024, 1_024, 1_024, 904])
  }

  @Test func chunksAfterTheLeadingOnesCoverWholeBlocks() {
    #expect(SearchChunks.leading.reduce(0, +) == SearchEngine.chunkSize)
    // Each smaller than a block: a pass's leading chunks build none, so its first matches never wait for one.
    #expect(SearchChunks.leading.allSatisfy { $0 < SearchTextCache.blockSize })
    #expect(SearchEngine.chunkSize == SearchTextCache.blockSize)
    let chunks = SearchChunks(count: 10 * SearchTextCache.blockSize)
    for chunk in SearchChunks.leading.count..<chunks.count {
      let bounds = chunks.bounds(of: chunk)
      #expect(bounds.lowerBound % SearchTextCache.blockSize == 0 && bounds.count == SearchTextCache.blockSize)
    }
  }
}
