import ChatKit
import Instrumentation
import ReuseKitSDL
import Testing

/// Which resets flash: new ones while recording, none replayed when recording starts.
@Suite struct ResetFlashTrackerTests {
  @Test func resetsBeforeRecordingStartsAreNotReplayedAndTheLogIsNotRead() {
    let instrumentation = Instrumentation()
    var tracker = ResetFlashTracker()
    tracker.update(from: instrumentation, now: 0, records: false)
    instrumentation.record(.animationReset, attachmentID: 1)
    instrumentation.record(.animationReset, attachmentID: 2)
    tracker.update(from: instrumentation, now: 0.1, records: false)
    #expect(tracker.flashes.isEmpty)
    #expect(tracker.lastSeenSequence == -1, "not recording, the tracker does not read the log")
    tracker.update(from: instrumentation, now: 0.2, records: true)
    #expect(tracker.flashes.isEmpty, "resets from before recording started are not replayed")

    instrumentation.record(.animationReset, attachmentID: 3)
    instrumentation.record(.providerCreated, attachmentID: 4)
    tracker.update(from: instrumentation, now: 0.3, records: true)
    #expect(tracker.flashes == [3: 0.3])
    #expect(tracker.lastSeenSequence == instrumentation.events.last?.sequence)
    tracker.update(from: instrumentation, now: 0.85, records: true)
    #expect(tracker.flashes == [3: 0.3])
    tracker.update(from: instrumentation, now: 0.95, records: true)
    #expect(tracker.flashes.isEmpty, "a flash ends after its duration")
  }

  @Test func aResetInTheFrameRecordingStartsFlashes() {
    let instrumentation = Instrumentation()
    var tracker = ResetFlashTracker()
    instrumentation.record(.animationReset, attachmentID: 1)
    tracker.update(from: instrumentation, now: 0, records: false)
    instrumentation.record(.animationReset, attachmentID: 2)
    tracker.update(from: instrumentation, now: 0.1, records: true)
    #expect(tracker.flashes == [2: 0.1])
  }

  @Test func onlyTheNewResetsFlashWhenTheLogHasWrapped() {
    let instrumentation = Instrumentation(eventLogCapacity: 8)
    var tracker = ResetFlashTracker()
    tracker.update(from: instrumentation, now: 0, records: true)
    for id in 0..<5 { instrumentation.record(.animationReset, attachmentID: id) }
    tracker.update(from: instrumentation, now: 0.1, records: true)
    #expect(tracker.flashes.keys.sorted() == [0, 1, 2, 3, 4])
    tracker.update(from: instrumentation, now: 1, records: true)
    #expect(tracker.flashes.isEmpty)
    for id in 5..<7 { instrumentation.record(.animationReset, attachmentID: id) }
    for _ in 0..<5 { instrumentation.record(.providerCreated, attachmentID: 99) }
    tracker.update(from: instrumentation, now: 1.1, records: true)
    #expect(tracker.flashes.keys.sorted() == [5, 6])
  }

  @Test func resettingTheInstrumentationDropsFlashesAndCountsAgain() {
    let instrumentation = Instrumentation()
    var tracker = ResetFlashTracker()
    tracker.update(from: instrumentation, now: 0, records: true)
    instrumentation.record(.animationReset, attachmentID: 1)
    instrumentation.record(.animationReset, attachmentID: 2)
    tracker.update(from: instrumentation, now: 0.1, records: true)
    #expect(tracker.flashes.count == 2)
    instrumentation.reset()
    instrumentation.record(.animationReset, attachmentID: 3)
    tracker.update(from: instrumentation, now: 0.2, records: true)
    #expect(tracker.flashes == [3: 0.2])
    #expect(tracker.lastSeenSequence == 0)
  }
}
