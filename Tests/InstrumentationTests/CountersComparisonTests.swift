import Instrumentation
import Testing

@Suite struct CountersComparisonTests {
  @Test func theMemberwiseInitializerSetsEachCounterByName() {
    let counters = Counters(providersCreated: 3, animationResets: 1, missingGlyphs: 2)
    for counter in Counter.allCases {
      let expected = [Counter.providersCreated: 3, .animationResets: 1, .missingGlyphs: 2][counter] ?? 0
      #expect(counters[counter] == expected, "\(counter)")
    }
    #expect(Counters() == Counters(providersCreated: 0))
  }

  @Test func theDescriptionNamesTheCountersThatAreNotZero() {
    #expect(Counters().description == "Counters()")
    #expect(
      Counters(providersCreated: 3, animationResets: 1).description
        == "Counters(providersCreated: 3, animationResets: 1)")
  }

  @Test func differencesNameEachCounterThatDiffers() {
    let actual = Counters(providersCreated: 3, viewsLoaded: 1, animationResets: 2)
    let expected = Counters(providersCreated: 3, animationResets: 0, fontconfigCalls: 4)
    #expect(
      actual.differences(from: expected) == [
        "viewsLoaded: expected 0, got 1", "animationResets: expected 0, got 2", "fontconfigCalls: expected 4, got 0",
      ])
    #expect(actual.differences(from: actual).isEmpty)
  }

  @Test func reuseKeepsTheReuseCountersOnly() {
    var all = Counters()
    for (index, counter) in Counter.allCases.enumerated() { all[counter] = index + 1 }
    let reuse = all.reuse
    for counter in Counter.allCases {
      #expect(reuse[counter] == (Counter.reuseCounters.contains(counter) ? all[counter] : 0), "\(counter)")
    }
    #expect(Counter.reuseCounters.contains(.animationResets))
    #expect(!Counter.reuseCounters.contains(.layoutFragmentsCreated))
  }

  @Test func sumAndDifferenceAreInverse() {
    let a = Counters(providersCreated: 5, viewsLoaded: 2)
    let b = Counters(providersCreated: 1, animationResets: 3)
    #expect((a + b) - b == a)
    #expect((a - a).isZero)
    #expect(!a.isZero)
  }
}

@Suite struct InstrumentationSnapshotTests {
  @Test func measureBreakdownGivesDeltasPerProviderType() {
    let instrumentation = Instrumentation()
    instrumentation.record(.providerCreated, attachmentID: 1, providerType: "Old")
    let delta = instrumentation.measureBreakdown {
      instrumentation.record(.providerCreated, attachmentID: 2, providerType: "Sticker")
      instrumentation.record(.animationStateCreated, attachmentID: 2, providerType: "Sticker")
      instrumentation.record(.providerCreated, attachmentID: 3, providerType: "Mark")
    }
    #expect(delta.totals == Counters(providersCreated: 2, animationStatesCreated: 1))
    #expect(delta[providerType: "Sticker"] == Counters(providersCreated: 1, animationStatesCreated: 1))
    #expect(delta[providerType: "Mark"] == Counters(providersCreated: 1))
    #expect(delta.perProviderType["Old"] == nil, "a type that counted nothing in the block is left out")
    #expect(delta[providerType: "Old"].isZero)
  }

  /// Animation history is the text view's (`AnimationResetPerPlaceTests` checks it survives a
  /// reset): the counters' reset clears the animation counters like any other.
  @Test func resetClearsTheAnimationCounters() {
    let instrumentation = Instrumentation()
    instrumentation.record(.animationStateCreated, attachmentID: 7)
    instrumentation.record(.animationReset, attachmentID: 7)
    instrumentation.reset()
    #expect(instrumentation.totals.isZero)
    #expect(instrumentation.counters(forAttachment: 7) == nil)
    instrumentation.record(.animationStateCreated, attachmentID: 7)
    #expect(instrumentation.totals == Counters(animationStatesCreated: 1))
  }

  @Test func resetKeepsTheLiveObjectsAccountedFor() {
    let instrumentation = Instrumentation()
    for id in 1...3 {
      instrumentation.record(.providerCreated, attachmentID: id)
      instrumentation.record(.viewLoaded, attachmentID: id)
    }
    instrumentation.record(.providerDiscarded, attachmentID: 3)
    instrumentation.record(.viewDiscarded, attachmentID: 3)
    let alive = Instrumentation.LiveObjects(providers: 2, views: 2, providersPerAttachment: [1: 1, 2: 1])
    #expect(instrumentation.invariantViolations(actual: alive).isEmpty)
    instrumentation.reset()
    #expect(instrumentation.invariantViolations(actual: alive).isEmpty)
    // After the reset, discarding one of the providers alive before it still balances.
    instrumentation.record(.providerDiscarded, attachmentID: 1)
    instrumentation.record(.viewDiscarded, attachmentID: 1)
    let fewer = Instrumentation.LiveObjects(providers: 1, views: 1, providersPerAttachment: [2: 1])
    #expect(instrumentation.invariantViolations(actual: fewer).isEmpty)
    // And the check still fails when the counts and the objects disagree.
    #expect(!instrumentation.invariantViolations(actual: alive).isEmpty)
  }
}

/// The worst-frame counter is a maximum: sums keep the larger, and a measured block reports its own.
@Suite struct MaximumCounterTests {
  @Test func sumsKeepTheLargerAndDifferencesTheLater() {
    let a = Counters(blankStickerPixelFrames: 10, maxBlankStickerPixels: 7)
    let b = Counters(blankStickerPixelFrames: 5, maxBlankStickerPixels: 9)
    #expect((a + b) == Counters(blankStickerPixelFrames: 15, maxBlankStickerPixels: 9))
    #expect((b - a).maxBlankStickerPixels == 9)
    #expect(Counter.maxBlankStickerPixels.isMaximum && !Counter.blankStickerPixelFrames.isMaximum)
  }

  @Test func aMeasuredBlockReportsItsOwnWorstFrame() {
    let instrumentation = Instrumentation()
    instrumentation.add(500, to: .maxBlankStickerPixels)
    let block = instrumentation.measure {
      instrumentation.add(120, to: .maxBlankStickerPixels)
      instrumentation.add(80, to: .maxBlankStickerPixels)
      instrumentation.add(3, to: .blankFrames)
    }
    #expect(block.maxBlankStickerPixels == 120)
    #expect(block.blankFrames == 3)
    #expect(instrumentation.totals.maxBlankStickerPixels == 500)  // the run's worst is kept
  }

  @Test func frameCountersAreNotReuseCounters() {
    let counters = Counters(animationResets: 1, blankStickerPixelFrames: 4, frameCacheHits: 2)
    #expect(counters.reuse == Counters(animationResets: 1))
    #expect(Set(Counter.frameCounters).isDisjoint(with: Counter.reuseCounters))
  }
}
