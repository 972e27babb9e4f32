import AnimationRuntime
import Instrumentation
import Stickers
import TextEngine

/// A provider with the attachment (and paragraph) it draws, kept alive together.
@dynamicMemberLookup
struct HeldProvider {
  let provider: StickerViewProvider
  let attachment: TextAttachment
  let paragraph: TextParagraph

  subscript<Value>(dynamicMember path: KeyPath<StickerViewProvider, Value>) -> Value { provider[keyPath: path] }

  func load(recordingTo instrumentation: Instrumentation?) { provider.load(recordingTo: instrumentation) }
}
