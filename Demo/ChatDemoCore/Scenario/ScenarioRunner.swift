import AnimationRuntime
import ChatKit
import Foundation
import Instrumentation
import Stickers
import TextEngine

/// Runs a scenario against a host and reports counters and expectations.
@MainActor
public final class ScenarioRunner {
  /// How a run is set up.
  public struct Options {
    /// Overrides the scenario's policies (`--policy`).
    public var policyOverride: TextAttachmentViewProviderReusePolicy?
    /// Where `screenshot` steps write PNGs; `nil` skips writing.
    public var screenshotsDirectory: URL?
    /// The sticker library folder (`Assets/Stickers`).
    public var stickerDirectory: URL
    /// The user's own sticker folder (`--stickers DIR`): every sticker file in it joins the library.
    public var userStickerDirectory: URL?
    /// Makes the view the steps act on.
    public var makeHost: @MainActor (ScenarioHostContext) throws -> any ScenarioHost

    public init(
      policyOverride: TextAttachmentViewProviderReusePolicy? = nil, screenshotsDirectory: URL? = nil,
      stickerDirectory: URL, makeHost: @escaping @MainActor (ScenarioHostContext) throws -> any ScenarioHost
    ) {
      self.policyOverride = policyOverride
      self.screenshotsDirectory = screenshotsDirectory
      self.stickerDirectory = stickerDirectory
      self.makeHost = makeHost
    }
  }

  public let scenario: Scenario
  public let options: Options
  /// The policies in force at the start.
  public var policies: TextAttachmentViewProviderReusePolicy {
    options.policyOverride ?? scenario.policies ?? [.onEditingInlineParagraphs, .onScrollingOutOfViewport]
  }

  private let clock = ManualClock()
  private let instrumentation = Instrumentation()
  private var framesRendered = 0
  private var screenshots: [String] = []
  private var expectations: [ScenarioReport.Expectation] = []

  public init(scenario: Scenario, options: Options) {
    self.scenario = scenario
    self.options = options
  }

  /// Runs every step.
  /// - Throws: ``ScenarioError`` for bad input (unknown sticker, message out of range, bad files).
  public func run() throws(ScenarioError) -> ScenarioReport {
    let library: StickerLibrary
    do {
      library = try StickerLibrary(
        directories: [options.stickerDirectory] + [options.userStickerDirectory].compactMap { $0 })
    } catch {
      throw ScenarioError(step: nil, reason: "sticker library: \(error)")
    }
    let stickers = StickerFactory(runtime: StickerRuntime(clock: clock, library: library))
    let storage = try loadStorage(stickers)  // the parsed transcript is freed before the view exists
    instrumentation.timeSource = { [clock] in clock.now }
    let host: any ScenarioHost
    do {
      host = try options.makeHost(
        ScenarioHostContext(
          storage: storage, width: scenario.viewportWidth, height: scenario.viewportHeight,
          instrumentation: instrumentation, clock: clock))
    } catch {
      throw ScenarioError(step: nil, reason: "cannot create the view: \(error)")
    }
    let view = host.textView
    view.register(policies, forTextAttachmentViewProviderType: StickerViewProvider.self)
    view.wantsBottomAnchoring = true
    view.scrollToBottom()
    try render(host, step: nil)
    for (index, step) in scenario.steps.enumerated() {
      try perform(step, index: index, host: host, stickers: stickers)
    }
    return report(storage: storage, view: view, runtime: stickers.runtime)
  }

  // MARK: Steps

  private func perform(_ step: ScenarioStep, index: Int, host: any ScenarioHost, stickers: StickerFactory)
    throws(ScenarioError)
  {
    let view = host.textView
    let storage = view.textContentStorage
    func fail(_ reason: String) -> ScenarioError { ScenarioError(step: index, op: step.op, reason: reason) }
    func messageStart(_ message: Int) throws(ScenarioError) -> (start: Int, length: Int) {
      guard message < storage.paragraphCount, let paragraph = storage.paragraph(at: message),
        let start = try? storage.startOffset(ofParagraphAt: message)
      else { throw fail("message \(message) is out of range 0..<\(storage.paragraphCount)") }
      return (start, paragraph.length)
    }
    switch step {
    case .select(let message, let offset, let length):
      let (start, messageLength) = try messageStart(message)
      let at: Int
      switch offset {
      case .end: at = messageLength
      case .at(let value):
        guard value <= messageLength else {
          throw fail("offset \(value) is past the end of message \(message) (length \(messageLength))")
        }
        at = value
      }
      guard start + at + length <= storage.length else {
        throw fail("length \(length) runs past the end of the document")
      }
      try? view.setSelectedRange((start + at)..<(start + at + length))
    case .scrollTo(let message, let position):
      _ = try messageStart(message)
      try? view.scroll(toParagraphAt: message, position: position)
    case .scrollBy(let dy): view.scroll(by: dy)
    case .scrollToTop: view.scroll(toY: 0)
    case .scrollToBottom: view.scrollToBottom()
    case .type(let text):
      for character in text {
        if character == "\n" { view.insertParagraphBreak() } else { view.insertText(String(character)) }
        try render(host, step: index)
      }
      return
    case .key(let key, let count):
      for _ in 0..<count { press(key, in: view) }
    case .insertSticker(let name): view.insertAttachment(stickers.make(name))
    case .send(let parts):
      let message = ChatMessage(from: "me", time: displayTime(), parts: parts)
      let (text, attributes) = message.paragraph(stickers: stickers)
      view.appendParagraph(text, attributes: attributes)
      view.scrollToBottom()
    case .undo(let count): for _ in 0..<count { view.undo() }
    case .redo(let count): for _ in 0..<count { view.redo() }
    case .cut: view.cut()
    case .copy: view.copy()
    case .paste: view.paste()
    case .resize(let width, let height):
      do {
        try host.resize(width: width, height: height)
      } catch {
        throw fail("cannot resize: \(error)")
      }
    case .advance(let seconds):
      for _ in 0..<Int((seconds * 60).rounded()) {
        clock.advance(by: 1.0 / 60)
        try render(host, step: index)
      }
      return
    case .setPolicies(let policy):
      view.register(policy, forTextAttachmentViewProviderType: StickerViewProvider.self)
      return
    case .screenshot(let name):
      guard let directory = options.screenshotsDirectory else { return }
      let url = directory.appendingPathComponent(name.hasSuffix(".png") ? name : name + ".png")
      do {
        try host.writeScreenshot(to: url)
      } catch {
        throw fail("cannot write \(url.path): \(error)")
      }
      framesRendered += 1
      screenshots.append(url.path)
      return
    case .expect(let counter, let comparison, let value):
      let actual = instrumentation.totals[counter]
      expectations.append(
        ScenarioReport.Expectation(
          step: index, counter: counter.rawValue, comparison: comparison.rawValue, expected: value, actual: actual,
          passed: comparison.holds(actual, value)))
      return
    }
    try render(host, step: index)
  }

  private func press(_ key: ScenarioStep.Key, in view: TextView) {
    switch key {
    case .backspace: view.deleteBackward()
    case .delete: view.deleteForward()
    case .enter: view.insertParagraphBreak()
    case .left: view.moveLeft()
    case .right: view.moveRight()
    case .up: view.moveUp()
    case .down: view.moveDown()
    case .home: view.moveToLineStart()
    case .end: view.moveToLineEnd()
    }
  }

  private func render(_ host: any ScenarioHost, step: Int?) throws(ScenarioError) {
    do {
      try host.renderFrame()
    } catch {
      throw ScenarioError(step: step, reason: "rendering failed: \(error)")
    }
    framesRendered += 1
  }

  private func loadStorage(_ stickers: StickerFactory) throws(ScenarioError) -> TextContentStorage {
    let transcript = try scenario.loadTranscript()
    try checkStickers(transcript, stickers)
    return transcript.storage(stickers: stickers)
  }

  private func checkStickers(_ transcript: Transcript, _ stickers: StickerFactory) throws(ScenarioError) {
    for (index, message) in transcript.messages.enumerated() {
      for case .sticker(let name) in message.parts where !stickers.knows(name) {
        throw ScenarioError(step: nil, reason: "transcript message \(index): unknown sticker \"\(name)\"")
      }
    }
    for (index, step) in scenario.steps.enumerated() {
      for name in step.stickerNames where !stickers.knows(name) {
        throw ScenarioError(
          step: index, op: step.op,
          reason: "unknown sticker \"\(name)\" (known: \(stickers.runtime.library.names.joined(separator: ", ")))")
      }
    }
  }

  private func displayTime() -> String {
    let minutes = 12 * 60 + Int(clock.now / 60)
    return String(format: "%02d:%02d", (minutes / 60) % 24, minutes % 60)
  }

  // MARK: Report

  private func report(storage: TextContentStorage, view: TextView, runtime: StickerRuntime) -> ScenarioReport {
    var locations: [Int: (message: Int, sticker: String?)] = [:]
    var index = 0
    storage.enumerateTextElements { element in
      for attachment in (element as? TextParagraph)?.attributedString.attachments ?? [] {
        locations[attachment.id] = (index, (attachment as? StickerAttachment)?.stickerName ?? attachment.fileType)
      }
      index += 1
      return true
    }
    let perAttachment = instrumentation.perAttachment.keys.sorted().map { id in
      ScenarioReport.AttachmentEntry(
        message: locations[id]?.message, sticker: locations[id]?.sticker, counters: instrumentation.perAttachment[id]!)
    }
    // The user's own stickers are all reported, as the palette shows them all.
    if let user = options.userStickerDirectory {
      for asset in runtime.library.assets where asset.file.deletingLastPathComponent().path == user.path {
        _ = runtime.status(named: asset.name)
      }
    }
    return ScenarioReport(
      scenario: scenario.name,
      policies: policies.optionNames,
      counters: instrumentation.totals, perProviderType: instrumentation.perProviderType, perAttachment: perAttachment,
      expectations: expectations, framesRendered: framesRendered, screenshots: screenshots,
      errors: instrumentation.events.filter { $0.kind == .error }.compactMap(\.message),
      stickers: runtime.usedStickers)
  }
}
