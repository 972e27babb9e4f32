import Foundation
import Instrumentation
import TextEngine

/// Supplies a ``StickerView`` for a ``StickerAttachment``.
///
/// Loading the view is the only place an `AnimationState` is created; the text view counts its
/// creation, as it counts any state a provider's `loadView()` makes (and a reset when the
/// sticker's place had shown an animation before). A sticker that cannot be loaded gets a
/// placeholder view and one `.error` event whose message names the file and the reason; loading
/// never throws and never crashes. A file that plays without features rlottie cannot draw gets one
/// `.warning` event naming them (once per sticker).
public final class StickerViewProvider: TextAttachmentViewProvider {
  /// Creates `TextAttachmentViewProvider.view`; errors and warnings go to the parent view's
  /// instrumentation.
  public override func loadView() throws {
    makeView(recordingTo: instrumentation)
  }

  /// Creates the view and reports to `instrumentation`, counting the animation state as the text
  /// view does around ``loadView()``: for tests and hosts without a text view.
  /// - Parameter instrumentation: Where to record the animation state's creation or the error.
  package func load(recordingTo instrumentation: Instrumentation?) {
    countingAnimationStates(recordingTo: instrumentation) { makeView(recordingTo: instrumentation) }
  }

  private func makeView(recordingTo instrumentation: Instrumentation?) {
    let bounds = textAttachment?.bounds ?? .zero
    let frame = CGRect(origin: .zero, size: bounds.size)
    guard let sticker = textAttachment as? StickerAttachment else {
      let reason = "attachment \(attachmentID) is not a StickerAttachment"
      view = PlaceholderRenderingSurface(frame: frame, failureReason: reason)
      instrumentation?.record(.error, attachmentID: attachmentID, providerType: providerTypeName, message: reason)
      return
    }
    do {
      let player = try sticker.runtime.player(named: sticker.stickerName)
      view = StickerView(stickerName: sticker.stickerName, player: player, runtime: sticker.runtime, frame: frame)
      for warning in sticker.runtime.unreportedWarnings(named: sticker.stickerName) {
        instrumentation?.record(.warning, attachmentID: attachmentID, providerType: providerTypeName, message: warning)
      }
    } catch {
      view = StickerView(
        placeholderFor: sticker.stickerName, reason: error.description, runtime: sticker.runtime, frame: frame)
      instrumentation?.record(
        .error, attachmentID: attachmentID, providerType: providerTypeName, message: error.description)
    }
  }
}
