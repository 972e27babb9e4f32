import CATK
import Foundation
import ReuseKitATK
import ReuseKitTestSupport
import Testing
import TextEngine

/// `text-insert` signals seen by ``AccessibleElementTests/changesPastThirtyTwoBitOffsetsAreNotTold()``.
nonisolated(unsafe) private var textInsertions = 0

/// The ATK objects as atk-bridge sees them, through ATK's own C API (no bus): every call the
/// bridge would make for a client lands in Swift, with offsets in Unicode scalars.
@MainActor
@Suite struct AccessibleElementTests {
  private func atk(_ element: AccessibleElement) -> UnsafeMutablePointer<AtkObject> {
    element.atkObject.assumingMemoryBound(to: AtkObject.self)
  }

  private func string(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
  }

  /// A laid-out view of `text` (the shared fixture: fixed advances, 480×800).
  private func textView(_ text: String) -> TextView { Fixtures.view(TextContentStorage(AttributedText(text))) }

  @Test func aTreeHasRolesNamesAndChildren() throws {
    let root = AccessibleElement(role: ATK_ROLE_APPLICATION, name: "app")
    let window = AccessibleElement(role: ATK_ROLE_FRAME, name: "window")
    let list = AccessibleElement(role: ATK_ROLE_LOG, name: "Messages")
    root.setChildren([window])
    window.setChildren([list])
    #expect(atk_object_get_role(atk(window)) == ATK_ROLE_FRAME)
    #expect(String(cString: atk_object_get_name(atk(list))) == "Messages")
    #expect(atk_object_get_n_accessible_children(atk(window)) == 1)
    let child = try #require(atk_object_ref_accessible_child(atk(window), 0))
    #expect(child == atk(list))
    g_object_unref(child)
    #expect(atk_object_get_index_in_parent(atk(list)) == 0)
    #expect(atk_object_get_parent(atk(list)) == atk(window))
  }

  @Test func lazyChildrenAreMadeWhenAsked() throws {
    let list = AccessibleElement(role: ATK_ROLE_LOG, name: "Messages")
    var made = 0
    var kept: [Int: AccessibleElement] = [:]
    list.lazyChildren = (
      count: { 1_000_000 },
      at: { index in
        if let element = kept[index] { return element }
        made += 1
        let element = AccessibleElement(role: ATK_ROLE_PARAGRAPH, name: "message \(index)")
        element.lazyIndex = { index }
        list.adopt(element)
        kept[index] = element
        return element
      }
    )
    #expect(atk_object_get_n_accessible_children(atk(list)) == 1_000_000)
    #expect(made == 0, "counting makes nothing")
    let last = try #require(atk_object_ref_accessible_child(atk(list), 999_999))
    #expect(String(cString: atk_object_get_name(last)) == "message 999999")
    #expect(atk_object_get_index_in_parent(last) == 999_999)
    #expect(atk_object_get_parent(last) == atk(list))
    g_object_unref(last)
    #expect(made == 1, "one child asked for, one made")
  }

  @Test func theTextInterfaceCountsScalars() throws {
    let view = textView("a👍🏽b👨‍👩‍👧🇯🇵東京")
    let element = AccessibleElement(role: ATK_ROLE_ENTRY, name: "Message", text: TextViewAccessibleText(textView: view))
    let text = OpaquePointer(atk(element))
    #expect(atk_text_get_character_count(text) == 13)
    #expect(string(atk_text_get_text(text, 0, -1)) == "a👍🏽b👨‍👩‍👧🇯🇵東京")
    #expect(string(atk_text_get_text(text, 1, 3)) == "👍🏽")
    #expect(string(atk_text_get_text(text, 4, 9)) == "👨‍👩‍👧")
    #expect(atk_text_get_character_at_offset(text, 9) == 0x1F1EF, "the flag's first regional indicator")
    var start: gint = 0
    var end: gint = 0
    #expect(string(atk_text_get_string_at_offset(text, 2, ATK_TEXT_GRANULARITY_CHAR, &start, &end)) == "👍🏽")
    #expect(start == 1 && end == 3)
    #expect(atk_text_set_caret_offset(text, 9) != 0)
    #expect(atk_text_get_caret_offset(text) == 9)
    #expect(view.selectedRange == 4..<4, "scalar 9 is character 4")
    // No attributes: one run over the whole text (Orca cuts a line by runs; empty ones say nothing).
    #expect(atk_text_get_run_attributes(text, 5, &start, &end) == nil && start == 0 && end == 13)
    #expect(atk_text_set_selection(text, 0, 11, 13) != 0)
    #expect(string(atk_text_get_selection(text, 0, &start, &end)) == "東京" && start == 11 && end == 13)
  }

  /// A whole document of 50,000 paragraphs as one text (a message list), on an external source:
  /// counted, read across paragraphs, cut into units and hit-tested through ATK in scalars, with
  /// only the paragraphs read built.
  @Test func aWholeDocumentIsOneTextThroughATK() throws {
    let paragraphs = (0..<50_000).map { index in
      index % 2 == 0 ? "Ana 👍🏽 says hi \(index)." : "👨‍👩‍👧 🇯🇵 東京 \(index)"
    }
    let manager = Backend.stored.manager(paragraphs.map { (AttributedText($0), [:]) })
    let view = Fixtures.view(manager)
    let element = AccessibleElement(role: ATK_ROLE_LOG, name: "Messages", text: DocumentAccessibleText(textView: view))
    let text = OpaquePointer(atk(element))
    let joined = paragraphs.joined(separator: "\n")
    let scalars = Array(joined.unicodeScalars)
    #expect(Int(atk_text_get_character_count(text)) == scalars.count)
    let built = manager.paragraphsBuilt
    // The middle: two paragraphs and the separator between them.
    let middle = paragraphs[..<25_000].reduce(0) { $0 + $1.unicodeScalars.count + 1 }
    let expected = paragraphs[25_000] + "\n" + paragraphs[25_001]
    let end = middle + expected.unicodeScalars.count
    #expect(string(atk_text_get_text(text, gint(middle), gint(end))) == expected)
    #expect(atk_text_get_character_at_offset(text, gint(middle + 4)) == 0x1F44D, "👍 of 👍🏽")
    var start: gint = 0
    var stop: gint = 0
    let word = string(atk_text_get_string_at_offset(text, gint(middle + 13), ATK_TEXT_GRANULARITY_WORD, &start, &stop))
    #expect(word == "hi " && start == gint(middle + 12), "the word holding scalar 13, from 12")
    let sentence = string(
      atk_text_get_string_at_offset(text, gint(middle), ATK_TEXT_GRANULARITY_SENTENCE, &start, &stop))
    #expect(sentence == "Ana 👍🏽 says hi 25000.\n" && Int(start) == middle, "to the next message")
    let paragraph = string(
      atk_text_get_string_at_offset(text, gint(end - 2), ATK_TEXT_GRANULARITY_PARAGRAPH, &start, &stop))
    #expect(paragraph == paragraphs[25_001] + "\n")
    #expect(manager.paragraphsBuilt - built <= 2 * manager.paragraphsPerRead, "only what was read")
    // The caret and the geometry of a visible character: the character at its centre is itself.
    #expect(atk_text_set_caret_offset(text, 7) != 0 && atk_text_get_caret_offset(text) == 7)
    var x: gint = 0
    var y: gint = 0
    var width: gint = 0
    var height: gint = 0
    atk_text_get_character_extents(text, 7, &x, &y, &width, &height, ATK_XY_WINDOW)
    #expect(width > 0 && height > 0)
    #expect(atk_text_get_offset_at_point(text, x + width / 2, y + height / 2, ATK_XY_WINDOW) == 7)
  }

  /// AT-SPI's offsets are 32-bit: a change past them (a 20-million-message transcript's end) is not
  /// told, rather than told at a wrong offset or trapping.
  @Test func changesPastThirtyTwoBitOffsetsAreNotTold() throws {
    let element = AccessibleElement(role: ATK_ROLE_LOG, name: "Messages", text: StringAccessibleText("abc"))
    textInsertions = 0
    let counter: @convention(c) (UnsafeMutableRawPointer?, gint, gint, UnsafePointer<gchar>?, gpointer?) -> Void = {
      _, _, _, _, _ in textInsertions += 1
    }
    g_signal_connect_data(
      element.atkObject, "text-insert", unsafeBitCast(counter, to: GCallback.self), nil, nil, GConnectFlags(0))
    element.notifyTextInserted(at: 2, "x")
    #expect(textInsertions == 1)
    element.notifyTextInserted(at: Int(Int32.max) + 5, "x")
    element.notifyTextInserted(at: Int(Int32.max) - 1, "xyz")
    element.notifyCaretMoved(to: Int(Int32.max) + 1)
    #expect(textInsertions == 1, "nothing past 2³¹ scalars")
  }

  @Test func theEditableTextTakesScalarOffsets() throws {
    let view = textView("東京!")
    let element = AccessibleElement(role: ATK_ROLE_ENTRY, name: "Message", text: TextViewAccessibleText(textView: view))
    let editable = OpaquePointer(atk(element))
    var position: gint = 2
    atk_editable_text_insert_text(editable, "🇯🇵", -1, &position)
    #expect(position == 4, "after the flag's two scalars")
    #expect(string(atk_text_get_text(editable, 0, -1)) == "東京🇯🇵!")
    atk_editable_text_delete_text(editable, 0, 2)
    #expect(string(atk_text_get_text(editable, 0, -1)) == "🇯🇵!")
    atk_editable_text_set_text_contents(editable, "new")
    #expect(string(atk_text_get_text(editable, 0, -1)) == "new")
  }

  @Test func statesAndAttributesReachATK() throws {
    let element = AccessibleElement(role: ATK_ROLE_HEADING, name: "Today")
    element.states = { [ATK_STATE_VISIBLE, ATK_STATE_FOCUSED] }
    element.setAttribute("level", "2")
    let states = try #require(atk_object_ref_state_set(atk(element)))
    #expect(atk_state_set_contains_state(states, ATK_STATE_FOCUSED) != 0)
    #expect(atk_state_set_contains_state(states, ATK_STATE_EDITABLE) == 0)
    g_object_unref(states)
    let attributes = atk_object_get_attributes(atk(element))
    var found: [String: String] = [:]
    var item = attributes
    while let node = item {
      let attribute = node.pointee.data.assumingMemoryBound(to: AtkAttribute.self)
      found[String(cString: attribute.pointee.name)] = String(cString: attribute.pointee.value)
      item = node.pointee.next
    }
    atk_attribute_set_free(attributes)
    #expect(found == ["level": "2"])
  }

  /// An object a client still holds after its element went answers nothing, and says it is defunct.
  @Test func anObjectOutlivingItsElementIsDefunct() throws {
    var element: AccessibleElement? = AccessibleElement(role: ATK_ROLE_PARAGRAPH, name: "gone")
    let object = try #require(element.map(atk))
    g_object_ref(object)
    element = nil
    let states = try #require(atk_object_ref_state_set(object))
    #expect(atk_state_set_contains_state(states, ATK_STATE_DEFUNCT) != 0)
    g_object_unref(states)
    #expect(atk_object_get_n_accessible_children(object) == 0)
    g_object_unref(object)
  }
}
