import CATK
import ChatKit
import ChatModel
import Foundation
import ReuseKitATK
import TextEngine

/// The message list's children, made on demand: one per paragraph of the storage (a message as a
/// paragraph named "Ana, 14:24" whose text is the message, with an image child per sticker; a day
/// separator as a heading, "Today"). A client walking 10 million messages holds at most
/// ``cacheLimit`` elements; nothing here lays out, builds a provider or loads a view. The list's
/// own text (the whole transcript) hears of every edit, its caret and its selection too.
@MainActor
package final class MessageListAccessibility {
  /// The most message elements kept between calls.
  package static let cacheLimit = 256

  /// The message list's element (role `log`).
  package let list: AccessibleElement
  private let storage: TextContentManager
  private let chatView: ChatTextView
  /// Elements made, by paragraph index; emptied by every edit (indices move).
  private var cache: [Int: AccessibleElement] = [:]
  private var observation: TextContentEditObservation?
  /// Whether edits are ignored (a benchmark measuring with and without a tree in one run).
  package var isSuspended = false
  /// The list's text changes since the last frame, in order, in the list's scalar offsets.
  private var pendingListChanges: [AccessibleTextChange] = []
  /// The chat view's selection as clients last heard of it.
  private var listSelection: SelectionReport

  /// The paragraph index of the message with the keyboard focus, if one has it.
  private let focusedIndex: () -> Int?

  /// The children of `list`, the paragraphs of `storage` shown by `chatView`; the message with the
  /// keyboard focus is `focusedIndex()`'s.
  package init(
    list: AccessibleElement, storage: TextContentManager, chatView: ChatTextView, focusedIndex: @escaping () -> Int?
  ) {
    self.list = list
    self.focusedIndex = focusedIndex
    self.storage = storage
    self.chatView = chatView
    listSelection = SelectionReport(chatView.selectedRange)
    list.lazyChildren = (
      count: { [unowned self] in self.storage.paragraphCount },
      at: { [unowned self] index in self.element(at: index) }
    )
    observation = TextContentEditObservation(of: storage) { [weak self] edit in
      MainActor.assumeIsolated { if self?.isSuspended == false { self?.edited(edit) } }
    }
  }

  /// The element of paragraph `index`, made now or kept from a recent call.
  package func element(at index: Int) -> AccessibleElement? {
    guard index >= 0, index < storage.paragraphCount else { return nil }
    if let kept = cache[index] { return kept }
    guard let paragraph = storage.paragraph(at: index) else { return nil }
    if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
    let element = makeElement(for: paragraph, at: index)
    list.adopt(element)
    cache[index] = element
    return element
  }

  private func makeElement(for paragraph: TextParagraph, at index: Int) -> AccessibleElement {
    let element = makeBareElement(for: paragraph, at: index)
    element.lazyIndex = { index }
    element.states = { [weak self] in
      var states: Set<AtkStateType> = [
        ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE, ATK_STATE_SHOWING, ATK_STATE_FOCUSABLE,
      ]
      if self?.focusedIndex() == index { states.insert(ATK_STATE_FOCUSED) }
      return states
    }
    return element
  }

  private func makeBareElement(for paragraph: TextParagraph, at index: Int) -> AccessibleElement {
    if let day = paragraph.paragraphAttributes[ChatDay.separatorKey] {
      let label = ChatDay(iso: day)?.label(today: chatView.today) ?? day
      let heading = AccessibleElement(role: ATK_ROLE_HEADING, name: label)
      heading.setAttribute("level", "2")
      return heading
    }
    let message = ChatMessage(paragraph: paragraph)
    let sender = message.from == chatView.localSender ? "You" : message.from
    let name = [sender, message.time].compactMap { $0 }.joined(separator: ", ")
    let element = AccessibleElement(
      role: ATK_ROLE_PARAGRAPH, name: name,
      // A caret at the start: a screen reader reads the line at the caret of what gets the focus.
      text: StringAccessibleText(paragraph.attributedString.string, caret: 0))
    element.setChildren(
      message.parts.compactMap { part in
        guard case .sticker(let sticker) = part else { return nil }
        return AccessibleElement(role: ATK_ROLE_IMAGE, name: "\(Self.spoken(sticker)) sticker, animated")
      })
    return element
  }

  /// A sticker's file name as words: "party-popper" reads "party popper".
  static func spoken(_ name: String) -> String {
    let base = (name as NSString).deletingPathExtension
    return base.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
  }

  /// An edit. A paragraph edited in place keeps its element (clients hear its text change at the
  /// next frame); paragraphs added or removed move the indices after them, so kept elements go.
  private func edited(_ edit: TextContentEdit) {
    if let change = AccessibleTextChange(edit, in: storage) { pendingListChanges.append(change) }
    let common = min(edit.removed.count, edit.inserted.count)
    for offset in 0..<common { pendingChanged.insert(edit.firstParagraph + offset) }
    guard edit.removed.count != edit.inserted.count else { return }
    cache.removeAll(keepingCapacity: true)
    pendingChanged.removeAll()
    for offset in common..<max(edit.removed.count, edit.inserted.count) {
      let index = edit.firstParagraph + offset
      if offset < edit.inserted.count {
        pendingAdded.append(index)
      } else {
        list.notifyChildRemoved(at: index)
      }
    }
  }

  /// Paragraphs edited in place since the last frame.
  private var pendingChanged: Set<Int> = []

  /// Tells clients how the chat view's caret and selection moved since they last heard (the
  /// list's text is the transcript, and the view's selection its own).
  func updateSelection() {
    guard let text = list.text else { return }
    listSelection.tell(list, of: chatView, as: text)
  }

  /// Tells clients how the kept elements' texts changed (`text-changed::delete` / `::insert`).
  func flushChanged() {
    for change in pendingListChanges {
      if !change.removed.isEmpty { list.notifyTextDeleted(at: change.offset, change.removed) }
      if !change.inserted.isEmpty { list.notifyTextInserted(at: change.offset, change.inserted) }
    }
    pendingListChanges.removeAll()
    for index in pendingChanged {
      guard let element = cache[index], let text = element.text as? StringAccessibleText,
        let paragraph = storage.paragraph(at: index),
        let change = AccessibleTextChange(from: text.string, to: paragraph.attributedString.string)
      else { continue }
      text.string = paragraph.attributedString.string
      if !change.removed.isEmpty { element.notifyTextDeleted(at: change.offset, change.removed) }
      if !change.inserted.isEmpty { element.notifyTextInserted(at: change.offset, change.inserted) }
    }
    pendingChanged.removeAll()
  }

  /// Paragraphs inserted by edits, told to clients after the edit's transaction (their elements
  /// read the storage, which may not be read from inside the edit).
  private var pendingAdded: [Int] = []

  /// The new paragraphs since the last call, told to clients (`children-changed::add`).
  /// - Returns: What each says when announced: incoming messages (not the local sender's) only.
  func flushAdded() -> [String] {
    var announcements: [String] = []
    for index in pendingAdded {
      guard let element = element(at: index), let paragraph = storage.paragraph(at: index) else { continue }
      list.notifyChildAdded(element, at: index)
      guard paragraph.paragraphAttributes[ChatDay.separatorKey] == nil else { continue }
      let message = ChatMessage(paragraph: paragraph)
      guard message.from != chatView.localSender, let text = element.text else { continue }
      // Who wrote, and what; no relative time ("2 minutes ago" would be stale when read).
      announcements.append("\(message.from): \(text.text(scalars: 0..<text.scalarCount))")
    }
    pendingAdded.removeAll()
    return announcements
  }
}
