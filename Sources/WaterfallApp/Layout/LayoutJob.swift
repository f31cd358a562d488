import WaterfallLayout
import WaterfallWorkers

/// Laying every card out for a layout policy, as a value a worker thread can
/// run: a copy of the sections shown and of the cards (``CardSnapshot``), the
/// policy and the view's size. Its result is a prepared layout, ready to
/// install, and the card heights it measured.
///
/// A million text cards at a new width take seconds to measure, and a million
/// groups seconds to lay out: the browser runs such jobs on a ``Worker``
/// (``run(on:)``) while the keys stay live.
///
/// Given a ``GroupingInput`` it first groups the items into sections (a sort,
/// a hide or a big page with `--group-by`), and its result brings them: the
/// screen changes to new sections and their layout together.
///
/// ```swift
/// let job = LayoutJob(policy: policy, size: view.frame.size, sections: dataSource.sections,
///                     hasFooter: true, cards: store.cardSnapshot, known: nil, width: 30)
/// let result = job.run()   // on any thread
/// view.reloadData(withPrepared: result!.layout, counts: result!.counts)
/// ```
struct LayoutJob: @unchecked Sendable {
  // @unchecked: copies of copy-on-write values, and a policy that is Sendable.
  var policy: LayoutPolicy
  var size: Size
  var sections: SectionedItems
  /// Items to group into ``sections`` first, if any.
  var grouping: GroupingInput?
  /// With more sections than this after grouping, the first ones are laid out
  /// and handed over first (``run(parallelism:shouldStop:progress:grouping:interim:)``);
  /// 0: never.
  var interimSections = 0
  var hasFooter: Bool
  var cards: CardSnapshot
  /// The heights known at ``width`` already (0: not known), by store item.
  var known: [UInt16]?
  /// The width most cards get, measured first on every core; a section of
  /// another width (`--group-columns`) measures its cards as it lays them out.
  /// Sideways (`--direction horizontal`), the rows' height.
  var width: Int
  /// The widths a card may take in a horizontal waterfall (``CardDataSource/cardWidths``).
  var cardWidths = 13...52

  /// What a job made: the prepared layout, the item count of each section it
  /// laid out, and every card's height at ``LayoutJob/width`` (none, for a
  /// layout of one size of card).
  struct Result: @unchecked Sendable {
    // @unchecked: the layout is made and prepared on the worker and then only
    // handed over; nothing else holds it.
    var layout: any CollectionLayout
    var counts: [Int]
    var width: Int
    var heights: [UInt16]
    /// The sections the job grouped, when it grouped.
    var sections: SectionedItems?
    /// Whether this lays out only the first sections, the whole layout to follow.
    var isInterim = false
  }

  /// Runs the job on a worker: the first sections (when there are more than
  /// ``interimSections``), then the whole layout, are delivered; the share of
  /// the layout done is the worker's progress, the share grouped its detail
  /// (-1 when the job groups nothing).
  func run(on job: WorkerJob<Result>) {
    job.report(detail: grouping == nil ? -1 : 0)
    let result = run(
      parallelism: job.parallelism, shouldStop: { job.isCancelled }, progress: { job.report(progress: $0) },
      grouping: { job.report(detail: $0) }, interim: { job.deliver($0) })
    if let result { job.deliver(result) }
  }

  /// Runs the job: groups the items, if asked to (`grouping` hears the share
  /// done, 0 to 100), measures the cards not known at ``width`` (the work split
  /// as `parallelism` says), then lays them all out. Nil when `shouldStop` said
  /// so; `progress` hears the share of the layout done, 0 to 100; `interim` the
  /// first sections laid out, when there are more than ``interimSections``.
  func run(
    parallelism: Parallelism = .serial, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in }, grouping report: @escaping @Sendable (Int) -> Void = { _ in },
    interim: (Result) -> Void = { _ in }
  ) -> Result? {
    var job = self
    if let grouping {
      // (Grouped already when a job for another shape did it: not again.)
      guard let grouped = grouping.grouped ?? grouping.sections(cards: cards, shouldStop: shouldStop, progress: report)
      else { return nil }
      report(100)
      job.sections = grouped
      job.grouping = nil
      if interimSections > 0, grouped.sectionCount > interimSections {
        var first = job
        first.sections = grouped.prefix(sections: interimSections)
        first.hasFooter = false
        guard var result = first.layOut(parallelism: parallelism, shouldStop: shouldStop, progress: { _ in }) else { return nil }
        result.sections = grouped
        result.isInterim = true
        interim(result)
        job.known = result.heights
      }
    }
    guard var result = job.layOut(parallelism: parallelism, shouldStop: shouldStop, progress: progress) else { return nil }
    if grouping != nil { result.sections = job.sections }
    return result
  }

  /// Measures the cards of ``sections`` not known at ``width`` and lays them out.
  private func layOut(
    parallelism: Parallelism, shouldStop: @escaping @Sendable () -> Bool, progress: @escaping @Sendable (Int) -> Void
  ) -> Result? {
    // Only the cards shown: in one section, its items; in many, all of theirs.
    // Cards of one size (the grids, the list's rows) need no measuring.
    let measures = policy.options.layout.measuresCards
    let sideways = measures && policy.isHorizontal
    var heights: [UInt16] = []
    var widths: [UInt16] = []
    if measures {
      let items = sections.allItems
      let total = max(1, items.count)
      // Measuring is nearly all of the work when nothing is known; laying out, the rest.
      let measuring: @Sendable (Int) -> Void = { progress(min(90, $0 * 90 / total)) }
      if sideways {
        // Each card's width at the rows' height, on every core.
        guard
          let measured = cards.widths(
            height: width, within: cardWidths, of: items, parallelism: parallelism, shouldStop: shouldStop, progress: measuring)
        else { return nil }
        widths = measured
      } else {
        guard
          let measured = cards.heights(
            width: width, of: items, known: known, parallelism: parallelism, shouldStop: shouldStop, progress: measuring)
        else { return nil }
        heights = measured
      }
    }
    guard !shouldStop() else { return nil }
    let layout = policy.makeLayout(
      sectionCount: sections.sectionCount, hasFooter: hasFooter,
      sectionKeys: policy.options.parameters.groupColumns.isEmpty
        ? [] : (0..<sections.sectionCount).map { sections.count(inSection: $0) > 0 ? cards.group(of: sections.item(0, inSection: $0)) : nil })
    var source = Source(sections: sections, heights: heights, width: width, cards: cards, oneSize: !measures)
    source.widths = widths
    source.cardWidths = cardWidths
    layout.prepare(size: size, source: source)
    progress(100)
    return Result(layout: layout, counts: sections.counts, width: width, heights: heights)
  }

  /// The sections' cards at their heights, for the layout to ask.
  struct Source: LayoutSource {
    var sections: SectionedItems
    var heights: [UInt16]
    var width: Int
    var cards: CardSnapshot
    /// Every card one row, as ``CardDataSource`` says for the layouts that
    /// size their cards themselves (and the list's rows).
    var oneSize = false
    /// Each card's width at rows ``width`` tall, by store item, sideways.
    var widths: [UInt16] = []
    var cardWidths = 13...52

    var numberOfSections: Int { sections.sectionCount }

    func numberOfItems(inSection section: Int) -> Int { sections.count(inSection: section) }

    func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize {
      if oneSize { return .height(1) }
      let item = sections.item(indexPath.item, inSection: indexPath.section)
      if width == self.width, heights[item] != 0 { return .height(cards.layoutHeight(of: item, width: width, known: Int(heights[item]))) }
      return .height(cards.layoutHeight(of: item, width: width))
    }

    func sizeForItem(at indexPath: IndexPath, height: Int) -> ItemSize {
      if oneSize { return .height(1) }
      let item = sections.item(indexPath.item, inSection: indexPath.section)
      if height == width, item < widths.count, widths[item] != 0 { return .height(Int(widths[item])) }
      return .height(cards.width(of: item, height: height, within: cardWidths))
    }
  }
}
