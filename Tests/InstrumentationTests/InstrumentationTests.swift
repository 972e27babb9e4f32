import Foundation
import Instrumentation
import Testing

@Suite struct InstrumentationTests {
  @Test func recordsTotalsAndBreakdowns() {
    let instrumentation = Instrumentation()
    instrumentation.record(.providerCreated, attachmentID: 1, providerType: "Sticker")
    instrumentation.record(.providerCreated, attachmentID: 2, providerType: "Sticker")
    instrumentation.record(.viewLoaded, attachmentID: 2, providerType: "Other")
    #expect(instrumentation.totals.providersCreated == 2)
    #expect(instrumentation.perProviderType["Sticker"]?.providersCreated == 2)
    #expect(instrumentation.perProviderType["Other"]?.viewsLoaded == 1)
    #expect(instrumentation.perAttachment[2]?.viewsLoaded == 1 && instrumentation.perAttachment[1]?.viewsLoaded == 0)
  }

  @Test func oneAttachmentsCountersAreReadWithoutTheWholeBreakdown() throws {
    let instrumentation = Instrumentation()
    // Every kind with a counter, a different number of times, for attachment 3; one event for 9.
    for (times, kind) in InstrumentationEvent.Kind.allCases.filter({ $0.counter != nil }).enumerated() {
      for _ in 0...times { instrumentation.record(kind, attachmentID: 3) }
    }
    instrumentation.record(.viewLoaded, attachmentID: 9)
    let three = try #require(instrumentation.counters(forAttachment: 3))
    #expect(three == instrumentation.perAttachment[3])
    #expect(three.providersCreated == 1 && three.viewsLoaded == 4)
    #expect(instrumentation.counters(forAttachment: 9)?.viewsLoaded == 1)
    #expect(instrumentation.counters(forAttachment: 4) == nil)
    #expect(instrumentation.perAttachment.keys.sorted() == [3, 9])
    // The breakdown adds up to the totals for the kinds only attachments were counted for.
    for counter in Counter.allCases {
      #expect(three[counter] + (instrumentation.perAttachment[9]?[counter] ?? 0) == instrumentation.totals[counter])
    }
  }

  /// A byte per counter holds 255; past it the attachment moves to 32-bit counters, losing nothing.
  @Test func anAttachmentsCountsPastAByteAreKeptExactly() throws {
    let instrumentation = Instrumentation()
    for _ in 0..<255 { instrumentation.record(.viewLoaded, attachmentID: 5) }
    instrumentation.record(.providerCreated, attachmentID: 5)
    #expect(instrumentation.counters(forAttachment: 5)?.viewsLoaded == 255)
    for _ in 0..<1_000 { instrumentation.record(.viewLoaded, attachmentID: 5) }
    instrumentation.record(.viewDiscarded, attachmentID: 5)
    instrumentation.record(.viewLoaded, attachmentID: 6)
    let five = try #require(instrumentation.counters(forAttachment: 5))
    #expect(five.viewsLoaded == 1_255 && five.providersCreated == 1 && five.viewsDiscarded == 1)
    #expect(instrumentation.perAttachment[5] == five)
    #expect(instrumentation.perAttachment[6]?.viewsLoaded == 1)
    #expect(instrumentation.perAttachment.keys.sorted() == [5, 6])
    #expect(instrumentation.totals.viewsLoaded == 1_256)
    // Counts past a byte, before and after the move.
    for _ in 0..<300 { instrumentation.record(.animationReset, attachmentID: 7) }
    #expect(instrumentation.counters(forAttachment: 7)?.animationResets == 300)
    #expect(instrumentation.totals.animationResets == 300)
  }

  /// Whether a state is a reset depends on its attachment's place, which the text view knows and
  /// records; a second state of one attachment (two places of one object) is no reset by itself.
  @Test func anAnimationStateCountsOnlyItselfAndAResetIsRecordedApart() {
    let instrumentation = Instrumentation()
    instrumentation.record(.animationStateCreated, attachmentID: 7)
    instrumentation.record(.animationStateCreated, attachmentID: 8)
    instrumentation.record(.animationStateCreated, attachmentID: 7)
    #expect(instrumentation.totals.animationStatesCreated == 3)
    #expect(instrumentation.totals.animationResets == 0)
    instrumentation.record(.animationStateCreated, attachmentID: 7)
    instrumentation.record(.animationReset, attachmentID: 7)
    #expect(instrumentation.totals.animationResets == 1)
    #expect(instrumentation.perAttachment[7]?.animationResets == 1)
    #expect(instrumentation.events.map(\.kind).suffix(2) == [.animationStateCreated, .animationReset])
  }

  @Test func measureReturnsTheDelta() {
    let instrumentation = Instrumentation()
    instrumentation.record(.providerCreated, attachmentID: 1)
    let delta = instrumentation.measure {
      instrumentation.record(.providerDiscarded, attachmentID: 1)
      instrumentation.record(.viewportLayoutPass)
    }
    #expect(delta.providersCreated == 0 && delta.providersDiscarded == 1 && delta.viewportLayoutPasses == 1)
  }

  @Test func recordingManyAtOnceCountsAsManyCalls() {
    let one = Instrumentation()
    let many = Instrumentation()
    for _ in 0..<5 { one.record(.surfaceCacheRequest) }
    one.record(.providerCreated, attachmentID: nil)
    one.record(.providerCreated, attachmentID: nil)
    many.record(.surfaceCacheRequest, count: 5)
    many.record(.providerCreated, count: 2)
    many.record(.surfaceCacheHit, count: 0)
    many.record(.surfaceCacheHit, count: -3)
    #expect(many.totals == one.totals)
    #expect(
      many.totals.surfaceCacheRequests == 5 && many.totals.providersCreated == 2 && many.totals.surfaceCacheHits == 0)
    // A layout event is counted, not logged; a logged kind is logged once per event.
    #expect(many.events.map(\.kind) == [.providerCreated, .providerCreated])
    many.logsLayoutEvents = true
    many.record(.surfaceReused, count: 3)
    #expect(many.events.suffix(3).map(\.kind) == [.surfaceReused, .surfaceReused, .surfaceReused])
    #expect(many.totals.surfacesReused == 3)
  }

  @Test func cacheHookCallsAreCountedNotLogged() {
    let instrumentation = Instrumentation()
    instrumentation.record(.providerCacheRequest, attachmentID: 4)
    instrumentation.record(.providerCacheHit, attachmentID: 4)
    #expect(instrumentation.totals.providerCacheRequests == 1 && instrumentation.totals.providerCacheHits == 1)
    #expect(instrumentation.perAttachment[4]?.providerCacheHits == 1)
    #expect(instrumentation.events.isEmpty)
  }

  @Test func theEventLogIsOrderedStampedAndBounded() {
    var now = 0.0
    let instrumentation = Instrumentation(eventLogCapacity: 3, timeSource: { now })
    for id in 0..<5 {
      now = Double(id) / 10
      instrumentation.record(.viewLoaded, attachmentID: id, providerType: "P", paragraphIndex: id * 2)
    }
    #expect(instrumentation.events.map(\.attachmentID) == [2, 3, 4])
    #expect(instrumentation.events.map(\.sequence) == [2, 3, 4])
    #expect(instrumentation.events.last?.time == 0.4 && instrumentation.events.last?.paragraphIndex == 8)
    #expect(instrumentation.totals.viewsLoaded == 5)
    instrumentation.record(.layoutFragmentCreated)
    #expect(instrumentation.events.count == 3 && instrumentation.totals.layoutFragmentsCreated == 1)
  }

  @Test func theNewestEventsOfAKindAreReadWithoutTheWholeLog() {
    let instrumentation = Instrumentation(eventLogCapacity: 4)
    for id in 0..<6 {
      instrumentation.record(id.isMultiple(of: 2) ? .viewLoaded : .viewDiscarded, attachmentID: id)
    }
    // The ring holds events 2...5 and has wrapped.
    #expect(instrumentation.newestEvents(of: .viewLoaded, limit: 5).map(\.attachmentID) == [4, 2])
    #expect(instrumentation.newestEvents(of: .viewDiscarded, limit: 1).map(\.attachmentID) == [5])
    #expect(instrumentation.latestEventSequence == 5)
    #expect(Instrumentation().latestEventSequence == nil)
  }

  @Test func exportsJSONWithTheCounterNames() throws {
    let instrumentation = Instrumentation()
    instrumentation.record(.surfaceCachedOnScrollOut, attachmentID: 3, providerType: "Sticker")
    let json = try #require(String(data: try instrumentation.jsonData(includeEvents: true), encoding: .utf8))
    for counter in Counter.allCases { #expect(json.contains("\"\(counter.rawValue)\"")) }
    let report = try JSONDecoder().decode(InstrumentationReport.self, from: try instrumentation.jsonData())
    #expect(report.counters.surfacesCachedOnScrollOut == 1)
    #expect(report.perAttachment["3"]?.surfacesCachedOnScrollOut == 1)
  }

  @Test func invariantsCatchLeaksAndDuplicates() {
    let instrumentation = Instrumentation()
    instrumentation.record(.providerCreated, attachmentID: 1)
    instrumentation.record(.viewLoaded, attachmentID: 1)
    let healthy = Instrumentation.LiveObjects(providers: 1, views: 1, providersPerAttachment: [1: 1])
    #expect(instrumentation.invariantViolations(actual: healthy) == [])
    let leaked = Instrumentation.LiveObjects(providers: 2, views: 1, providersPerAttachment: [1: 2])
    let violations = instrumentation.invariantViolations(actual: leaked)
    #expect(violations.contains { $0.hasPrefix("providersCreated") })
    #expect(violations.contains { $0.contains("attachment 1 has 2 live providers") })
    // A second creation for the same attachment without a discard is caught from the counters alone.
    instrumentation.record(.providerCreated, attachmentID: 1)
    let doubled = instrumentation.invariantViolations(
      actual: .init(providers: 2, views: 1, providersPerAttachment: [1: 1, 2: 1]))
    #expect(doubled.contains { $0.contains("attachment 1 has 2 live providers") })
  }
}
