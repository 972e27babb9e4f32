import ReuseKitTesting
import Testing
import TypingIndicator

/// The same counts on SDL's software renderer, offscreen (no display): the view measures with
/// the fonts it draws with, and every operation draws a frame.
@MainActor
@Suite struct OffscreenHostTests {
  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func countsOnSDL(policy: TextAttachmentViewProviderReusePolicy) throws {
    let host = try ReuseTestHost.offscreen(
      messages: 200, attachmentEvery: 10, provider: TypingIndicatorProvider.self, policy: policy)
    let delta = try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("hi")
      try host.scroll(toMessage: 150)
      try host.scroll(toMessage: 0)
    }
    // DejaVu Sans breaks and spaces lines otherwise than the headless measurer: one indicator
    // fewer is near the viewport at the top, so one reset fewer than headless without a policy.
    #expect(delta.animationResets == PerPolicy(none: 8, edit: 6, scroll: 2, both: 0)[policy])
    #expect(delta.providersCreated == PerPolicy(none: 8, edit: 6, scroll: 8, both: 6)[policy])
    #expect(host.invariantViolations().isEmpty)
  }

  @Test func theIndicatorIsDrawn() throws {
    let host = try ReuseTestHost.offscreen(
      messages: 20, attachmentEvery: 10, provider: TypingIndicatorProvider.self, policy: [])
    let image = try host.image()
    #expect(image.width == 480 && image.height == 800)
    // The indicator's frame colour (dark blue, frame 0) is somewhere on screen.
    let pixels = (0..<image.height).lazy.flatMap { y in (0..<image.width).lazy.map { x in image[x, y] } }
    #expect(pixels.contains(0xFF20_4080))
  }
}
