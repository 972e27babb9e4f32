import CSDL2
import SDLSupport
import Testing

@Suite struct SDLMacrosTests {
  @Test func buttonMasksMatchSDLHeaderValues() {
    #expect(SDLMacros.leftButtonMask == 1)
    #expect(SDLMacros.middleButtonMask == 2)
    #expect(SDLMacros.rightButtonMask == 4)
    #expect(SDLMacros.buttonMask(Int32(SDL_BUTTON_X2)) == 16)
  }

  @Test func centeredWindowPositionRoundTrips() {
    let centered = SDLMacros.windowPositionCentered(display: 1)
    #expect(UInt32(bitPattern: centered) == 0x2FFF_0001)
    #expect(SDLMacros.isWindowPositionCentered(centered))
    #expect(!SDLMacros.isWindowPositionCentered(SDLMacros.windowPositionUndefined()))
    #expect(!SDLMacros.isWindowPositionCentered(100))
  }
}
