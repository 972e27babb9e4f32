import AnimationRuntime
import ChatKit
import ChatModel
import ChatStore
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
  /// View 1's counters, from the first `split` step on.
  private var secondaryInstrumentation: Instrumentation?
  /// The storage's collapsible days, held here (the storage holds its delegate weakly).
  private var daySections: ChatDaySections?
  /// The sticker policies in force (new views of `scene` and `split` steps get them).
  private var currentPolicies: TextAttachmentViewProviderReusePolicy?

  public init(scenario: Scenario, options: Options) {
    self.scenario = scenario
    self.options = options
  }

  /// Runs every step.
  /// - Throws: ``ScenarioError`` for bad input (unknown sticker, message out of range, bad files).
  public func run() throws(ScenarioError) -> ScenarioReport {
    try run(continuingWith: { _ in nil })
  }

  /// Runs every step, then the steps `next` makes one at a time from the live view (numbered after
  /// the scenario's), until it returns `nil`: how the fuzz test drives random sessions.
  /// - Throws: ``ScenarioError`` naming the step at fault.
  public func run(continuingWith next: (TextView) -> ScenarioStep?) throws(ScenarioError) -> ScenarioReport {
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
    currentPolicies = policies
    view.register(policies, forTextAttachmentViewProviderType: StickerViewProvider.self)
    view.wantsBottomAnchoring = true
    view.scrollToBottom()
    try render(host, step: nil)
    for (index, step) in scenario.steps.enumerated() {
      try perform(step, index: index, host: host, stickers: stickers)
    }
    var index = scenario.steps.count
    while let step = next(host.textView) {
      for name in step.stickerNames where !stickers.knows(name) {
        throw ScenarioError(step: index, op: step.op, reason: "unknown sticker \"\(name)\"")
      }
      try perform(step, index: index, host: host, stickers: stickers)
      index += 1
    }
    return report(storage: storage, view: host.textView, runtime: stickers.runtime)
  }

  // MARK: Steps

  private func perform(_ step: ScenarioStep, index: Int, host: any ScenarioHost, stickers: StickerFactory)
    throws(ScenarioError)
  {
    func fail(_ reason: String) -> ScenarioError { ScenarioError(step: index, op: step.op, reason: reason) }
    let viewIndex = scenario.view(ofStep: index)
    guard let view = host.textView(at: viewIndex) else {
      throw fail("view \(viewIndex) is not shown (turn the split on first)")
    }
    let storage = view.textContentStorage
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
      let (lower, lowerOverflow) = start.addingReportingOverflow(at)
      let (upper, upperOverflow) = lower.addingReportingOverflow(length)
      guard !lowerOverflow, !upperOverflow, upper <= storage.length else {
        throw fail("length \(length) runs past the end of the document (length \(storage.length))")
      }
      do {
        try view.setSelectedRange(lower..<upper)
      } catch {
        throw fail("cannot select \(lower)..<\(upper): \(error)")
      }
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
      currentPolicies = policy
      for index in 0...1 {
        host.textView(at: index)?.register(policy, forTextAttachmentViewProviderType: StickerViewProvider.self)
      }
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
      let actual = view.instrumentation.totals[counter]
      expectations.append(
        ScenarioReport.Expectation(
          step: index, counter: counter.rawValue, comparison: comparison.rawValue, expected: value, actual: actual,
          passed: comparison.holds(actual, value)))
      return
    case .scene, .split, .collapse, .expand:
      try performViewStep(step, index: index, host: host, storage: storage)
    }
    try render(host, step: index)
  }

  /// `scene`, `split`, `collapse` and `expand`: the seed session's examples.
  private func performViewStep(_ step: ScenarioStep, index: Int, host: any ScenarioHost, storage: TextContentManager)
    throws(ScenarioError)
  {
    func fail(_ reason: String) -> ScenarioError { ScenarioError(step: index, op: step.op, reason: reason) }
    switch step {
    case .scene(let scene):
      do {
        try host.setScene(scene)
      } catch {
        throw fail("cannot show the \(scene.rawValue) scene: \(error)")
      }
      if let policy = currentPolicies {
        host.textView.register(policy, forTextAttachmentViewProviderType: StickerViewProvider.self)
      }
    case .split(let on):
      let counters = secondaryInstrumentation ?? Instrumentation(timeSource: { [clock] in clock.now })
      secondaryInstrumentation = counters
      do {
        try host.setSplit(on, instrumentation: counters)
      } catch {
        throw fail("cannot split: \(error)")
      }
      if on, let second = host.textView(at: 1) {
        if let policy = currentPolicies {
          second.register(policy, forTextAttachmentViewProviderType: StickerViewProvider.self)
        }
        second.wantsBottomAnchoring = true
        second.scrollToBottom()
      }
    case .collapse(let target), .expand(let target):
      let sections = daySections ?? ChatDaySections.sections(of: storage)
      daySections = sections
      for viewIndex in 0...1 { if let view = host.textView(at: viewIndex) { sections.add(view) } }
      let separator: Int
      switch target {
      case .day(let day):
        let separators = sections.separatorIndices(in: storage)
        guard separators.indices.contains(day) else {
          throw fail("day \(day) is out of range: the transcript has \(separators.count) days")
        }
        separator = separators[day]
      case .message(let message):
        guard message < storage.paragraphCount else {
          throw fail("message \(message) is out of range 0..<\(storage.paragraphCount)")
        }
        guard let found = sections.separatorIndex(forParagraphAt: message, in: storage) else {
          throw fail("message \(message) belongs to no day (its message has no \"date\")")
        }
        separator = found
      }
      if case .collapse = step {
        sections.collapse(separatorAt: separator, in: storage)
      } else if let date = storage.paragraph(at: separator)?.paragraphAttributes[ChatDay.separatorKey] {
        sections.expand(date)
      }
    default:
      return
    }
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

  /// The content manager the scenario runs on: a ``StoredTextContentManager`` over the chat store
  /// of a `{"history": …}` transcript (the scenario's edits are saved into it, as in the window),
  /// else storage holding the loaded or generated transcript.
  private func loadStorage(_ stickers: StickerFactory) throws(ScenarioError) -> TextContentManager {
    if case .history(let url) = scenario.transcript {
      try checkStickers(Transcript(), stickers)
      do {
        return try StoredTextContentManager(source: ChatStore(contentsOf: url, stickers: stickers))
      } catch {
        throw ScenarioError(step: nil, reason: "transcript: \(error)")
      }
    }
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

  private func report(storage: TextContentManager, view: TextView, runtime: StickerRuntime) -> ScenarioReport {
    var locations: [Int: (message: Int, sticker: String?)] = [:]
    var index = 0
    let delegate = storage.delegate  // collapsed days hide paragraphs from enumeration: count them too
    storage.delegate = nil
    defer { storage.delegate = delegate }
    func name(of attachment: TextAttachment) -> String? {
      (attachment as? StickerAttachment)?.stickerName ?? attachment.fileType
    }
    if storage is TextContentStorage {
      storage.enumerateTextElements { element in
        for attachment in (element as? TextParagraph)?.attributedString.attachments ?? [] {
          locations[attachment.id] = (index, name(of: attachment))
        }
        index += 1
        return true
      }
    } else {
      // Over a store, each counted attachment is looked up by its stored identifier (building only
      // the paragraphs that hold them, not every paragraph). When several attachment objects had
      // one identifier, the newest is listed where the sticker is and the older ones without a
      // message: right for a sticker deleted and put back by undo (in memory the deleted object
      // has left the document too); a sticker whose paragraph was released and rebuilt and whose
      // provider was made again is also listed twice, as a store makes it a new object. The
      // identifiers come from the current text view (a view a `scene` step replaced is not asked).
      let identities = view.reuseController.identitiesByAttachmentID
      var newest: [AttachmentIdentity: Int] = [:]
      for (id, identity) in identities where instrumentation.perAttachment[id] != nil {
        newest[identity] = max(newest[identity] ?? id, id)
      }
      for (identity, id) in newest {
        guard let message = storage.indexOfStoredAttachment(identity) else { continue }
        let attachment = storage.paragraph(at: message)?.attributedString.attachments.first { $0.identity == identity }
        locations[id] = (message, attachment.flatMap(name(of:)))
      }
    }
    // In document order (attachments no longer in the document last), so that both backends,
    // which number attachment objects in different orders, list them alike.
    let ordered = instrumentation.perAttachment.keys.sorted {
      (locations[$0]?.message ?? .max, $0) < (locations[$1]?.message ?? .max, $1)
    }
    let perAttachment = ordered.map { id in
      ScenarioReport.AttachmentEntry(
        message: locations[id]?.message, sticker: locations[id]?.sticker, counters: instrumentation.perAttachment[id]!)
    }
    // The user's own stickers are all reported, as the palette shows them all.
    if let user = options.userStickerDirectory {
      for asset in runtime.library.assets where asset.file.deletingLastPathComponent().path == user.path {
        _ = runtime.status(named: asset.name)
      }
    }
    var report = ScenarioReport(
      scenario: scenario.name,
      policies: policies.optionNames,
      counters: instrumentation.totals, perProviderType: instrumentation.perProviderType, perAttachment: perAttachment,
      expectations: expectations, framesRendered: framesRendered, screenshots: screenshots,
      errors: instrumentation.events.filter { $0.kind == .error }.compactMap(\.message),
      stickers: runtime.usedStickers)
    report.views = [instrumentation, secondaryInstrumentation].enumerated().compactMap { index, counters in
      counters.map { ScenarioReport.ViewCounters(view: index, counters: $0.totals) }
    }
    return report
  }
}
