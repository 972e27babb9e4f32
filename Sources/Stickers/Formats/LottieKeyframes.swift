import ReuseKitSupport

/// Rewrites Lottie keyframes from the newer form rlottie 0.1 misreads into the older form it was
/// written for, keeping every other byte's meaning and every object's key order.
///
/// Newer exporters give each keyframe only its start value `s`, the next keyframe's `s` being its
/// end, and put a value on the last keyframe too. rlottie 0.1 wants `e` on each keyframe and a
/// bare `{"t": …}` last; fed the newer form it can draw nothing (a trim path then trims everything
/// away). So, in a keyframe list where no keyframe has `e`, each keyframe but the last gets
/// `e` = the next one's `s` (unless it holds, `"h": 1`), and the last keeps only its `t`.
enum LottieKeyframes {
  /// A JSON value with object keys in file order; scalars keep their bytes.
  private indirect enum Node {
    case object([(String, Node)])
    case array([Node])
    case string(String)
    case raw(String)

    subscript(key: String) -> Node? {
      if case .object(let members) = self { members.last { $0.0 == key }?.1 } else { nil }
    }
  }

  /// `bytes` with newer-form keyframe lists rewritten, or `bytes` unchanged when none needs it.
  /// - Throws: `StickerError.Reason.malformed(_:)` for JSON that does not parse (checked earlier).
  /// - Complexity: O(n).
  static func rewritten(_ bytes: [UInt8], maxDepth: Int) throws(StickerError.Reason) -> [UInt8] {
    var root: Node
    do {
      root = try JSONReader.read(bytes, maximumDepth: maxDepth) { reader throws(JSONError) in
        try parse(&reader)
      }
    } catch {
      throw .malformed("invalid JSON at \(error.location): \(error.reason)")
    }
    var changed = false
    root = convert(root, changed: &changed)
    guard changed else { return bytes }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    write(root, to: &output)
    return output
  }

  private static func parse(_ reader: inout JSONReader) throws(JSONError) -> Node {
    switch try reader.peek() {
    case .object:
      var members: [(String, Node)] = []
      try reader.beginObject()
      while let key = try reader.nextKey() { members.append((key, try parse(&reader))) }
      return .object(members)
    case .array:
      var items: [Node] = []
      try reader.beginArray()
      while try reader.nextElement() { items.append(try parse(&reader)) }
      return .array(items)
    case .string: return .string(try reader.readString())
    case .number: return .raw(try reader.readNumber().literal)
    case .bool: return .raw(try reader.readBool() ? "true" : "false")
    case .null:
      try reader.readNull()
      return .raw("null")
    }
  }

  private static func convert(_ node: Node, changed: inout Bool) -> Node {
    switch node {
    case .array(let items): return .array(items.map { convert($0, changed: &changed) })
    case .object(let members):
      return .object(
        members.map { key, value in
          if key == "k", let rewritten = keyframes(value) {
            changed = true
            return (key, rewritten)
          }
          return (key, convert(value, changed: &changed))
        })
    default: return node
    }
  }

  /// The old-form list for a newer-form keyframe list, or `nil` when `value` is none.
  private static func keyframes(_ value: Node) -> Node? {
    guard case .array(let items) = value, items.count >= 2 else { return nil }
    var frames: [[(String, Node)]] = []
    for (index, item) in items.enumerated() {
      guard case .object(let members) = item, members.contains(where: { $0.0 == "t" }),
        members.contains(where: { $0.0 == "s" }) || index == items.count - 1,
        !members.contains(where: { $0.0 == "e" })
      else { return nil }
      frames.append(members)
    }
    var result: [Node] = []
    for index in frames.indices.dropLast() {
      var members = frames[index]
      var holds = false
      if case .raw("1")? = Node.object(members)["h"] { holds = true }
      if !holds, let next = Node.object(frames[index + 1])["s"] { members.append(("e", next)) }
      result.append(.object(members))
    }
    result.append(.object(frames[frames.count - 1].filter { $0.0 == "t" }))
    return .array(result)
  }

  private static func write(_ node: Node, to output: inout [UInt8]) {
    switch node {
    case .raw(let text): output += Array(text.utf8)
    case .string(let text): writeString(text, to: &output)
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        write(item, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        write(value, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writeString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += Array("\\\"".utf8)
      case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        output += Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
