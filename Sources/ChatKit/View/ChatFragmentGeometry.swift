import ChatModel
import Foundation

/// What drawing one laid-out message needs: how it reads, its bubble and the widths of its name and
/// time. ``ChatTextView`` computes it once per fragment per frame and shares it between the colours,
/// the bubble and the name and time.
struct ChatFragmentGeometry {
  /// How the fragment's paragraph reads as a message.
  let message: ChatMessage.Header
  /// The bubble relative to the fragment, or `nil` for a sticker-only message (or an empty document).
  let bubble: CGRect?
  /// The width of the sender's name as drawn; 0 when the name is not shown.
  let nameWidth: Double
  /// The width of the time as drawn; 0 without a time.
  let timeWidth: Double
}
