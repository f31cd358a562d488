import Testing
import WaterfallLayout

@testable import WaterfallApp

/// Where the background layout stands, alone, without a view: a grouping
/// keeps its job through new jobs, shows its first sections once, takes items
/// into its backlog only while it runs, and ends handing back what it was.
@Suite struct LayoutPhaseTests {
  static let shape = LayoutShape(
    kind: .waterfall, columns: 3, largeCards: false, screen: Size(width: 80, height: 24),
    store: ObjectIdentifier(ItemStore(roles: FieldRoles())), revision: 1)

  static func task(_ generation: Int) -> LayoutTask {
    LayoutTask(generation: generation, shape: shape, frame: Rect(x: 0, y: 0, width: 80, height: 23))
  }

  @Test func aLayoutJobReplacesTheOneBefore() {
    var phase = LayoutPhase.idle
    #expect(!phase.isLayingOut)
    phase.startLayout(Self.task(1))
    phase.startLayout(Self.task(2))
    #expect(phase.task?.generation == 2)
    #expect(!phase.isGrouping)
    #expect(phase.regrouping == nil)
    #expect(phase.finish() == nil, "no grouping to hand back")
    #expect(!phase.isLayingOut)
  }

  @Test func aGroupingGoesOnThroughNewJobsAndEndsWithItsBacklog() throws {
    var phase = LayoutPhase.idle
    let addedToNone = phase.addToBacklog([1])
    #expect(!addedToNone, "no grouping: the items are the caller's")
    phase.startGrouping(Self.task(1), Regrouping(input: GroupingInput(range: 0..<10), keep: 4))
    #expect(phase.isGrouping)
    // A resize starts the job again: the grouping goes on in it.
    phase.startLayout(Self.task(2))
    #expect(phase.isGrouping)
    #expect(phase.task?.generation == 2)
    let added = phase.addToBacklog([11, 12])
    #expect(added)
    phase.updateSelection(selectedAtRequest: .some(3), selectsFirst: true)
    let finished = phase.finish()
    let (regroup, shown) = try #require(finished)
    #expect(!shown)
    #expect(regroup.backlog == [11, 12])
    #expect(regroup.keep == 4)
    #expect(regroup.selectedAtRequest == 3)
    #expect(regroup.selectsFirst)
    #expect(!phase.isLayingOut)
  }

  @Test func firstSectionsShowOnceAndAreNeverGroupedAgain() throws {
    var phase = LayoutPhase.idle
    phase.startGrouping(Self.task(1), Regrouping(input: GroupingInput(range: 0..<10), keep: nil))
    phase.showFirstSections(revision: 7)
    #expect(!phase.isGrouping, "the new sections show")
    #expect(phase.isLayingOut, "their whole layout is on its way")
    #expect(phase.task?.shape.revision == 7, "for the sections shown")
    #expect(phase.regrouping?.input.count == 0, "nothing left to group")
    // Shown already: a second call, or sections grouped for another shape, change nothing.
    phase.showFirstSections(revision: 9)
    phase.keepGrouped(SectionedItems(ungrouped: [1, 2]))
    #expect(phase.task?.shape.revision == 7)
    #expect(phase.regrouping?.input.count == 0)
    let added = phase.addToBacklog([5])
    #expect(added)
    let finished = phase.finish()
    let (regroup, shown) = try #require(finished)
    #expect(shown)
    #expect(regroup.backlog == [5])
  }

  @Test func sectionsGroupedForAnotherShapeAreKept() {
    var phase = LayoutPhase.idle
    phase.startGrouping(Self.task(1), Regrouping(input: GroupingInput(range: 0..<10), keep: nil))
    let sections = SectionedItems.grouping([3, 1, 2], key: { "g\($0 % 2)" })!
    phase.keepGrouped(sections)
    #expect(phase.regrouping?.input.grouped?.allItems == sections.allItems)
  }

  @Test func aNewGroupingReplacesWhateverTheWorkerDid() {
    var phase = LayoutPhase.idle
    phase.startLayout(Self.task(1))
    phase.startGrouping(Self.task(2), Regrouping(input: GroupingInput(list: [9]), keep: 9))
    #expect(phase.isGrouping)
    phase.startGrouping(Self.task(3), Regrouping(input: GroupingInput(list: [8]), keep: 8))
    #expect(phase.regrouping?.keep == 8)
    #expect(phase.regrouping?.backlog.isEmpty == true)
  }
}
