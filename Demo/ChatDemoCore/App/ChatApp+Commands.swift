import ChatKit
import ChatModel
import Foundation
import Instrumentation
import ReuseKitSDL
import SDLSupport
import ScenarioVocabulary
import Stickers
import TextEngine

/// The app's commands: what the ``ChatInputRouter`` makes of the window's events (and of a
/// scenario's), all performed here, the same way for the window and headless runs.
extension ChatApp {
  /// Performs one command: a change of the ``ChatAppState`` (through ``update(_:)``), the input it
  /// hands to a view, or the app's own work (send, save, stickers, split, scene).
  func perform(_ command: ChatCommand) {
    switch command {
    case .input(let event, let target): view(target).handle(event)
    case .focus(let target): update { $0.focus(on: target) }
    case .captureMouse(let target): update { $0.mouseCapture = target }
    case .send: send()
    case .save: save()
    case .quit: update { $0.isRunning = false }
    case .insertSticker(let index):
      if let name = palette.name(at: index) { focusedView.insertAttachment(stickers.make(name)) }
    case .nextStickerPage: palette.turnPage()
    case .layOut: layOut()
    case .toggleHUD: update { $0.isHUDVisible.toggle() }
    case .toggleStickerPolicy(let option): update { $0.toggleStickerPolicy(option) }
    case .toggleResetFlashes: update { $0.flashesResets.toggle() }
    case .stopEditing: chatView.stopEditing()
    case .toggleSplit: toggleSplit()
    case .toggleScene: toggleScene()
    case .cycleFocus: cycleFocus()
    case .browse(let step):
      let count = chatView.textContentManager.paragraphCount
      var moved = false
      update { moved = $0.browse(by: step, messageCount: count) }
      if moved { showBrowsedMessage() }
    case .fling(let velocity, let friction):
      let motion = FlingMotion(velocity: velocity, friction: friction, start: clock.now)
      update { $0.fling = ChatAppState.Fling(motion: motion) }
    case .stopFling: update { $0.fling = nil }
    case .openSearch: openSearch()
    case .closeSearch: closeSearch()
    case .stepHit(let step): stepHit(by: step)
    }
  }

  /// Shows `text` in the banner for `seconds` (and on the console).
  func show(_ text: String, seconds: Double) {
    let until = clock.now + seconds
    update { $0.show(text, until: until) }
    if case .window = surface { print("chat-demo: \(text)") }
  }

  /// Shows or hides the second view of the storage (F5).
  private func toggleSplit() {
    if secondaryView != nil {
      secondaryView = nil
      update { $0.setSplit(false) }
    } else {
      do {
        var layout = state.layout
        layout.isSplit = true
        let view = try ChatTextView(
          storage: storage, renderer: try surface.renderer(for: layout.secondaryRect), fonts: fonts, clock: clock,
          instrumentation: secondaryInstrumentation, scrollCache: configuration.scrollCache)
        view.presentsFrames = false
        view.clipboard = clipboard
        view.setStickerPolicy(state.stickerPolicy)  // a new view's first pass applies it
        secondaryView = view
        watchEditFailures(of: view)
        update { $0.setSplit(true) }  // the state's settings (HUD, today, …) reach the new view
      } catch {
        show("Cannot split: \(error)", seconds: 4)
      }
    }
    layOut()
    secondaryView?.scrollToBottom()
    show(secondaryView == nil ? "One view" : "Two views of one storage (F5 to close)", seconds: 2)
  }

  /// Switches the transcript between the chat and the line-numbered editor (F6). The editor counts
  /// into the transcript's counters: they are view 0's, whichever scene shows.
  private func toggleScene() {
    if editorView != nil {
      editorView = nil
    } else {
      do {
        let editor = LineNumberTextView(
          storage: storage, renderer: try surface.renderer(for: state.layout.chatRect), fonts: fonts, clock: clock,
          instrumentation: chatView.instrumentation)
        editor.presentsFrames = false
        editor.clipboard = clipboard
        watchEditFailures(of: editor)
        editorView = editor
      } catch {
        show("Cannot show the editor: \(error)", seconds: 4)
      }
    }
    update { [editorView] in $0.scene = editorView == nil ? .chat : .editor }
    layOut()
    show(editorView == nil ? "Chat scene" : "Editor scene: line numbers (F6 for the chat)", seconds: 2)
  }

  /// Tab or Shift+Tab: the composer and the message list take the focus in turn (two stops, so
  /// both keys go the same way; from a message being edited or the second view, to the composer).
  /// In the list the focus is on the last message, with no caret.
  private func cycleFocus() {
    guard state.focus == .composer else {
      update { $0.focus(on: .composer) }
      return
    }
    chatView.stopEditing()
    let count = chatView.textContentManager.paragraphCount
    update { $0.enterMessageList(messageCount: count) }
    showBrowsedMessage()
  }

  /// Scrolls the browsed message into view when it is not (wholly) there.
  private func showBrowsedMessage() {
    guard let index = state.browsedMessage else { return }
    let manager = chatView.textLayoutManager
    guard let top = manager.yOffset(ofParagraphAt: index) else { return }
    let bottom = manager.yOffset(ofParagraphAt: index + 1) ?? manager.documentHeight
    let visible = chatView.viewportBounds
    if top < visible.minY {
      try? chatView.scroll(toParagraphAt: index, position: .top)
    } else if bottom > visible.maxY {
      try? chatView.scroll(toParagraphAt: index, position: .bottom)
    }
  }

  /// Sends the composer's message: a day separator first when a new day starts, and a collapsed
  /// day the message joins expands.
  private func send() {
    let text = composer.textContentManager
    guard text.length > 0, let paragraph = text.paragraph(at: 0) else { return }
    var message = ChatMessage(paragraph: paragraph)
    message.from = chatView.localSender
    guard append(message) else { return }  // not saved (a full disk): it stays in the composer
    chatView.scrollToBottom()
    composer.selectAll()
    composer.deleteBackward()
  }

  /// A message from someone else arrives (as from the network), at the end of the transcript.
  func receive(_ message: ChatMessage) {
    let atBottom = chatView.scrollOffset >= chatView.maximumScrollOffset - 1
    guard append(message) else { return }
    if atBottom { chatView.scrollToBottom() }
  }

  /// Appends `message` with the time now, after a day separator when a new day starts; a collapsed
  /// day it joins expands.
  /// - Returns: Whether it was appended (a store that cannot write refuses it).
  private func append(_ message: ChatMessage) -> Bool {
    var message = message
    message.time = timeOfDay()
    let today = configuration.today()
    update { $0.today = today }
    message.date = today?.description
    let lastDate = storage.paragraph(at: storage.paragraphCount - 1).flatMap {
      $0.paragraphAttributes[ChatMessage.dateKey] ?? $0.paragraphAttributes[ChatDay.separatorKey]
    }
    if let date = message.date, date != lastDate, storage.length > 0 {  // a new day starts
      let (separator, attributes) = ChatDay.separatorParagraph(for: date)
      guard chatView.appendParagraph(separator, attributes: attributes) != nil else { return false }
    }
    // A message sent into a collapsed day shows: the day expands.
    if let date = message.date { chatView.daySections.expand(date) }
    let (content, attributes) = message.paragraph(stickers: stickers)
    return chatView.appendParagraph(content, attributes: attributes) != nil
  }

  /// Takes a snapshot of the messages (paragraph references, well under a frame) and saves it in the
  /// background; ``report(_:)`` says how it went. Over a chat store every edit is saved already.
  private func save() {
    guard let transcript else {
      show("Every edit is already saved in the chat store", seconds: 3)
      return
    }
    transcript.saver.save(TranscriptSnapshot(storage: transcript.storage))
    show("Saving \(transcript.storage.paragraphCount) messages…", seconds: 3)
  }

  /// Says how a background save went.
  func report(_ outcome: TranscriptSaver.Outcome) {
    switch outcome.result {
    case .success(let url): show("Saved \(outcome.messageCount) messages to \(url.lastPathComponent)", seconds: 3)
    case .failure(let error): show("Save failed: \(error)", seconds: 6)
    }
  }
}
