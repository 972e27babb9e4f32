import AnimationRuntime
import Foundation
import Instrumentation
import SDLSupport
import SDLTestSupport
import Stickers
import Testing
import TextEngine

@testable import ChatKit
@testable import ReuseKitSDL

/// The chat view's layout, sticker drawing, reset flashes, HUD toggles and resizing.
@Suite @MainActor struct ChatTextViewTests {
  private func isRed(_ pixel: UInt32) -> Bool {
    (pixel >> 16) & 0xFF > 200 && (pixel >> 8) & 0xFF < 90 && pixel & 0xFF < 90
  }

  private func stickerViews(_ view: ChatTextView) -> [StickerView] {
    view.visibleAttachmentViewProviders.compactMap { $0.view as? StickerView }
  }

  @Test func bubblesSitOnTheirSenderSideWithinTheWidthLimit() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    try view.renderFrame()
    let width = view.viewportSize.width
    var sides: [Bool] = []
    for item in view.visibleFragments() {
      let message = view.message(for: item.fragment.textParagraph)
      guard let bubble = view.bubbleFrame(of: item.fragment) else {
        #expect(message.isStickerOnly)
        continue
      }
      // (Converted to Double: Swift Testing's #expect mis-compares CGFloat with Double on Linux.)
      #expect(Double(bubble.width) <= Double(width) * view.style.maximumBubbleFraction + 0.5)
      if message.isLocal {
        #expect(Double(bubble.maxX) == Double(width) - view.style.sideMargin - view.style.scrollBarGutter)
      } else {
        #expect(Double(bubble.minX) == view.style.sideMargin)
      }
      for line in item.fragment.textLineFragments {  // the text stays inside its bubble
        #expect(Double(line.typographicBounds.minX) >= Double(bubble.minX) + view.style.bubblePaddingX - 0.5)
        #expect(Double(line.typographicBounds.maxX) <= Double(bubble.maxX) - view.style.bubblePaddingX + 0.5)
      }
      sides.append(message.isLocal)
    }
    #expect(sides.contains(true) && sides.contains(false))
  }

  @Test func eachDrawnMessageIsMeasuredOncePerFrame() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    view.tracksDamage = false  // every frame draws every message
    try view.renderFrame()
    let drawn = view.visibleFragments().count
    #expect(drawn >= 4)
    #expect(view.geometryComputations == drawn, "colours, bubble, name and time share one computation")
    try view.renderFrame()
    #expect(view.geometryComputations == 2 * drawn)
    let fragment = try #require(view.visibleFragments().first?.fragment)
    _ = view.bubbleFrame(of: fragment)
    #expect(view.geometryComputations == 2 * drawn + 1, "outside a frame the geometry is computed afresh")
  }

  @Test func localSenderDecidesTheTrailingSide() throws {
    let fixture = try ChatFixture()
    let storage = TextContentStorage(paragraphs: [fixture.message("ana", "1:00", [.text("hello")])])
    let anas = try ChatTextView.offscreen(
      storage: storage, width: 300, height: 200, fonts: fixture.environment.fonts, clock: fixture.clock,
      localSender: "ana")
    try anas.renderFrame()
    let fragment = try #require(anas.visibleFragments().first?.fragment)
    #expect(anas.message(for: fragment.textParagraph).isLocal)
    #expect(Double(fragment.textLineFragments[0].typographicBounds.minX) > 150)
  }

  @Test func onlyStickersInsideTheViewportProduceFrames() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.stickerTranscript(count: 40), height: 400)
    try view.renderFrame()
    let bounds = view.viewportBounds
    let loaded = stickerViews(view)
    let onScreen = loaded.filter { $0.frame.intersects(bounds) }
    let inMargin = loaded.filter { !$0.frame.intersects(bounds) }
    #expect(!onScreen.isEmpty)
    #expect(!inMargin.isEmpty, "the overdraw margin holds loaded stickers that must not render")
    #expect(onScreen.allSatisfy { $0.framesProduced == 1 })
    #expect(inMargin.allSatisfy { $0.framesProduced == 0 })
    #expect(view.stickerTextureCount == onScreen.count)
    fixture.clock.advance(by: 1 / 60)
    try view.renderFrame()
    #expect(onScreen.allSatisfy { $0.framesProduced == 2 })
    #expect(inMargin.allSatisfy { $0.framesProduced == 0 })
  }

  @Test func stickerTexturesAreUploadedOnlyWhenTheirFrameChanges() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.stickerTranscript(count: 40), height: 400)
    try view.renderFrame()
    let bounds = view.viewportBounds
    let onScreen = stickerViews(view).filter { $0.frame.intersects(bounds) }
    #expect(onScreen.count >= 2)
    #expect(view.stickerTextureUploads == onScreen.count, "one upload per sticker for the first frame")
    for _ in 0..<3 { try view.renderFrame() }  // the clock stands still: no frame changes
    #expect(onScreen.allSatisfy { $0.framesProduced == 4 })
    #expect(view.stickerTextureUploads == onScreen.count)

    let paused = onScreen[0]
    paused.animationState.pause()
    let keysBefore = onScreen.map(\.lastFrameKey)
    fixture.clock.advance(by: 0.1)
    try view.renderFrame()
    let changed = zip(onScreen, keysBefore).filter { $0.0.lastFrameKey != $0.1 }.map(\.0)
    #expect(!changed.contains { $0 === paused }, "a paused sticker keeps its frame")
    #expect(changed.count == onScreen.count - 1, "every playing sticker moved on by 0.1 s")
    #expect(view.stickerTextureUploads == onScreen.count + changed.count)
    for _ in 0..<3 { try view.renderFrame() }
    #expect(view.stickerTextureUploads == onScreen.count + changed.count)
  }

  @Test func stickersAreAskedForFramesOfTheSizeTheyAreDrawnAt() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    try view.renderFrame()
    let drawn = stickerViews(view).filter { $0.frame.intersects(view.viewportBounds) }
    let sizes = Set(drawn.compactMap { $0.lastFrameKey?.pixelSize })
    #expect(drawn.allSatisfy { $0.lastFrameKey?.pixelSize == SDLTextView.stickerPixelSize(for: $0.frame) })
    #expect(sizes == [32, 128], "an inline sticker and a sticker-only message")
    #expect(SDLTextView.stickerPixelSize(for: ChatTextView.inlineStickerBounds) == 32)
  }

  /// Types into the message holding the "party" sticker: without the edit policy its animation resets.
  private func resetTheInlineSticker(_ view: ChatTextView) throws -> CGRect {
    try view.renderFrame()
    let start = try view.textContentManager.startOffset(ofParagraphAt: 2)
    view.setCaret(start)
    let resets = view.instrumentation.measure { view.handle(.text("So! ")) }
    #expect(resets.animationResets == 1)
    let sticker = try #require(stickerViews(view).first { $0.stickerName == "party" })
    return view.viewRect(fromContainer: sticker.frame)
  }

  @Test func aResetStickerFlashesRedForAboutHalfASecond() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    view.flashesResets = true
    let rect = try resetTheInlineSticker(view)
    try view.renderFrame()
    let outline = (x: Int(rect.minX) - 2, y: Int(rect.midY))
    #expect(isRed(try view.screenshot()[outline.x, outline.y]), "the outline flashes right after the reset")
    fixture.clock.advance(by: 0.2)
    try view.renderFrame()
    #expect(isRed(try view.screenshot()[outline.x, outline.y]))
    fixture.clock.advance(by: 0.5)
    try view.renderFrame()
    #expect(!isRed(try view.screenshot()[outline.x, outline.y]), "the flash is over after 0.6 s")
  }

  @Test func withoutFlashingAResetDrawsNoOutline() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    let rect = try resetTheInlineSticker(view)
    try view.renderFrame()
    #expect(!isRed(try view.screenshot()[Int(rect.minX) - 2, Int(rect.midY)]))
    view.flashesResets.toggle()  // turning flashing on later does not replay old resets
    try view.renderFrame()
    #expect(!isRed(try view.screenshot()[Int(rect.minX) - 2, Int(rect.midY)]))
  }

  @Test func policyTogglesApplyFromTheNextPassAndTheHUDShows() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    try view.renderFrame()
    #expect(view.stickerPolicy == [])
    view.toggleStickerPolicy(.onEditingInlineParagraphs)
    #expect(view.requestedStickerPolicy == [.onEditingInlineParagraphs])
    #expect(view.stickerPolicy == [], "a registration applies from the next pass")
    try view.renderFrame()
    #expect(view.stickerPolicy == [.onEditingInlineParagraphs])
    view.toggleStickerPolicy(.onScrollingOutOfViewport)
    try view.renderFrame()
    #expect(view.stickerPolicy == [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    view.toggleStickerPolicy(.onEditingInlineParagraphs)
    try view.renderFrame()
    #expect(view.stickerPolicy == [.onScrollingOutOfViewport])
    view.toggleStickerPolicy(.onEditingInlineParagraphs)
    try view.renderFrame()

    // The edit policy now keeps the sticker's provider and animation through typing.
    view.setCaret(try view.textContentManager.startOffset(ofParagraphAt: 2))
    let typed = view.instrumentation.measure { view.handle(.text("x")) }
    #expect(typed.providersReusedOnEdit == 1 && typed.animationResets == 0)

    #expect(!view.isHUDVisible)
    view.isHUDVisible.toggle()
    #expect(view.isHUDVisible)
    try view.renderFrame()
    let panel = try view.screenshot()[30, 60]
    #expect((panel >> 16) & 0xFF < 60 && panel & 0xFF < 60, "the HUD's dark panel is drawn")
    let reuseRows = Counter.allCases.count - Counter.frameCounters.count
    #expect(view.hudSnapshot.rows.count == HUDSnapshot.headerRowCount + reuseRows + HUDSnapshot.frameRowCount)
    // A window's view names its renderer, before the counters.
    view.rendererSummary = "software (OpenGL here is llvmpipe, emulated on the CPU)"
    let rows = view.hudSnapshot.rows
    #expect(view.hudSnapshot.rowsBeforeCounters == HUDSnapshot.headerRowCount + 1)
    #expect(rows[HUDSnapshot.headerRowCount].label == "renderer")
    #expect(rows[HUDSnapshot.headerRowCount].value.hasPrefix("software (OpenGL here is llvmpipe"))
    try view.renderFrame()
    view.flashesResets.toggle()
    #expect(view.flashesResets)
  }

  @Test func resizingAnOffscreenViewRecreatesItsTargetAndStaysAtTheBottom() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.stickerTranscript(count: 30))
    try view.renderFrame()
    try view.resize(width: 300, height: 420)
    try view.renderFrame()
    let image = try view.screenshot()
    #expect(image.width == 300 && image.height == 420)
    #expect(view.viewportSize == CGSize(width: 300, height: 420))
    #expect(view.isScrolledToBottom)
    #expect(view.framesRendered == 2)
    let last = try #require(view.visibleFragments().last)
    #expect(Double(last.origin.y) + last.fragment.height <= 420.5)
    #expect(throws: SDLError.self) { try view.resize(width: 0, height: 10) }
    #expect(view.viewportSize == CGSize(width: 300, height: 420), "a failed resize changes nothing")
  }
}
