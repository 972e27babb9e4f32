import Glibc

/// The shared frame memory as the worker maps it (read-write).
struct MappedFrames {
  /// The first byte: frames are written from here.
  let base: UnsafeMutableRawPointer
  /// The size in bytes (one frame at the app's largest render size).
  let byteCount: Int

  /// Maps the memfd `descriptor`; `nil` when it is no shared memory.
  init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
    let size = Int(status.st_size)
    guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
      return nil
    }
    base = mapped
    byteCount = size
  }
}
