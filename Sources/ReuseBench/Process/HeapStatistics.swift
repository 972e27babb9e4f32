import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes glibc's allocator has handed out and not had back: a direct measure of live heap
/// memory, unlike the resident set, which also counts free pages malloc keeps and misses pages not
/// yet touched.
///
/// glibc's `mallinfo2()` would give it in one call, but it is declared in `<malloc.h>`, which the
/// Glibc module does not export, and it returns a struct by value, which a function looked up at
/// run time cannot be called with from Swift without a C module. So this calls `malloc_info(0, FILE *)`
/// (same header, but it takes a stream and returns an `int`) through `dlsym`, into an
/// `open_memstream` buffer, and reads its totals: in use = `system current` (the arenas' size) −
/// `fast` − `rest` (free chunks, the top chunk included) + `mmap` (large blocks mapped one by one),
/// which is `mallinfo2`'s `uordblks + hblkhd`.
enum HeapStatistics {
  /// The totals `malloc_info` reports for every arena together.
  struct Totals: Equatable {
    /// Bytes in the arenas (`<system type="current">`).
    var arenaBytes: Int
    /// Free bytes in fast bins (`<total type="fast">`).
    var fastFreeBytes: Int
    /// Free bytes in the other bins and the top chunk (`<total type="rest">`).
    var otherFreeBytes: Int
    /// Bytes in chunks mapped one by one (`<total type="mmap">`).
    var mappedBytes: Int

    /// Bytes handed out and not freed.
    var bytesInUse: Int { arenaBytes - fastFreeBytes - otherFreeBytes + mappedBytes }
  }

  /// The bytes in use now, or `nil` when `malloc_info` is not available or its report cannot be read.
  static func bytesInUse() -> Int? { totals()?.bytesInUse }

  /// The allocator's totals now, or `nil` when `malloc_info` is not available or unreadable.
  static func totals() -> Totals? {
    guard let report = report() else { return nil }
    return parse(report)
  }

  /// `malloc_info`'s XML report, or `nil` without glibc's `malloc_info`.
  private static func report() -> String? {
    #if canImport(Glibc)
      guard let symbol = dlsym(nil, "malloc_info") else { return nil }
      typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
      var buffer: UnsafeMutablePointer<CChar>?
      var size = 0
      guard let stream = open_memstream(&buffer, &size) else { return nil }
      let status = unsafeBitCast(symbol, to: MallocInfo.self)(0, stream)
      fclose(stream)
      defer { free(buffer) }
      guard status == 0, let buffer else { return nil }
      return String(cString: buffer)
    #else
      return nil
    #endif
  }

  /// The totals after the last `</heap>` of a `malloc_info` report.
  static func parse(_ report: String) -> Totals? {
    guard let end = report.range(of: "</heap>", options: .backwards) else { return nil }
    let summary = report[end.upperBound...]
    func size(_ element: String, _ type: String) -> Int? {
      guard let tag = summary.range(of: "<\(element) type=\"\(type)\"") else { return nil }
      let rest = summary[tag.upperBound...]
      guard let start = rest.range(of: "size=\"") else { return nil }
      return Int(rest[start.upperBound...].prefix { $0.isNumber })
    }
    guard let arena = size("system", "current"), let fast = size("total", "fast"), let other = size("total", "rest"),
      let mapped = size("total", "mmap")
    else { return nil }
    return Totals(arenaBytes: arena, fastFreeBytes: fast, otherFreeBytes: other, mappedBytes: mapped)
  }
}
