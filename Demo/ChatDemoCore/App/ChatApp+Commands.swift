import ChatKit
import ChatModel
import Foundation
import Instrumentation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// The app's commands: what the ``ChatInputRouter`` hands its delegate. The window and headless
/// runs perform them here, the same way.
extension ChatApp {
  /// Performs the app's commands from the ``ChatInputRouter``.
  func perform(_ command: ChatCommand) {
    switch command {
    case .send: send()
    case .save: save()
    case .quit: isRunning = false
    case .insertSticker(let index):
      if let name = palette.name(at: index) { insertSticker(name) }
    case .nextStickerPage: palette.turnPage()
    case .layOut: layOut()
    case .toggleSplit: toggleSplit()
    case .toggleScene: toggleScene()
    // The router performs these itself.
    case .toggleHUD, .toggleStickerPolicy, .toggleResetFlashes, .stopEditing, .cycleFocus, .browse: break
    }
  }

  /// Shows `text` in the banner for `seconds` (and on the console).
  func show(_ text: String, seconds: Double) {
    status = (text, clock.now + seconds)
    if case .window = surface { print("chat-demo: \(text)") }
  }

  /// Shows or hides the second view of the storage (F5).
  private func toggleSplit() {
    if secondaryView != nil {
      secondaryView = nil
    } else {
      do {
        var layout = router.layout
        layout.isSplit = true
        let view = try ChatTextView(
          storage: storage, renderer: try surface.renderer(for: layout.secondaryRect), fonts: fonts, clock: clock,
          instrumentation: secondaryInstrumentation)
        view.presentsFrames = false
        view.today = chatView.today
        view.clipboard = clipboard
        view.isHUDVisible = chatView.isHUDVisible
        view.setStickerPolicy(chatView.requestedStickerPolicy ?? chatView.stickerPolicy)
        secondaryView = view
        watchEditFailures(of: view)
        hasSplit = true
      } catch {
        show("Cannot split: \(error)", seconds: 4)
      }
    }
    router.secondaryView = secondaryView
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
          storage: storage, renderer: try surface.renderer(for: router.layout.chatRect), fonts: fonts, clock: clock,
          instrumentation: chatView.instrumentation)
        editor.presentsFrames = false
        editor.clipboard = clipboard
        watchEditFailures(of: editor)
        editorView = editor
      } catch {
        show("Cannot show the editor: \(error)", seconds: 4)
      }
    }
    router.editorView = editorView
    layOut()
    show(editorView == nil ? "Chat scene" : "Editor scene: line numbers (F6 for the chat)", seconds: 2)
  }

  private func insertSticker(_ name: String) {
    router.focusedView.insertAttachment(stickers.make(name))
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
    chatView.today = today()
    secondaryView?.today = chatView.today
    message.date = chatView.today?.description
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
