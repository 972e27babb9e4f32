import Foundation
import Instrumentation
import TextEngine

/// Documents and views for tests.
public enum Fixtures {
  /// The default test viewport: 480×800, as in the scenarios.
  public static let viewport = CGSize(width: 480, height: 800)

  /// A 24×24 sticker attachment drawn by `provider`.
  public static func sticker(provider: TextAttachmentViewProvider.Type = AnimatedTestProvider.self) -> TextAttachment {
    TextAttachment(fileType: "sticker", bounds: CGRect(x: 0, y: -4, width: 24, height: 24), viewProviderType: provider)
  }

  /// Text with a sticker after each piece: `pieces[0] ⧉ pieces[1] ⧉ …` (no sticker after the last).
  public static func text(_ pieces: [String], provider: TextAttachmentViewProvider.Type = AnimatedTestProvider.self)
    -> AttributedText
  {
    var result = AttributedText()
    for (index, piece) in pieces.enumerated() {
      result.append(AttributedText(piece))
      if index < pieces.count - 1 { result.append(AttributedText(attachment: sticker(provider: provider))) }
    }
    return result
  }

  /// `count` short paragraphs ("message N"); every `stickerEvery`-th holds a sticker in the middle.
  public static func chat(
    paragraphs count: Int, stickerEvery: Int = 0, provider: TextAttachmentViewProvider.Type = AnimatedTestProvider.self
  ) -> TextContentStorage {
    TextContentStorage(
      paragraphs: (0..<count).map { index in
        let hasSticker = stickerEvery > 0 && index % stickerEvery == 0
        let text =
          hasSticker
          ? Fixtures.text(["message \(index) ", " end"], provider: provider) : AttributedText("message \(index)")
        return (text, ["index": String(index)])
      })
  }

  /// ``chat(paragraphs:stickerEvery:provider:)`` in `backend`.
  public static func chat(
    paragraphs count: Int, stickerEvery: Int = 0, backend: Backend
  ) -> TextContentManager {
    backend.manager(
      (0..<count).map { index in
        let hasSticker = stickerEvery > 0 && index % stickerEvery == 0
        let text = hasSticker ? Fixtures.text(["message \(index) ", " end"]) : AttributedText("message \(index)")
        return (text, ["index": String(index)])
      })
  }

  /// A counting view over `storage` with the fixed-advance measurer and `policy` registered
  /// for ``AnimatedTestProvider`` (applied by an initial pass).
  public static func view(
    _ storage: TextContentManager, policy: TextAttachmentViewProviderReusePolicy = [], size: CGSize = viewport
  ) -> CountingTextView {
    let view = CountingTextView(storage: storage, viewportSize: size, glyphMeasurer: FixedAdvanceGlyphMeasurer())
    view.register(policy, forTextAttachmentViewProviderType: AnimatedTestProvider.self)
    view.layoutViewport()
    return view
  }
}
