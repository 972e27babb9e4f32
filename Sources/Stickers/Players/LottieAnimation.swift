import CRlottie

/// Owns one rlottie `Lottie_Animation` and destroys it in `deinit`.
///
/// An animation object must be used by one thread at a time; the runtime keeps one per
/// ``StickerRuntime`` (one runtime per rendering thread).
final class LottieAnimation {
  private let pointer: OpaquePointer

  /// Parses checked JSON with rlottie.
  /// - Parameters:
  ///   - json: Bytes that passed the caps.
  ///   - cacheKey: rlottie's model cache key: the content hash, so equal files share one parsed model.
  /// - Throws: `StickerError.Reason.decoderFailed(_:)` when rlottie returns no animation.
  init(json: [UInt8], cacheKey: String) throws(StickerError.Reason) {
    var terminated = json
    terminated.append(0)
    let created = terminated.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { lottie_animation_from_data($0.baseAddress, cacheKey, "") }
    }
    guard let created else { throw .decoderFailed("rlottie could not build an animation") }
    pointer = created
  }

  deinit { lottie_animation_destroy(pointer) }

  /// The canvas size rlottie read.
  var size: (width: Int, height: Int) {
    var width = 0
    var height = 0
    lottie_animation_get_size(pointer, &width, &height)
    return (width, height)
  }

  /// The number of frames rlottie plays.
  var totalFrames: Int { lottie_animation_get_totalframe(pointer) }

  /// Renders one frame into a `size × size` buffer of premultiplied ARGB words.
  func render(frame: Int, size: Int) -> [UInt32] {
    var buffer = [UInt32](repeating: 0, count: size * size)
    buffer.withUnsafeMutableBufferPointer {
      lottie_animation_render(pointer, frame, $0.baseAddress, size, size, size * 4)
    }
    return buffer
  }
}
