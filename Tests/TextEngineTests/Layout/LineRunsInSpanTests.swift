import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// ``TextLineFragment/runs(intersectingXFrom:to:margin:)`` lists exactly the runs of
/// ``TextLineFragment/runs`` that meet the span, with the same characters and places.
@Suite struct LineRunsInSpanTests {
  private func describe(_ runs: [TextLineFragment.Run]) -> [String] {
    runs.map { "\($0.range) \($0.string) \($0.x) \($0.width) \($0.attributes.isBold) \($0.isRightToLeft)" }
  }

  private func lines(of text: AttributedText) throws -> [TextLineFragment] {
    let storage = TextContentStorage(text)
    let manager = TextLayoutManager(
      textContentManager: storage, textContainer: TextContainer(size: CGSize(width: 120, height: 0)),
      glyphMeasurer: FixedAdvanceGlyphMeasurer())
    let fragment = try #require(withExtendedLifetime(storage) { manager.ensureLayout(forParagraphAt: 0) })
    return Array(fragment.textLineFragments)
  }

  /// Plain and bold ASCII (the one-byte path), and the same with an accent and a sticker.
  @Test(arguments: [false, true]) func runsInASpanAreTheRunsThatMeetIt(multiByte: Bool) throws {
    var text = AttributedText("plain words then ")
    text.append(AttributedText("bold words", attributes: TextAttributes(isBold: true, fontScale: 1.5)))
    text.append(AttributedText(" and more plain words after them, "))
    text.append(AttributedText("bold again", attributes: TextAttributes(isBold: true)))
    if multiByte {
      text.append(AttributedText(" caf\u{E9} "))
      text.append(AttributedText(attachment: Fixtures.sticker()))
    }
    text.append(AttributedText(" the end"))
    let lines = try lines(of: text)
    #expect(lines.contains { $0.runs.count > 1 }, "some line has several runs")
    for line in lines {
      let all = line.runs
      #expect(describe(line.runs(intersectingXFrom: -.infinity, to: .infinity, margin: 0)) == describe(all))
      for minX in stride(from: -10.0, through: 130, by: 7) {
        for margin in [0.0, 5] {
          let expected = all.filter { $0.x - margin < minX + 20 && $0.x + $0.width + margin > minX }
          #expect(describe(line.runs(intersectingXFrom: minX, to: minX + 20, margin: margin)) == describe(expected))
        }
      }
    }
  }
}
