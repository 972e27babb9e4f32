import ChatKit
import Foundation
import Instrumentation
import Testing
import TextEngine

/// The HUD fits the view it is drawn in: the split's narrow second view shows every value too.
@Suite @MainActor struct HUDOverlayTests {
  @Test func aNarrowViewGetsASmallerPanelWhoseLabelsAndValuesFit() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(TextContentStorage(paragraphs: [(AttributedText("hi"), [:])]), width: 220)
    var counters = Counters()
    counters.surfacesRestoredOnScrollIn = 123_456
    let snapshot = HUDSnapshot(
      counters: counters, fps: 59.9, frameTime: 0.0123, framesRendered: 98_765, policy: [], flashesResets: false)
    let hud = HUDOverlay()
    let full = hud.size(for: snapshot, measurer: view.glyphMeasurer)
    let narrow = hud.size(for: snapshot, measurer: view.glyphMeasurer, maximumWidth: 200)
    #expect(full.width == 268)
    #expect(narrow.width <= 200 && narrow.height < full.height)
    // At the narrow panel's scale, the widest label and the widest value still fit side by side.
    let scale = narrow.width / full.width
    func width(_ string: String, bold: Bool) -> Double {
      view.glyphMeasurer.advances(
        of: string[...], attributes: TextAttributes(isBold: bold, fontScale: hud.textScale * scale)
      ).reduce(0, +)
    }
    let widest = snapshot.rows.map { width($0.label, bold: false) + 8 + width($0.value, bold: true) }.max() ?? 0
    #expect(widest <= narrow.width - 24)
  }
}
