import AnimationRuntime
import CSDL2
import ChatKit
import Foundation
import ReuseKitSupport
import SDLSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// A frame draws only what changed, counted in rectangles and surfaces drawn, and its pixels equal
/// the same frame drawn whole.
@Suite @MainActor struct DamageTrackingTests {
  /// The view's last frame, then the same state drawn whole: they must be equal.
  private func expectEqualToAWholeFrame(_ view: ChatTextView, _ what: String) throws {
    let built = try view.screenshot()
    view.setNeedsDisplay()
    try view.renderFrame()
    let whole = try view.screenshot()
    #expect(view.lastFrameDamage == [CGRect(origin: .zero, size: view.viewportSize)])
    var differing = 0
    var box = CGRect.null
    for y in 0..<built.height {
      for x in 0..<built.width where built[x, y] != whole[x, y] {
        differing += 1
        box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
      }
    }
    #expect(differing == 0, "\(what): \(differing) pixels differ from the frame drawn whole, within \(box)")
  }

  @Test func aFrameWithNothingChangedDrawsNothing() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    view.caretBlinkInterval = 0
    try view.renderFrame()
    let (frames, surfaces) = (view.framesRendered, view.surfacesDrawn)
    for _ in 0..<5 { try view.renderFrame() }
    #expect(view.framesRendered == frames)
    #expect(view.framesSkipped == 5)
    #expect(view.surfacesDrawn == surfaces)
    #expect(view.lastFrameDamage.isEmpty)
    #expect(view.nextFrameTime() != nil, "the party sticker animates")
    // With damage tracking off, every frame draws everything.
    view.tracksDamage = false
    try view.renderFrame()
    #expect(view.framesRendered == frames + 1 && view.surfacesDrawn > surfaces)
  }

  @Test func aCaretBlinkRedrawsOnlyTheCaretsRectangle() throws {
    let fixture = try ChatFixture()
    let text = (0..<8).map { fixture.message($0 % 2 == 0 ? "ana" : "me", "9:0\($0)", [.text("Message number \($0)")]) }
    let view = try fixture.view(TextContentStorage(paragraphs: text))
    view.showsCaret = true  // as after a click into a message
    try view.setSelectedRange(5..<5)
    try view.renderFrame()
    let caret = try #require(view.caretRect().map(view.viewRect(fromContainer:)))
    let blink = try #require(view.nextFrameTime())
    #expect(abs(blink - (fixture.clock.now + view.caretBlinkInterval)) < 1e-9, "the loop wakes for the blink")
    fixture.clock.advance(by: view.caretBlinkInterval)
    let surfaces = view.surfacesDrawn
    try view.renderFrame()
    let damage = try #require(view.lastFrameDamage.first)
    #expect(view.lastFrameDamage.count == 1)
    #expect(damage.contains(caret) && damage.width <= caret.width + 4 && damage.height <= caret.height + 4)
    let visible = view.visibleFragments().count
    #expect(view.surfacesDrawn - surfaces <= 2, "the fragment under the caret (of \(visible) visible)")
    try expectEqualToAWholeFrame(view, "after a blink")
  }

  @Test func aScrollMovesThePixelsAndDrawsOnlyTheExposedStrip() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.stickerTranscript(count: 80))
    view.caretBlinkInterval = 0
    view.scroll(toY: 400)
    try view.renderFrame()
    try view.renderFrame()  // stickers that came into view draw their first frames
    let surfaces = view.surfacesDrawn
    let visible = view.visibleFragments().count
    view.scroll(by: 24)
    try view.renderFrame()
    #expect(view.lastFrameBlitted)
    let height = view.viewportSize.height
    let strip = CGRect(x: 0, y: height - 24, width: view.viewportSize.width, height: 24)
    let thumb = try #require(view.scrollBarThumb)
    for rect in view.lastFrameDamage {
      // The exposed strip, and the scroll bar's thumb where it was and where it is.
      #expect(rect.intersects(strip) || rect.intersects(thumb.insetBy(dx: -2, dy: -26)), "\(rect)")
    }
    let drawn = view.surfacesDrawn - surfaces
    #expect(drawn < visible, "\(drawn) surfaces drawn of \(visible) fragments visible")
    try expectEqualToAWholeFrame(view, "after a 24 px scroll")
  }

  /// 500 random steps (scrolls by whole and fractional pixels, selections, typing, deletes, the HUD,
  /// the caret, the clock for stickers and blinks), every 25th frame compared with the frame drawn whole.
  @Test(arguments: [25, 26, 27] as [UInt64])
  func framesBuiltByDamageEqualWholeFramesOverRandomSteps(seed: UInt64) throws {
    let fixture = try ChatFixture()
    let storage = fixture.stickerTranscript(count: 40)
    let view = try fixture.view(storage, width: 320, height: 420)
    var random = SplitMix64(seed: seed)
    try view.renderFrame()
    var blits = 0
    for step in 1...500 {
      switch random.next(below: 10) {
      case 0: view.scroll(by: Double(random.next(below: 200)) - 100)
      case 1: view.scroll(by: Double(random.next(below: 41)) - 20 + 0.5)  // not whole pixels: drawn whole
      case 2:
        let offset = random.next(below: storage.length + 1)
        try view.setSelectedRange(offset..<min(storage.length, offset + random.next(below: 30)))
      case 3: view.insertText(["a", "hello ", "😀", "\u{2028}"][random.next(below: 4)])
      case 4: view.deleteBackward()
      case 5: view.isHUDVisible.toggle()
      case 6: view.showsCaret.toggle()
      case 7:
        let offset = random.next(below: storage.length + 1)
        try view.setSelectedRange(offset..<offset)
      default: fixture.clock.advance(by: Double(random.next(below: 40)) / 60)  // stickers and the caret
      }
      try view.renderFrame()
      if view.lastFrameBlitted { blits += 1 }
      if step % 25 == 0 {
        // The HUD counts frames, so the frame drawn whole for the comparison shows one more: the
        // comparison is made with the HUD gone (its removal drawn by damage).
        let showsHUD = view.isHUDVisible
        if showsHUD {
          view.isHUDVisible = false
          try view.renderFrame()
        }
        try expectEqualToAWholeFrame(view, "step \(step)")
        view.isHUDVisible = showsHUD
      }
    }
    #expect(blits > 0, "some scrolls moved pixels")
  }

  /// The software renderer keeps the frame in the window's surface; an accelerated one in a target
  /// texture (forced here, as this machine has no accelerated renderer).
  @Test(arguments: [false, true])
  func aWindowDrawsIntoItsRetainedFrameAndScrollsByMovingItsPixels(inTexture: Bool) throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let fixture = try ChatFixture()
    let context = try SDLContext(video: true)
    let window = try SDLWindow(context: context, title: "damage", width: 320, height: 300)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    try renderer.retainFrames(inTexture: inTexture)
    #expect(renderer.retainsFrames)
    let view = try ChatTextView(
      storage: fixture.stickerTranscript(count: 60), renderer: renderer, fonts: fixture.environment.fonts,
      clock: fixture.clock)
    view.targetRect = CGRect(x: 0, y: 20, width: 320, height: 260)
    try view.resize(width: 320, height: 260)
    view.presentsFrames = false
    view.caretBlinkInterval = 0
    view.scroll(toY: 300)
    try view.renderFrame()
    try view.renderFrame()
    let generation = renderer.contentGeneration
    view.scroll(by: -30)
    try view.renderFrame()
    #expect(view.lastFrameBlitted && view.lastFrameDamage.allSatisfy { $0.height < 100 })
    let built = try renderer.readPixels()
    renderer.present()  // the retained frame survives a present
    view.setNeedsDisplay()
    try view.renderFrame()
    let whole = try renderer.readPixels()
    #expect(built == whole, "the frame built by moving pixels equals the frame drawn whole")
    // A resize makes a new retained frame: the view draws everything once.
    SDL_SetWindowSize(window.pointer, 300, 280)
    try renderer.retainFrames(inTexture: inTexture)
    #expect(renderer.contentGeneration == generation + 1)
    try view.renderFrame()
    #expect(view.lastFrameDamage == [CGRect(x: 0, y: 0, width: 320, height: 260)])
  }
}
