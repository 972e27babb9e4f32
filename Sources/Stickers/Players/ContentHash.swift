/// A 64-bit FNV-1a hash of a file's bytes, in hex with the byte count: rlottie's cache key and the frame cache's asset key.
///
/// Equal contents share rlottie's parsed model and cached frames; different contents never do
/// (barring a 64-bit collision between files of the same length).
/// - Complexity: O(n).
func contentHash(_ bytes: [UInt8]) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash = hash &* 0x100_0000_01b3
  }
  return String(hash, radix: 16) + "-" + String(bytes.count)
}
