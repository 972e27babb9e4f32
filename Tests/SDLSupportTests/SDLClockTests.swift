import SDLSupport
import Synchronization
import Testing

@Suite struct SDLClockTests {
  @Test func reportsSecondsSinceCreationFromTheCounter() {
    let ticks = Atomic<UInt64>(5_000)
    let clock = SDLClock(counter: { ticks.load(ordering: .relaxed) }, frequency: 1_000)
    #expect(clock.now == 0)
    ticks.store(6_500, ordering: .relaxed)
    #expect(clock.now == 1.5)
  }

  @Test func realClockDoesNotGoBackwards() {
    let clock = SDLClock()
    let first = clock.now
    let second = clock.now
    #expect(second >= first)
  }
}
