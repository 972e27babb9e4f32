import AnimationRuntime
import Foundation
import Stickers
import TextEngine

/// What a figure needs: the environment, the open transcript, the sampling plan and a place for failures.
@MainActor
final class FigureContext {
  let environment: BenchEnvironment
  let fixture: BenchFixture
  /// What the transcript holds where (the typing paragraph, the sticker party).
  let generator: BenchTranscript
  /// Timed samples per figure.
  let samples: Int
  /// Untimed iterations before them.
  let warmUp: Int
  /// Broken things found while measuring.
  var failures: [String] = []

  init(environment: BenchEnvironment, fixture: BenchFixture, generator: BenchTranscript, samples: Int, warmUp: Int) {
    self.environment = environment
    self.fixture = fixture
    self.generator = generator
    self.samples = samples
    self.warmUp = warmUp
  }

  var view: TextView { fixture.view }
  var storage: TextContentManager { fixture.storage }
  var sampler: Sampler { Sampler(warmUp: warmUp, samples: samples) }

  /// Sets `policy` for sticker providers (it applies from the next pass).
  func register(_ policy: TextAttachmentViewProviderReusePolicy) {
    view.register(policy, forTextAttachmentViewProviderType: StickerViewProvider.self)
  }

  /// The sticker views whose frames intersect the viewport (not just the overdraw margin).
  func visibleStickerViews() -> [StickerView] {
    let bounds = view.viewportBounds
    return view.visibleAttachmentViewProviders.compactMap { $0.view as? StickerView }.filter {
      $0.frame.intersects(bounds)
    }
  }

  /// Advances the animation clock by one 60 Hz frame.
  func advanceOneFrame() { environment.clock.advance(by: 1.0 / 60) }

  /// Records a broken invariant of the text view, if any.
  func checkInvariants(_ where: String) {
    for violation in view.reuseInvariantViolations() { failures.append("\(`where`): \(violation)") }
  }
}
