import ATKShim
import CATK
import Foundation
import TextEngine

/// One object of the accessible tree (an `AtkObject`, which atk-bridge shows to AT-SPI clients):
/// a role, a name, children, states, where it is on screen, and text when it has some.
///
/// The object forwards what a client asks to its Swift properties. It owns its `AtkObject` and
/// detaches it in `deinit`: a client still holding it afterwards gets a defunct object.
@MainActor
public final class AccessibleElement {
  /// The wrapped `AtkObject`.
  let object: UnsafeMutableRawPointer

  /// The wrapped `AtkObject`, for ATK's C API (tests, and code that hands it to ATK itself).
  public var atkObject: UnsafeMutableRawPointer { object }
  /// The children, in order; set ``parent`` on them through ``setChildren(_:)``.
  public private(set) var children: [AccessibleElement] = []
  /// The parent, when in a tree.
  public private(set) weak var parent: AccessibleElement?
  /// The text, for an element made with some.
  public let text: (any AccessibleTextContent)?
  /// What the element's states are now (`AtkStateType`s).
  public var states: () -> Set<AtkStateType> = {
    [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE, ATK_STATE_SHOWING]
  }
  /// Where the element is, in window pixels.
  public var frame: () -> CGRect = { .zero }
  /// Where the window is on screen (window pixels to screen pixels).
  public var windowOrigin: () -> CGPoint = { .zero }
  /// Called when a client asks the element to take the focus; returns whether it did.
  public var onGrabFocus: (() -> Bool)?
  /// Children made on demand, for a list of millions: how many there are, and the one at an
  /// index (which ``adopt(_:)`` gave this parent). When set, ``children`` is not used.
  public var lazyChildren: (count: () -> Int, at: (Int) -> AccessibleElement?)?
  /// The element's index among its parent's lazy children, when it is one.
  public var lazyIndex: (() -> Int)?

  /// Creates an element.
  /// - Parameters:
  ///   - role: Its ATK role.
  ///   - name: What a screen reader calls it.
  ///   - text: Its text, if it has some (editable when it conforms to `EditableAccessibleTextContent`).
  public init(role: AtkRole, name: String, text: (any AccessibleTextContent)? = nil) {
    self.text = text
    self.name = name
    let kind =
      text is any EditableAccessibleTextContent
      ? REUSEKIT_ATK_EDITABLE_TEXT : text == nil ? REUSEKIT_ATK_PLAIN : REUSEKIT_ATK_TEXT
    AccessibilityCallbacks.install()
    object = reusekit_atk_object_new(kind, nil, Int32(role.rawValue), name, nil)
    reusekit_atk_object_set_owner(object, Unmanaged.passUnretained(self).toOpaque())
  }

  isolated deinit {
    reusekit_atk_object_detach(object)
    reusekit_atk_object_unref(object)
  }

  /// What a screen reader calls the element.
  public var name: String {
    didSet { reusekit_atk_object_set_name(object, name) }
  }

  /// A longer description, read after the name.
  public func setDescription(_ description: String) {
    reusekit_atk_object_set_description(object, description)
  }

  /// Sets an object attribute (a `key: value` pair clients read, such as `level: 1` for a heading).
  public func setAttribute(_ key: String, _ value: String) {
    reusekit_atk_object_set_attribute(object, key, value)
  }

  /// Replaces the children, making this element their parent.
  public func setChildren(_ elements: [AccessibleElement]) {
    children = elements
    for child in elements {
      child.parent = self
      reusekit_atk_object_set_parent(child.object, object)
    }
  }

  /// Appends a child and tells clients (`children-changed::add`).
  public func appendChild(_ element: AccessibleElement) {
    children.append(element)
    element.parent = self
    reusekit_atk_object_set_parent(element.object, object)
    reusekit_atk_emit_children_changed(object, Int32(children.count - 1), element.object, 1)
  }

  /// Makes this element the parent of `element`, a lazy child (see ``lazyChildren``).
  public func adopt(_ element: AccessibleElement) {
    guard element.parent !== self else { return }
    element.parent = self
    reusekit_atk_object_set_parent(element.object, object)
  }

  /// Tells clients that a lazy child was added at `index` (`children-changed::add`).
  public func notifyChildAdded(_ element: AccessibleElement, at index: Int) {
    reusekit_atk_emit_children_changed(object, Int32(clamping: index), element.object, 1)
  }

  /// Tells clients that the child at `index` went (`children-changed::remove`; a lazy child that
  /// went has no object left to name).
  public func notifyChildRemoved(at index: Int) {
    reusekit_atk_emit_children_changed(object, Int32(clamping: index), nil, 0)
  }

  /// How many children the element has now.
  var childCount: Int { lazyChildren?.count() ?? children.count }

  /// The child at `index`, or `nil`.
  func child(at index: Int) -> AccessibleElement? {
    if let lazyChildren { return lazyChildren.at(index) }
    return children.indices.contains(index) ? children[index] : nil
  }

  /// The element's index among its parent's children, or -1.
  var indexInParent: Int { lazyIndex?() ?? parent?.children.firstIndex { $0 === self } ?? -1 }

  // MARK: Events

  /// Tells clients that text was inserted (`text-changed::insert`), at a scalar offset. AT-SPI's
  /// offsets are 32-bit: a change it cannot address (past 2³¹ scalars, a 20-million-message
  /// transcript's end) is not told.
  public func notifyTextInserted(at offset: Int, _ inserted: String) {
    guard let (at, length) = Self.atkRange(offset, inserted) else { return }
    reusekit_atk_emit_text_inserted(object, at, length, inserted)
  }

  /// Tells clients that text was deleted (`text-changed::delete`), at a scalar offset (one AT-SPI
  /// can address: see ``notifyTextInserted(at:_:)``).
  public func notifyTextDeleted(at offset: Int, _ deleted: String) {
    guard let (at, length) = Self.atkRange(offset, deleted) else { return }
    reusekit_atk_emit_text_deleted(object, at, length, deleted)
  }

  /// Tells clients that the caret moved (`text-caret-moved`), to a scalar offset (not told past
  /// AT-SPI's 32-bit offsets).
  public func notifyCaretMoved(to offset: Int) {
    guard let at = Int32(exactly: offset) else { return }
    reusekit_atk_emit_caret_moved(object, at)
  }

  /// `offset` and the scalar length of `text` as ATK's 32-bit values, or `nil` past them.
  private static func atkRange(_ offset: Int, _ text: String) -> (Int32, Int32)? {
    let length = text.unicodeScalars.count
    guard let at = Int32(exactly: offset), let count = Int32(exactly: length), Int32.max - at >= count else {
      return nil
    }
    return (at, count)
  }

  /// Tells clients that the selection changed (`text-selection-changed`).
  public func notifySelectionChanged() {
    reusekit_atk_emit_selection_changed(object)
  }

  /// Tells clients that a state changed (`state-changed`), such as the focus.
  public func notifyState(_ state: AtkStateType, _ value: Bool) {
    reusekit_atk_emit_state_changed(object, Int32(state.rawValue), value ? 1 : 0)
  }

  /// Tells clients that `child` is now the active one among this element's descendants
  /// (`active-descendant-changed`: how a container that manages its descendants reports focus).
  public func notifyActiveDescendant(_ child: AccessibleElement) {
    reusekit_atk_emit_active_descendant_changed(object, child.object)
  }
}
