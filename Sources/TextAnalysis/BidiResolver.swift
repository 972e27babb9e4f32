import CFriBidi
import TextEngine

/// FriBidi's Unicode Bidirectional Algorithm over code points: bidi types, the first strong
/// direction and resolved embedding levels.
enum BidiResolver {
  /// The bidi type of each code point.
  static func types(of scalars: [UInt32]) -> [FriBidiCharType] {
    scalars.withUnsafeBufferPointer { input in
      [FriBidiCharType](unsafeUninitializedCapacity: input.count) { output, count in
        fribidi_get_bidi_types(input.baseAddress, FriBidiStrIndex(input.count), output.baseAddress)
        count = input.count
      }
    }
  }

  // FriBidi's type masks (macros in its header).
  private static let rightToLeftMask: UInt32 = 0x1
  private static let letterMask: UInt32 = 0x100
  private static let isolateMask: UInt32 = 0x8000
  /// FRIBIDI_TYPE_PDI: neutral, weak, isolate.
  private static let popDirectionalIsolate: UInt32 = 0x40 | 0x20 | 0x8000

  /// Rule P2: the direction of the first strong character outside isolates, or `nil` when there
  /// is none. `isolateDepth` counts the isolates open before `scalars` and is updated to those
  /// open after them, so a caller reading a paragraph in chunks carries it from one to the next.
  /// (FriBidi 1.0.8's `fribidi_get_par_direction` does not skip isolates.)
  static func firstStrongDirection(of scalars: [UInt32], isolateDepth: inout Int) -> WritingDirection? {
    guard !scalars.isEmpty else { return nil }
    for type in types(of: scalars).lazy.map({ UInt32($0.rawValue) }) {
      if type == popDirectionalIsolate {
        if isolateDepth > 0 { isolateDepth -= 1 }
      } else if type & isolateMask != 0 {
        isolateDepth += 1
      } else if isolateDepth == 0, type & letterMask != 0 {
        return type & rightToLeftMask != 0 ? .rightToLeft : .leftToRight
      }
    }
    return nil
  }

  /// The resolved level of each code point, the paragraph's base direction given.
  /// - Throws: ``TextAnalysisError`` when FriBidi fails (it returns 0 only when out of memory).
  static func levels(of scalars: [UInt32], baseDirection: WritingDirection) throws(TextAnalysisError) -> [UInt8] {
    guard !scalars.isEmpty else { return [] }
    let count = scalars.count
    let types = types(of: scalars)
    let brackets = scalars.withUnsafeBufferPointer { input in
      types.withUnsafeBufferPointer { types in
        [FriBidiBracketType](unsafeUninitializedCapacity: count) { output, written in
          fribidi_get_bracket_types(input.baseAddress, FriBidiStrIndex(count), types.baseAddress, output.baseAddress)
          written = count
        }
      }
    }
    var base = baseDirection == .rightToLeft ? reusekit_fribidi_par_rtl() : reusekit_fribidi_par_ltr()
    var maximum: FriBidiLevel = 0
    let levels = types.withUnsafeBufferPointer { types in
      brackets.withUnsafeBufferPointer { brackets in
        [FriBidiLevel](unsafeUninitializedCapacity: count) { output, written in
          maximum = fribidi_get_par_embedding_levels_ex(
            types.baseAddress, brackets.baseAddress, FriBidiStrIndex(count), &base, output.baseAddress)
          written = count
        }
      }
    }
    guard maximum > 0 else {
      throw TextAnalysisError(
        library: "FriBidi", operation: "fribidi_get_par_embedding_levels_ex", message: "out of memory")
    }
    return levels.map { UInt8(clamping: max(0, Int($0))) }
  }
}
