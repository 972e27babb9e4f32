import AnimationRuntime
import ChatKit
import Foundation
import Instrumentation
import ReuseKitSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// The chat view on a scaled screen: laid out in points as at 1×, drawn with the screen's pixels.
/// Text is rendered from the outlines at the scaled size, stickers are decoded at the size they
/// show, and the counts a user reads are the 1× counts.
@Suite @MainActor struct ChatHiDPITests {
  private func verify(_ view: ChatTextView, named name: String) throws {
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try view.screenshot(), named: name)
    #expect(outcome.passed, "\(outcome.message)")
  }

  private func renderMidAnimation(_ view: ChatTextView, _ fixture: ChatFixture) throws {
    try view.renderFrame()
    fixture.clock.advance(by: 0.5)
    try view.renderFrame()
  }

  @Test func bubblesAtTwiceTheScale() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation(), scale: 2)
    try renderMidAnimation(view, fixture)
    let shot = try view.screenshot()
    #expect(shot.width == 720 && shot.height == 1120)
    #expect(view.viewportSize == CGSize(width: 360, height: 560))
    try verify(view, named: "chat-bubbles-2x")
  }

  @Test func selectionAndHUDAtOneAndAHalf() throws {
    let fixture = try ChatFixture()
    let storage = fixture.conversation()
    let view = try fixture.view(storage, scale: 1.5)
    view.isHUDVisible = true
    view.setFrameStatistics(fps: 59.8, frameTime: 0.00412)
    let start = try storage.startOffset(ofParagraphAt: 4) + 6
    try view.setSelectedRange(start..<(try storage.startOffset(ofParagraphAt: 5) + 7))
    try renderMidAnimation(view, fixture)
    let shot = try view.screenshot()
    #expect(shot.width == 540 && shot.height == 840)
    try verify(view, named: "chat-selection-hud-1.5x")
  }

  /// The height of the ink (pixels darker than `threshold` in every channel) in `image`'s `rect`.
  static func inkHeight(in image: RGBAImage, rows: Range<Int>, columns: Range<Int>, threshold: UInt8 = 110) -> Int {
    var top: Int?
    var bottom = 0
    for y in rows where y < image.height {
      for x in columns where x < image.width {
        let i = (y * image.width + x) * 4
        if image.pixels[i] < threshold, image.pixels[i + 1] < threshold, image.pixels[i + 2] < threshold {
          top = top ?? y
          bottom = y
          break
        }
      }
    }
    return top.map { bottom - $0 + 1 } ?? 0
  }

  @Test(arguments: [2.0, 1.5]) func textIsDrawnAtTheScaledSizeFromItsOutlines(scale: Double) throws {
    let fixture = try ChatFixture()
    func inkHeight(at scale: Double) throws -> Int {
      let storage = TextContentStorage(paragraphs: [fixture.message("ana", "14:02", [.text("HHHH")])])
      let view = try fixture.view(storage, width: 200, height: 120, scale: scale)
      try view.renderFrame()
      let line = try #require(view.visibleFragments().first)
      let bounds = line.fragment.textLineFragments[0].typographicBounds
      let top = Int(((line.origin.y + bounds.minY) * scale).rounded(.down))
      let bottom = Int(((line.origin.y + bounds.maxY) * scale).rounded(.up))
      return Self.inkHeight(in: try view.screenshot(), rows: top..<bottom, columns: 0..<Int(200 * scale))
    }
    let one = try inkHeight(at: 1)
    let scaled = try inkHeight(at: scale)
    #expect(one >= 8, "the 1× capital H is \(one) pixels tall")
    #expect(abs(Double(scaled) - Double(one) * scale) <= 1.5, "1×: \(one) px, \(scale)×: \(scaled) px")
  }

  @Test func stickersAreDecodedAtTheSizeTheyShow() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation(), scale: 2)
    try view.renderFrame()
    var stickers: [(any FrameSurface, CGRect)] = []
    view.textViewportLayoutController.enumerateRenderingSurfaces { _, surface in
      if let frames = surface as? any FrameSurface { stickers.append((frames, surface.frame)) }
      return true
    }
    #expect(stickers.count >= 2)
    for (surface, points) in stickers {
      let frame = try #require(surface.lastFrameKey, "a drawn sticker names its frame")
      #expect(frame.pixelSize == Int((min(points.width, points.height) * 2).rounded()))
      #expect(frame.pixelSize >= 40)
    }
  }

  @Test func theCountsAreTheOneXCounts() throws {
    func counts(at scale: Double) throws -> Counters {
      let fixture = try ChatFixture()
      let instrumentation = Instrumentation(timeSource: { [clock = fixture.clock] in clock.now })
      let view = try fixture.view(
        fixture.stickerTranscript(count: 60), height: 420, scale: scale, instrumentation: instrumentation)
      view.setStickerPolicy([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
      try view.renderFrame()
      for step in 0..<24 {
        view.handle(.wheel(dy: step < 12 ? -250 : 250))
        fixture.clock.advance(by: 1.0 / 60)
        try view.renderFrame()
      }
      return instrumentation.totals
    }
    let one = try counts(at: 1)
    #expect(one.providersCreated > 0 && one.surfacesCachedOnScrollOut > 0)
    #expect(try counts(at: 2) == one)
    #expect(try counts(at: 1.5) == one)
  }
}
