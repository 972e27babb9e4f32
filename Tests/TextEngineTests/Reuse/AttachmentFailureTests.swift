import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

private final class ExplodingAttachment: TextAttachment {
  struct FactoryFailure: Error {}
  override func viewProvider(for parentView: TextView?, location: TextLocation, textContainer: TextContainer?) throws
    -> TextAttachmentViewProvider
  {
    throw FactoryFailure()
  }
}

@Suite struct AttachmentFailureTests {
  @Test func aFailingFactoryGetsAPlaceholderAndAnErrorEvent() throws {
    let attachment = ExplodingAttachment(fileType: "broken")
    let view = Fixtures.view(TextContentStorage(AttributedText(attachment: attachment)))
    let provider = try #require(view.viewProvider(for: attachment))
    #expect(provider is PlaceholderAttachmentViewProvider)
    #expect((provider.view as? PlaceholderRenderingSurface)?.failureReason?.contains("factory failed") == true)
    let error = try #require(view.instrumentation.events.first { $0.kind == .error })
    #expect(error.attachmentID == attachment.id)
    #expect(error.message?.contains("broken") == true)
    #expect(view.instrumentation.errorCount == 1)
    #expect(view.reuseInvariantViolations() == [])
  }

  @Test func aFailingLoadViewGetsAPlaceholderAndTheDocumentStaysIntact() throws {
    let attachment = Fixtures.sticker(provider: FailingLoadProvider.self)
    let storage = TextContentStorage(Fixtures.text(["before ", " after"]))
    try storage.replaceCharacters(in: 0..<0, with: AttributedText(attachment: attachment))
    let view = Fixtures.view(storage)
    let surface = try #require(view.viewProvider(for: attachment)?.view as? PlaceholderRenderingSurface)
    #expect(surface.failureReason?.contains("decoder refused the file") == true)
    #expect(view.instrumentation.errorCount == 1)
    #expect(storage.paragraph(at: 0)?.attributedString.attachments.count == 2)
    view.insertText("still editable")
    #expect(storage.paragraph(at: 0)?.attributedString.string.hasPrefix("still editable\u{FFFC}before") == true)
  }
}
