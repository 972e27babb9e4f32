import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

/// The trace's rows, lifetimes and marks, its Chrome trace and its HTML page, from events recorded
/// as a text view records them.
@Suite struct ReuseTraceTests {
  /// Stands for a provider object: the trace tells providers apart by object.
  final class Provider {}

  /// An instrumentation with a trace, on a clock the test moves.
  final class Recorder {
    let instrumentation = Instrumentation()
    let trace = ReuseTrace(name: "test")
    var now = 0.0

    init() {
      instrumentation.timeSource = { [unowned self] in now }
      instrumentation.trace = trace
    }

    func record(_ kind: InstrumentationEvent.Kind, _ attachment: Int, _ provider: Provider?, because: String? = nil) {
      instrumentation.record(
        kind, attachmentID: attachment, providerType: "P", paragraphIndex: attachment, message: because,
        provider: provider.map(ObjectIdentifier.init))
    }

    /// A provider made and its view loaded with a new animation state; a reset when `resets`.
    func show(_ attachment: Int, _ provider: Provider, resets: Bool = false) {
      record(.providerCreated, attachment, provider)
      record(.viewLoaded, attachment, provider)
      record(.animationStateCreated, attachment, provider)
      if resets { record(.animationReset, attachment, provider) }
    }
  }

  @Test func aReplacedProviderKeepsItsRowAndASecondPlaceGetsItsOwn() {
    let recorder = Recorder()
    let (first, second, pasted) = (Provider(), Provider(), Provider())
    recorder.trace.beginPass()
    recorder.show(7, first)
    recorder.trace.endPass(liveProviders: 1, cachedViews: 0, cachedBytes: 0)
    recorder.now = 1
    recorder.record(.viewDiscarded, 7, first, because: "an edit")
    recorder.record(.providerDiscarded, 7, first, because: "an edit")
    recorder.show(7, second, resets: true)
    recorder.show(7, pasted)  // the same attachment placed again while the second lives
    let timeline = recorder.trace.closedTimeline()
    #expect(timeline.occurrences.map(\.occurrence) == [0, 1])
    #expect(timeline.occurrences[0].providers.map(\.providerID) == [1, 2])
    #expect(timeline.occurrences[0].providers[0].endCause == "an edit")
    #expect(timeline.occurrences[1].providers.map(\.providerID) == [3])
    #expect(timeline.count(of: .animationReset) == recorder.instrumentation.totals.animationResets)
    #expect(timeline.providersStarted == recorder.instrumentation.totals.providersCreated)
    let check = ChromeTraceCheck(ChromeTrace(timelines: [timeline]).jsonString())
    #expect(check.problems == [])
    #expect(check.instants[1]?["animation reset"] == 1)
    #expect(check.slices[1]?["provider"] == 3)
    #expect(check.slices[1]?["view"] == 3)
    #expect(check.trackNames[1]?.values.sorted().contains("attachment 7 · occurrence 1") == true)
  }

  @Test func viewStatesFollowTheEventsAndNestInTheirProvider() {
    let recorder = Recorder()
    let provider = Provider()
    recorder.show(3, provider)
    recorder.now = 0.5
    recorder.record(.surfaceCachedOnScrollOut, 3, provider)
    recorder.now = 1
    recorder.record(.surfaceRestoredOnScrollIn, 3, provider)
    recorder.record(.surfaceCachedOnScrollOut, 3, provider)
    recorder.record(.surfaceEvicted, 3, provider)
    let views = recorder.trace.closedTimeline().occurrences[0].providers[0].views
    #expect(views.map(\.state) == [.shown, .cached, .shown, .cached])
    #expect(views.allSatisfy { $0.end != nil })
    #expect(views[1].start.time == 500_000)  // microseconds of the clock
    let check = ChromeTraceCheck(ChromeTrace(timelines: [recorder.trace.closedTimeline()]).jsonString())
    #expect(check.problems == [])
  }

  @Test func thingsAtOneClockTimeGetTimesInTheirOrder() {
    let recorder = Recorder()
    for attachment in 0..<5 { recorder.show(attachment, Provider()) }
    let marks = recorder.trace.timeline.occurrences.flatMap(\.marks).map(\.point)
    #expect(zip(marks, marks.dropFirst()).allSatisfy { $0.time < $1.time && $0.ordinal < $1.ordinal })
  }

  @Test func aSliceHoldsOnlyItsStretch() {
    let recorder = Recorder()
    let old = Provider()
    recorder.show(1, old)
    recorder.trace.beginStep("measured block")
    let start = recorder.trace.timeline.end
    recorder.record(.viewDiscarded, 1, old)
    recorder.record(.providerDiscarded, 1, old)
    recorder.show(1, Provider(), resets: true)
    recorder.show(2, Provider())
    let part = recorder.trace.closedTimeline().slice(from: start, to: recorder.trace.timeline.end)
    #expect(part.count(of: .animationReset) == 1)
    #expect(part.count(of: .animationStateCreated) == 2)  // the first one's is before the stretch
    #expect(part.occurrences[0].providers[0].predatesTrace)
    #expect(part.providersStarted == 2)
    #expect(ChromeTraceCheck(ChromeTrace(timelines: [part]).jsonString()).problems == [])
  }

  @Test func aFullTraceCountsWhatItDropsAndTheCountersStayExact() {
    let recorder = Recorder()
    let small = ReuseTrace(name: "small", capacity: 4)
    recorder.instrumentation.trace = small
    for attachment in 0..<10 { recorder.show(attachment, Provider(), resets: true) }
    #expect(small.timeline.droppedEntries > 0)
    #expect(recorder.instrumentation.totals.animationResets == 10)
    #expect(small.timeline.occurrences.count == 10)  // rows and lifetimes stay exact
  }

  @Test func thePageDrawsEveryResetAndLoadsNothing() {
    let recorder = Recorder()
    for attachment in 0..<8 { recorder.show(attachment, Provider(), resets: attachment.isMultiple(of: 2)) }
    recorder.trace.beginStep("step 0: type")
    recorder.trace.endStep()
    let run = ReuseReportPage.Run(
      policy: "none", counters: recorder.instrumentation.totals, timeline: recorder.trace.closedTimeline())
    let page = ReuseReportPage(
      title: "t", runs: [run],
      tradeoff: [.init(bound: "0", resets: 4, resetsAvoided: 0, peakViews: 0, peakBytes: 0)]
    ).html()
    #expect(page.occurrences(of: "class=\"reset\" data-count=\"1\"") == 4)
    #expect(page.occurrences(of: "<g class=\"occurrence\"") == 8)
    #expect(page.occurrences(of: "<line class=\"step\"") == 1)
    #expect(page.contains("Content-Security-Policy"))
    #expect(!page.contains("<script"))
    // The only address is the SVG namespace, which names and fetches nothing.
    #expect(page.occurrences(of: "http:") == page.occurrences(of: "xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(page.contains("data-counter=\"animationResets\">4</td>"))
  }

  @Test func aLargeRunIsDrawnInGroupsThatStillCountEveryReset() {
    let recorder = Recorder()
    for attachment in 0..<900 { recorder.show(attachment, Provider(), resets: attachment % 3 == 0) }
    let run = ReuseReportPage.Run(
      policy: "scroll", counters: recorder.instrumentation.totals, timeline: recorder.trace.closedTimeline())
    let page = ReuseReportPage(title: "t", runs: [run]).html()
    #expect(page.contains("data-occurrences=\"900\" data-aggregated=\"true\""))
    #expect(page.occurrences(of: "<g class=\"occurrence-group\"") == 100)
    let counts = page.matches(of: /class="reset" data-count="(\d+)"/).map { Int($0.1)! }
    #expect(counts.reduce(0, +) == 300)
  }
}

extension String {
  fileprivate func occurrences(of needle: String) -> Int {
    components(separatedBy: needle).count - 1
  }
}
