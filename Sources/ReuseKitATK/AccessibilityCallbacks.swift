import ATKShim
import CATK
import Foundation
import TextEngine

/// The callback table the ATK shim forwards every client call to, installed once. Each callback
/// finds the ``AccessibleElement`` behind the object and answers from it, on the main thread (GLib's
/// main context is pumped there, by ``AccessibilityBridge/pump(limit:)``).
enum AccessibilityCallbacks {
  private typealias A = AccessibilityCallbacks

  @MainActor private static var installed = false

  @MainActor static func install() {
    guard !installed else { return }
    installed = true
    let table = UnsafeMutablePointer<ReuseKitAtkCallbacks>.allocate(capacity: 1)
    table.initialize(to: ReuseKitAtkCallbacks())
    fill(&table.pointee)
    reusekit_atk_set_callbacks(table)  // lives as long as the process
  }

  private static func element(_ owner: UInt) -> AccessibleElement? {
    UnsafeMutableRawPointer(bitPattern: owner).map { Unmanaged<AccessibleElement>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Runs `body` on the main actor, which the caller (GLib's main context, pumped on the main
  /// thread) is on: checked, then called as it is.
  private static func onMain<T: Sendable>(_ body: @MainActor () -> T) -> T {
    MainActor.preconditionIsolated("ATK calls come from GLib's main context, pumped on the main thread")
    return withoutActuallyEscaping(body) { escapable in
      unsafeBitCast(escapable, to: (() -> T).self)()
    }
  }

  private static func on<T: Sendable>(
    _ owner: UnsafeMutableRawPointer?, _ fallback: T, _ body: @MainActor (AccessibleElement) -> T
  ) -> T {
    let address = UInt(bitPattern: owner)
    return onMain {
      guard let element = element(address) else { return fallback }
      return body(element)
    }
  }

  private static func onText<T: Sendable>(
    _ owner: UnsafeMutableRawPointer?, _ fallback: T, _ body: @MainActor (any AccessibleTextContent) -> T
  ) -> T {
    let address = UInt(bitPattern: owner)
    return onMain {
      guard let text = element(address)?.text else { return fallback }
      return body(text)
    }
  }

  /// `rect` (window pixels) in the coordinates a client asked for (0 screen, 1 window, 2 parent).
  @MainActor private static func convert(_ rect: CGRect, of element: AccessibleElement, coords: Int32) -> CGRect {
    switch coords {
    case 0:
      let origin = element.windowOrigin()
      return rect.offsetBy(dx: origin.x, dy: origin.y)
    case 2:
      let parent = element.parent?.frame() ?? .zero
      return rect.offsetBy(dx: -parent.minX, dy: -parent.minY)
    default: return rect
    }
  }

  private static func store(
    _ rect: CGRect, _ x: UnsafeMutablePointer<Int32>?, _ y: UnsafeMutablePointer<Int32>?,
    _ width: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Int32>?
  ) {
    x?.pointee = Int32(clamping: Int(rect.minX.rounded()))
    y?.pointee = Int32(clamping: Int(rect.minY.rounded()))
    width?.pointee = Int32(clamping: Int(rect.width.rounded()))
    height?.pointee = Int32(clamping: Int(rect.height.rounded()))
  }

  private static func fill(_ table: inout ReuseKitAtkCallbacks) {
    table.child_count = { owner in A.on(owner, 0) { Int32(clamping: $0.childCount) } }
    table.child_at = { owner, index in
      let address: UInt = A.on(owner, 0) { element in
        element.child(at: Int(index)).map { UInt(bitPattern: $0.object) } ?? 0
      }
      return UnsafeMutableRawPointer(bitPattern: address)
    }
    table.index_in_parent = { owner in A.on(owner, -1) { Int32(clamping: $0.indexInParent) } }
    table.states = { owner in
      A.on(owner, 0) { element in element.states().reduce(UInt64(0)) { $0 | (1 << UInt64($1.rawValue)) } }
    }
    table.extents = { owner, x, y, width, height, coords in
      let rect = A.on(owner, CGRect.zero) { element in A.convert(element.frame(), of: element, coords: coords) }
      A.store(rect, x, y, width, height)
    }
    table.grab_focus = { owner in A.on(owner, 0) { ($0.onGrabFocus?() ?? false) ? 1 : 0 } }
    fillText(&table)
  }

  private static func fillText(_ table: inout ReuseKitAtkCallbacks) {
    table.text = { owner, start, end in
      let string = A.onText(owner, "") { text in
        let lower = Int(max(0, start))
        let upper = end < 0 ? text.scalarCount : max(lower, Int(end))
        return text.text(scalars: lower..<upper)
      }
      return reusekit_atk_strdup(string)
    }
    table.character_count = { owner in A.onText(owner, 0) { Int32(clamping: $0.scalarCount) } }
    table.character_at = { owner, offset in A.onText(owner, 0) { $0.scalar(at: Int(offset))?.value ?? 0 } }
    table.string_at = { owner, offset, granularity, start, end in
      let found: (String, Range<Int>)? = A.onText(owner, nil) { text in
        guard let unit = AccessibleTextGranularity(rawValue: granularity) else { return nil }
        let range = text.range(of: unit, at: Int(offset))
        return (text.text(scalars: range), range)
      }
      guard let (string, range) = found else { return nil }
      start?.pointee = Int32(clamping: range.lowerBound)
      end?.pointee = Int32(clamping: range.upperBound)
      return reusekit_atk_strdup(string)
    }
    table.caret_offset = { owner in A.onText(owner, -1) { Int32(clamping: $0.caretScalarOffset) } }
    table.set_caret_offset = { owner, offset in A.onText(owner, 0) { $0.moveCaret(toScalar: Int(offset)) ? 1 : 0 } }
    table.selection_count = { owner in A.onText(owner, 0) { Int32(clamping: $0.selectedScalarRanges.count) } }
    table.selection = { owner, index, start, end in
      let found: (String, Range<Int>)? = A.onText(owner, nil) { text in
        guard index >= 0, let range = text.selectedScalarRanges.dropFirst(Int(index)).first else { return nil }
        return (text.text(scalars: range), range)
      }
      guard let (string, range) = found else { return nil }
      start?.pointee = Int32(clamping: range.lowerBound)
      end?.pointee = Int32(clamping: range.upperBound)
      return reusekit_atk_strdup(string)
    }
    table.set_selection = { owner, index, start, end in
      A.onText(owner, 0) { text in
        guard index == 0 || (index == 1 && text.selectedScalarRanges.isEmpty), start >= 0, start <= end else {
          return 0
        }
        return text.select(scalars: Int(start)..<Int(end)) ? 1 : 0
      }
    }
    table.character_extents = { owner, offset, x, y, width, height, coords in
      let rect = A.on(owner, CGRect.zero) { element in
        guard let rect = element.text?.characterRect(atScalar: Int(offset)) else { return .zero }
        let frame = element.frame()
        return A.convert(rect.offsetBy(dx: frame.minX, dy: frame.minY), of: element, coords: coords)
      }
      A.store(rect, x, y, width, height)
    }
    table.offset_at_point = { owner, x, y, coords in
      A.on(owner, -1) { element in
        let origin = A.convert(element.frame(), of: element, coords: coords).origin
        let point = CGPoint(x: Double(x) - origin.x, y: Double(y) - origin.y)
        return Int32(clamping: element.text?.scalarOffset(at: point) ?? -1)
      }
    }
    fillEditing(&table)
  }

  private static func fillEditing(_ table: inout ReuseKitAtkCallbacks) {
    table.set_contents = { owner, string in
      let contents = string.map { String(cString: $0) } ?? ""
      A.onText(owner, ()) { ($0 as? any EditableAccessibleTextContent)?.replaceContents(with: contents) }
    }
    table.insert_text = { owner, string, bytes, position in
      guard let string, let position, bytes >= 0 else { return }
      let inserted = String(decoding: UnsafeRawBufferPointer(start: string, count: Int(bytes)), as: UTF8.self)
      let at = Int(position.pointee)
      let after = A.onText(owner, at) {
        ($0 as? any EditableAccessibleTextContent)?.insert(inserted, atScalar: at) ?? at
      }
      position.pointee = Int32(clamping: after)
    }
    table.delete_text = { owner, start, end in
      A.onText(owner, ()) {
        ($0 as? any EditableAccessibleTextContent)?.delete(
          scalars: Int(max(0, start))..<max(Int(max(0, start)), Int(end)))
      }
    }
  }
}
