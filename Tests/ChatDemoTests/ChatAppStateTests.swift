import ChatModel
import Foundation
import Testing
import TextEngine

@testable import ChatDemoCore

/// The app's state and its transitions, without an app: focus and browsing, the split and its
/// layout, the sticker policy, the banner.
@Suite struct ChatAppStateTests {
  private func state() -> ChatAppState {
    ChatAppState(
      layout: ChatWindowLayout(width: 480, height: 600), stickerPolicy: [.onEditingInlineParagraphs],
      today: ChatDay(year: 2026, month: 11, day: 30))
  }

  @Test func theMessageListIsEnteredOnTheLastMessageAndBrowsedWithinIt() {
    var state = state()
    #expect(state.focus == .composer && state.browsedMessage == nil && state.focusedParagraph == nil)
    var moved = state.browse(by: -1, messageCount: 5)
    #expect(!moved && state.browsedMessage == nil, "outside the list nothing is browsed")
    state.enterMessageList(messageCount: 5)
    #expect(state.focus == .messageList && state.browsedMessage == 4 && state.focusedParagraph == 4)
    moved = state.browse(by: -3, messageCount: 5)
    #expect(moved && state.browsedMessage == 1)
    moved = state.browse(by: -3, messageCount: 5)
    #expect(moved && state.browsedMessage == 0, "the first message stops it")
    moved = state.browse(by: 9, messageCount: 5)
    #expect(moved && state.browsedMessage == 4, "the last message stops it")
    moved = state.browse(by: 1, messageCount: 0)
    #expect(!moved && state.browsedMessage == 4, "an empty list has nothing to browse")
    // Leaving the list forgets the browsed message and its focus ring.
    state.focus(on: .transcript)
    #expect(state.focus == .transcript && state.browsedMessage == nil && state.focusedParagraph == nil)
    state.enterMessageList(messageCount: 0)
    #expect(state.focus == .messageList && state.browsedMessage == nil)
  }

  @Test func theSplitIsRememberedAndKeptAcrossResizes() {
    var state = state()
    let whole = state.layout
    #expect(!state.isSplit && !state.hasSplit)
    state.setSplit(true)
    #expect(state.isSplit && state.hasSplit && state.layout.chatRect.width < whole.chatRect.width)
    state.resize(width: 800, height: 700)
    #expect(state.isSplit && state.layout.width == 800 && state.layout.height == 700)
    state.setSplit(false)
    #expect(!state.isSplit && state.hasSplit, "view 1's counters stay reported once it was split")
    #expect(state.layout.chatRect.width == 800)
  }

  @Test func stickerPolicyTogglesAndTheBannerGoes() {
    var state = state()
    state.toggleStickerPolicy(.onScrollingOutOfViewport)
    #expect(state.stickerPolicy == [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    state.toggleStickerPolicy(.onEditingInlineParagraphs)
    #expect(state.stickerPolicy == [.onScrollingOutOfViewport])
    #expect(state.bannerText(at: 0) == nil)
    state.show("Saved", until: 3)
    #expect(state.bannerText(at: 2.9) == "Saved")
    #expect(state.bannerText(at: 3) == nil, "the banner goes at its time")
    var other = state
    #expect(other == state)
    other.isHUDVisible.toggle()
    #expect(other != state, "the HUD is part of the state")
  }
}
