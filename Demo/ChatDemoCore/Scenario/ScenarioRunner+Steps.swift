import CSDL2
import ChatKit
import Foundation
import ReuseKitSDL
import TextEngine

/// Each step as the user's input to the window: the SDL events the window's loop would receive,
/// routed by the app's ``ChatInputRouter`` (see `ScenarioRunner+Input.swift`); `resize` is the
/// window's size-changed event on a resized surface, `setPolicies`/`split`/`scene` are F2/F3,
/// F5 and F6. Steps without a user
/// input go to the app's own methods for them: `select` (a click, placed by character offset
/// rather than by point: it moves the focus as a click does, then sets the selection the click
/// would make), `scrollTo`/`scrollToTop`/`scrollToBottom` (a jump), `collapse`/`expand` (what a
/// click on a day's pill calls), `advance` (the clock) and `expect`/`screenshot`.
extension ScenarioRunner {
  package func perform(_ step: ScenarioStep, index: Int, app: ChatApp, host: any ScenarioHost) throws(ScenarioError) {
    trace?.beginStep("step \(index): \(step.op)")
    defer { trace?.endStep() }
    try performStep(step, index: index, app: app, host: host)
  }

  private func performStep(
    _ step: ScenarioStep, index: Int, app: ChatApp, host: any ScenarioHost
  ) throws(ScenarioError) {
    func fail(_ reason: String) -> ScenarioError { ScenarioError(step: index, op: step.op, reason: reason) }
    let viewIndex = scenario.view(ofStep: index)
    guard let view = app.view(at: viewIndex) else {
      throw fail("view \(viewIndex) is not shown (turn the split on first)")
    }
    let storage = view.textContentManager
    func messageStart(_ message: Int) throws(ScenarioError) -> (start: Int, length: Int) {
      guard message >= 0, message < storage.paragraphCount else {
        throw fail("message \(message) is out of range 0..<\(storage.paragraphCount)")
      }
      // In range, but the store may fail to read it (a damaged or vanished store): say so.
      let start: Int
      do {
        start = try storage.startOffset(ofParagraphAt: message)
      } catch {
        throw fail("message \(message) cannot be read: \(error)")
      }
      guard let paragraph = storage.paragraph(at: message) else {
        throw fail("message \(message) cannot be read: the store did not build it")
      }
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
      app.focus(on: app.focus(ofView: viewIndex))
      (view as? ChatTextView)?.showsCaret = true  // what a click into a message does
      do {
        try view.setSelectedRange(lower..<upper)
      } catch {
        throw fail("cannot select \(lower)..<\(upper): \(error)")
      }
    case .scrollTo(let message, let position):
      _ = try messageStart(message)
      try? view.scroll(toParagraphAt: message, position: position)
    case .scrollBy(let dy):
      guard viewIndex == 0 else { throw fail("the wheel scrolls view 0 (the window routes it to the transcript)") }
      app.route(ScenarioEvents.wheel(scrollingBy: dy, step: TextInputEvent.wheelStep))
    case .fling(let velocity, let seconds, let friction):
      guard viewIndex == 0 else { throw fail("a fling scrolls view 0 (the window flings the transcript)") }
      try fling(velocity: velocity, seconds: seconds, friction: friction, app: app, host: host, step: index)
      return
    case .scrollToTop: view.scroll(toY: 0)
    case .scrollToBottom: view.scrollToBottom()
    case .type(let text):
      try requireFocus(on: viewIndex, app: app, fail: fail)
      for character in text {
        type(character, app: app, lineBreaks: false)
        try render(host, step: index)
      }
      return
    case .key(let key, let count):
      try requireFocus(on: viewIndex, app: app, fail: fail)
      for _ in 0..<count { route(ScenarioEvents.press(Self.keycode(key)), app) }
    case .insertSticker(let name):
      try requireFocus(on: viewIndex, app: app, fail: fail)
      pressPaletteButton(of: name, app: app)
    case .send(let parts): send(parts, app: app)
    case .receive(let message): app.receive(message)
    case .tab(let backward): route(ScenarioEvents.press(SDLK_TAB, backward ? KMOD_LSHIFT : KMOD_NONE), app)
    case .undo(let count):
      try requireFocus(on: viewIndex, app: app, fail: fail)
      for _ in 0..<count { route(ScenarioEvents.press(character: "z", KMOD_LCTRL), app) }
    case .redo(let count):
      try requireFocus(on: viewIndex, app: app, fail: fail)
      let mod = SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_LSHIFT.rawValue)
      for _ in 0..<count { route(ScenarioEvents.press(character: "z", mod), app) }
    case .cut, .copy, .paste:
      try requireFocus(on: viewIndex, app: app, fail: fail)
      let key: Character = step == .cut ? "x" : (step == .copy ? "c" : "v")
      route(ScenarioEvents.press(character: key, KMOD_LCTRL), app)
    case .resize(let width, let height):
      let size = windowSurface(width: width, height: height).outputSize
      app.resizeOffscreen(width: size.width, height: size.height)
      app.route(ScenarioEvents.windowSizeChanged(width: size.width, height: size.height))
    case .advance(let seconds):
      // The window's loop, at the display's 60 Hz: a frame only once something on screen has changed
      // by itself since the last frame (a sticker's next frame, the caret's blink, the banner going),
      // so a run with nothing animating draws no frame at all.
      var due = app.nextFrameTime()  // as of the last frame drawn
      for _ in 0..<Int((seconds * 60).rounded()) {
        clock.advance(by: 1.0 / 60)
        guard let time = due, time <= clock.now + Self.frameTimeTolerance else { continue }
        try render(host, step: index)
        due = app.nextFrameTime()
      }
      return
    case .setPolicies(let policy):
      setPolicies(policy, app: app)
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
      let counters = viewIndex == 1 ? app.secondaryInstrumentation : app.chatView.instrumentation
      let actual = counters.totals[counter]
      expectations.append(
        ScenarioReport.Expectation(
          step: index, counter: counter.rawValue, comparison: comparison.rawValue, expected: value, actual: actual,
          passed: comparison.holds(actual, value)))
      return
    case .scene(let scene):
      let wanted: ChatAppState.Scene = scene == .editor ? .editor : .chat
      if app.state.scene != wanted { route(ScenarioEvents.press(SDLK_F6), app) }
      if app.state.scene != wanted { throw fail("cannot show the \(scene.rawValue) scene") }
    case .split(let on):
      if on != app.state.isSplit { route(ScenarioEvents.press(SDLK_F5), app) }
      if on != app.state.isSplit { throw fail("cannot split") }
    case .collapse(let target), .expand(let target):
      try collapseOrExpand(step, target, app: app, fail: fail)
    case .search(let query):
      try search(query, app: app, host: host, step: index)
      return
    case .nextHit(let backward):
      guard app.state.focus == .search else { throw fail("the search bar has no keyboard focus (a search step first)") }
      route(ScenarioEvents.press(SDLK_RETURN, backward ? KMOD_LSHIFT : KMOD_NONE), app)
    }
    try render(host, step: index)
  }

  /// `fling`: the fling command Shift+Page Down gives, at the step's velocity and friction, and the
  /// frame the window draws after that key, then the window's loop at 60 Hz for `seconds`: every
  /// frame drawn while the fling moves (the app steps it at the start of each frame), then only
  /// frames where something changes by itself. A fling still moving at the end is stopped.
  private func fling(
    velocity: Double, seconds: Double, friction: Double, app: ChatApp, host: any ScenarioHost, step index: Int
  ) throws(ScenarioError) {
    app.perform(.fling(velocity: velocity, friction: friction))
    try render(host, step: index)  // the window draws a frame after the event that started it
    var due = app.nextFrameTime()
    for _ in 0..<max(1, Int((seconds * 60).rounded())) {
      clock.advance(by: 1.0 / 60)
      guard let time = due, time <= clock.now + Self.frameTimeTolerance else { continue }
      try render(host, step: index)
      due = app.nextFrameTime()
    }
    if app.state.fling != nil { app.perform(.stopFling) }
  }

  /// `search`: Ctrl+F, Ctrl+A and Backspace over the field's old text, the query typed a keystroke
  /// and a frame at a time, then the window's loop at 60 Hz until the debounced search has run.
  private func search(_ query: String, app: ChatApp, host: any ScenarioHost, step index: Int) throws(ScenarioError) {
    route(ScenarioEvents.press(character: "f", KMOD_LCTRL), app)
    guard app.state.focus == .search else {
      throw ScenarioError(step: index, op: "search", reason: "Ctrl+F did not open the search bar")
    }
    route(ScenarioEvents.press(character: "a", KMOD_LCTRL), app)
    route(ScenarioEvents.press(SDLK_BACKSPACE), app)
    try render(host, step: index)
    for character in query {
      type(character, app: app, lineBreaks: false)
      try render(host, step: index)
    }
    let frames = Int((SearchBar.debounce * 60).rounded(.up)) + 1
    for _ in 0..<frames where app.state.search?.changedAt != nil {
      clock.advance(by: 1.0 / 60)
      try render(host, step: index)
    }
    if let error = app.state.search?.error {
      throw ScenarioError(step: index, op: "search", reason: error)
    }
  }

  /// `collapse` and `expand`: what clicking a day's pill calls (``ChatTextView/collapseDay(at:)``,
  /// ``ChatTextView/expandDay(at:)``), for a day named by index or by one of its paragraphs.
  private func collapseOrExpand(
    _ step: ScenarioStep, _ target: ScenarioStep.DayTarget, app: ChatApp, fail: (String) -> ScenarioError
  ) throws(ScenarioError) {
    let storage = app.storage
    let sections = app.chatView.daySections
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
    if case .collapse = step { app.chatView.collapseDay(at: separator) } else { app.chatView.expandDay(at: separator) }
  }
}
