import Foundation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// An input method's composition is shown, not edited: nothing changes until it is committed.
@Suite struct TextViewMarkedTextTests {
  @Test func aCompositionInProgressIsNotAnEdit() throws {
    let storage = TextContentStorage(Fixtures.text(["hello ", " world ", " end"]))
    let view = Fixtures.view(storage, policy: .onEditingInlineParagraphs)
    view.setCaret(6)
    let before = storage.paragraph(at: 0)!.attributedString
    let fragment = view.textLayoutManager.ensureLayout(forParagraphAt: 0)
    let counters = view.instrumentation.measure {
      for preedit in ["n", "ni", "nih", "niha", "nihao", "你好"] {
        view.setMarkedText(preedit)
        view.layoutIfNeeded()
      }
    }
    #expect(view.markedText == "你好" && view.markedTextCursor == 2)
    #expect(counters.layoutFragmentsCreated == 0)
    #expect(counters.providersCreated == 0 && counters.providersDiscarded == 0 && counters.providersReusedOnEdit == 0)
    #expect(counters.viewportLayoutPasses == 0)
    #expect(storage.paragraph(at: 0)!.attributedString == before)
    #expect(view.textLayoutManager.ensureLayout(forParagraphAt: 0) === fragment)
    #expect(view.selectedRange == 6..<6)
    #expect(!view.canUndo)

    // Committing inserts the text once, as one edit.
    let commit = view.instrumentation.measure {
      view.unmarkText()
      view.insertText("你好")
    }
    #expect(!view.hasMarkedText)
    #expect(storage.paragraph(at: 0)!.attributedString.string.hasPrefix("hello 你好"))
    #expect(commit.layoutFragmentsCreated == 1 && commit.providersCreated == 0)
  }

  @Test func theCompositionCaretIsClampedToItsText() {
    let view = Fixtures.view(TextContentStorage(AttributedText("abc")))
    view.setMarkedText("かな", cursor: 9)
    #expect(view.markedTextCursor == 2)
    view.setMarkedText("かな", cursor: -3)
    #expect(view.markedTextCursor == 0)
    view.setMarkedText("")
    #expect(!view.hasMarkedText)
  }
}
