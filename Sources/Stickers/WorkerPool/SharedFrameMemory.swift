import CLinuxCalls
import Glibc

/// The memory a worker renders frames into: a `memfd` the app maps read-only and the worker
/// read-write. Owns the descriptor and the mapping, and frees both in `deinit`.
final class SharedFrameMemory {
  /// The memfd, handed to the worker as descriptor 3.
  let descriptor: Int32
  /// The size in bytes: one frame at the largest render size.
  let byteCount: Int
  private let base: UnsafeRawPointer

  /// Creates memory for one `maxPixelSize × maxPixelSize` RGBA frame.
  /// - Throws: The system's message when memfd, ftruncate or mmap fail.
  init(maxPixelSize: Int) throws(StickerError.Reason) {
    byteCount = max(1, maxPixelSize) * max(1, maxPixelSize) * 4
    descriptor = reusekit_memfd_create("reusekit-sticker-frames")
    guard descriptor >= 0 else { throw .decoderCrashed("cannot create the frame memory: \(Self.lastError())") }
    guard ftruncate(descriptor, off_t(byteCount)) == 0,
      let mapped = mmap(nil, byteCount, PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED
    else {
      let message = Self.lastError()
      close(descriptor)
      throw .decoderCrashed("cannot map the frame memory: \(message)")
    }
    base = UnsafeRawPointer(mapped)
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: base), byteCount)
    close(descriptor)
  }

  /// The first `count` bytes, copied out (the frame cache keeps its own copy).
  func bytes(count: Int) -> [UInt8] {
    let count = min(max(0, count), byteCount)
    return [UInt8](UnsafeRawBufferPointer(start: base, count: count))
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}
