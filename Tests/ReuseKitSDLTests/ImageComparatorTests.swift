import ReuseKitSupport
import SDLSupport
import SDLTestSupport
import Testing

@testable import ReuseKitSDL

@Suite struct ImageComparatorTests {
  @Test func smallChannelDifferencesWithinToleranceMatch() {
    let expected = RGBAImage(width: 4, height: 4, fill: 0xFF80_8080)
    let actual = RGBAImage(width: 4, height: 4, fill: 0xFF83_7E80)
    let result = ImageComparator(channelTolerance: 3, maxDifferingFraction: 0).compare(actual, to: expected)
    #expect(result.matches)
    #expect(result.differingPixels == 0)
    #expect(result.maxChannelDelta == 3)
  }

  @Test func differingFractionAboveTheAllowanceFailsWithASummary() {
    let expected = RGBAImage(width: 10, height: 10, fill: 0xFF00_0000)
    var actual = expected
    actual[3, 2] = 0xFFFF_0000
    actual[4, 2] = 0xFFFF_0000
    let lenient = ImageComparator(channelTolerance: 8, maxDifferingFraction: 0.02).compare(actual, to: expected)
    #expect(lenient.matches)
    let strict = ImageComparator(channelTolerance: 8, maxDifferingFraction: 0.01).compare(
      actual, to: expected, makeDiffImage: true)
    #expect(!strict.matches)
    #expect(strict.differingPixels == 2)
    #expect(strict.firstDifference?.x == 3 && strict.firstDifference?.y == 2)
    #expect(strict.summary.contains("2 of 100 pixels"))
    #expect(strict.diffImage?[3, 2] == 0xFFFF_0000)
    #expect(strict.diffImage?[0, 0] != 0xFFFF_0000)
  }

  @Test func sizeMismatchNeverMatches() {
    let result = ImageComparator().compare(
      RGBAImage(width: 2, height: 2, fill: 0), to: RGBAImage(width: 2, height: 3, fill: 0))
    #expect(!result.matches)
    #expect(result.summary.contains("2x2") && result.summary.contains("2x3"))
  }
}
