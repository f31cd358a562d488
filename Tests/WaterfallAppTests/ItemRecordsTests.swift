import Testing

@testable import WaterfallApp

/// Records kept in two words read back as they went in, and those whose
/// numbers do not fit are kept whole beside them.
@Suite struct ItemRecordsTests {
  @Test func recordsReadBackAsTheyWentIn() {
    typealias Record = ItemStore.Record
    let records: [Record] = [
      Record(summary: 0, offset: 0, length: 0, page: 0),
      Record(summary: 123_456, offset: 3_557_000_000, length: 351, page: 2),
      Record(summary: (1 << 40) - 1, offset: (1 << 40) - 1, length: (1 << 24) - 2, page: (1 << 24) - 2),
      Record(summary: 1 << 40, offset: 5, length: 7, page: 1),  // a summary past 1 TiB
      Record(summary: 9, offset: 1 << 41, length: 7, page: 1),  // a file past 1 TiB
      Record(summary: 9, offset: 5, length: 200_000_000, page: 1),  // a 200 MB line
      Record(summary: 9, offset: 5, length: (1 << 24) - 1, page: 1),  // the length that marks a wide record
      Record(summary: 9, offset: 5, length: 7, page: 20_000_000),  // more pages than 24 bits hold
      Record(summary: 10, offset: 6, length: 8, page: 3),
    ]
    var kept = ItemRecords()
    for record in records { kept.append(record) }
    #expect(kept.count == records.count)
    #expect(kept.wideCount == 5)
    for (index, record) in records.enumerated() {
      let back = kept[index]
      #expect(back.summary == record.summary && back.offset == record.offset, "\(index)")
      #expect(back.length == record.length && back.page == record.page, "\(index)")
    }
    kept.removeAll()
    #expect(kept.count == 0 && kept.wideCount == 0)
  }

  @Test func aRecordCostsSixteenBytes() {
    #expect(ItemRecords.bytesPerRecord == 16)
  }
}
