import SDLSupport
import Testing

@testable import ReuseKitSDL

@Suite struct FontLocatorTests {
  @Test func findsDejaVuSansRegularAndBoldThroughFontconfig() throws {
    let files = try FontLocator().locate()
    #expect(files.regular.lastPathComponent.hasPrefix("DejaVuSans"))
    #expect(files.bold.lastPathComponent.contains("Bold"))
    #expect(files.regular != files.bold)
  }

  @Test func missingFcMatchSaysWhichPackagesToInstall() {
    let locator = FontLocator(family: "DejaVu Sans", run: { _ in (127, "") })
    let error = #expect(throws: SDLError.self) { try locator.locate() }
    #expect(error?.detail.contains("fonts-dejavu-core") == true)
    #expect(error?.detail.contains("fontconfig") == true)
    #expect(error?.detail.contains("not found") == true)
  }

  @Test func aFallbackFamilyIsRejectedWithTheFamilyItFound() {
    let locator = FontLocator(
      family: "DejaVu Sans", run: { _ in (0, "/usr/share/fonts/x/Other.ttf\nLiberation Sans") })
    let error = #expect(throws: SDLError.self) { try locator.locate() }
    #expect(error?.detail.contains("Liberation Sans") == true)
    #expect(error?.detail.contains("fonts-dejavu-core") == true)
  }

  @Test func anUnreadableFileIsRejected() {
    let locator = FontLocator(family: "DejaVu Sans", run: { _ in (0, "/nonexistent/DejaVuSans.ttf\nDejaVu Sans") })
    let error = #expect(throws: SDLError.self) { try locator.locate() }
    #expect(error?.detail.contains("/nonexistent/DejaVuSans.ttf") == true)
  }
}
