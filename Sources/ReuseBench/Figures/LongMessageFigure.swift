import ChatKit
import ChatModel
import Foundation
import TextEngine

/// P9: one very long message (one paragraph). `P9` is the engine time per keystroke in the middle
/// of a 1 MB message (the edit, the incremental relayout, the viewport pass); `P9.frame` adds
/// drawing the frame. `P9.scroll` scrolls a 10 MB message frame by frame, drawing each frame when a
/// renderer is available, and reports the process's resident memory.
@MainActor
struct LongMessageFigure {
  let environment: BenchEnvironment
  let samples: Int
  let warmUp: Int
  /// A smoke run (debug build, seconds) types into 64 KiB and scrolls through 640 KiB.
  var smoke = false

  /// The typing message's size in bytes.
  private var typingBytes: Int { smoke ? 1 << 16 : 1 << 20 }
  /// The scrolling message's size in bytes.
  private var scrollingBytes: Int { 10 * typingBytes }

  /// Measures scrolling, then typing (each in a transcript of its own, freed before the next;
  /// scrolling first, so that its resident-memory figures start from the process as it was).
  func run() throws -> [FigureResult] {
    let scroll = try scrolling()
    return try typing() + [scroll]
  }

  private func typing() throws -> [FigureResult] {
    let fixture = try makeFixture(bytes: typingBytes)
    let view = fixture.view
    let index = fixture.storage.paragraphCount - 2
    try view.scroll(toParagraphAt: index, position: .center)
    let length = fixture.storage.paragraph(at: index)?.length ?? 0
    let caret = try fixture.storage.startOffset(ofParagraphAt: index) + length / 2
    try view.setSelectedRange(caret..<caret)
    let laidOut = view.textLayoutManager.paragraphsLaidOut
    let keystroke: (Int) -> Void = { iteration in
      if iteration.isMultiple(of: 2) { view.insertText("k") } else { view.deleteBackward() }
    }
    let engine = try Sampler(warmUp: warmUp, samples: samples).run(keystroke)
    let perKey = Double(view.textLayoutManager.paragraphsLaidOut - laidOut) / Double(warmUp + samples)
    var results = [
      FigureResult(
        id: "P9", label: "keystroke in a \(Self.size(typingBytes)) message", samples: engine,
        details: [
          "message characters": Double(length), "paragraphs laid out /key": perKey,
          "lines in the message": Double(
            view.textLayoutManager.ensureLayout(forParagraphAt: index)?.textLineFragments.count ?? 0),
        ])
    ]
    if let chat = fixture.chatView {
      let frames = try Sampler(warmUp: warmUp, samples: samples).run { iteration in
        keystroke(iteration)
        try chat.renderFrame()
      }
      results.append(
        FigureResult(id: "P9.frame", label: "keystroke + frame, \(Self.size(typingBytes)) message", samples: frames))
    }
    for violation in view.reuseInvariantViolations() { throw BenchFailure("P9: \(violation)") }
    return results
  }

  private func scrolling() throws -> FigureResult {
    let before = PeakMemory.residentBytes() ?? 0
    let fixture = try makeFixture(bytes: scrollingBytes)
    let view = fixture.view
    let index = fixture.storage.paragraphCount - 2
    let restart = { try view.scroll(toParagraphAt: index, position: .top) }
    try restart()
    let end =
      (view.textLayoutManager.yOffset(ofParagraphAt: index) ?? 0)
      + (view.textLayoutManager.height(ofParagraphAt: index) ?? 0) - BenchFixture.viewportSize.height
    let step = ScrollFigure.step
    let opened = PeakMemory.residentBytes() ?? 0
    let frames = try Sampler(warmUp: warmUp, samples: samples).run(
      prepare: { _ in if view.scrollOffset + step > end { try restart() } },
      { _ in
        view.scroll(by: step)
        try fixture.chatView?.renderFrame()
      })
    let after = PeakMemory.residentBytes() ?? 0
    return FigureResult(
      id: "P9.scroll",
      label:
        "scroll frame, \(Self.size(scrollingBytes)) message (\(fixture.chatView == nil ? "engine" : "whole frame"))",
      samples: frames,
      details: [
        "RSS before open (MiB)": Double(before) / 1_048_576, "RSS after open (MiB)": Double(opened) / 1_048_576,
        "RSS after scrolling (MiB)": Double(after) / 1_048_576,
        "peak RSS (MiB)": Double(PeakMemory.peakResidentBytes() ?? 0) / 1_048_576,
      ])
  }

  private static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
  }

  /// A short transcript with one message of `bytes` ASCII words before the last message.
  private func makeFixture(bytes: Int) throws -> BenchFixture {
    var messages: [(AttributedText, [String: String])] = []
    let stickers = StickerFactory(runtime: environment.runtime)
    for number in 0..<20 {
      messages.append(
        ChatMessage(from: number.isMultiple(of: 2) ? "alice" : "bob", time: "12:00", text: "message \(number)")
          .paragraph(stickers: stickers))
    }
    messages.append(
      ChatMessage(from: "alice", time: "12:01", text: Self.words(bytes: bytes)).paragraph(stickers: stickers))
    messages.append(ChatMessage(from: "bob", time: "12:02", text: "the last one").paragraph(stickers: stickers))
    return try BenchFixture(environment: environment, storage: TextContentStorage(paragraphs: messages))
  }

  /// `bytes` bytes of lowercase words of 1 to 12 letters between single spaces, the same every run.
  static func words(bytes: Int) -> String {
    var generator = UInt64(0x9E37_79B9_7F4A_7C15)
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes)
    while utf8.count < bytes {
      generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = Int(generator >> 60) % 12 + 1
      for step in 0..<length { utf8.append(UInt8(97 + Int((generator >> UInt64(step * 4)) & 0xF) % 26)) }
      utf8.append(32)
    }
    return String(decoding: utf8.prefix(bytes), as: UTF8.self)
  }
}
