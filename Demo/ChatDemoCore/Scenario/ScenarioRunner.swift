import AnimationRuntime
import ChatKit
import ChatModel
import ChatStore
import Foundation
import Instrumentation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// Runs a scenario on the chat app and reports counters and expectations.
///
/// The app is the window's own (`ChatApp`, on offscreen surfaces): each step becomes the SDL
/// events a user's input would send to the window's router (keystrokes, text, clicks, the wheel,
/// a window resize) — see `ScenarioRunner+Steps.swift` — so the counts are the counts the window
/// would show for the same input.
@MainActor
package final class ScenarioRunner {
  /// How a run is set up.
  package struct Options {
    /// Overrides the scenario's policies (`--policy`).
    package var policyOverride: TextAttachmentViewProviderReusePolicy?
    /// Where `screenshot` steps write PNGs; `nil` skips writing.
    package var screenshotsDirectory: URL?
    /// Whether stickers show their first frame only (`--reduce-motion`).
    package var reducesMotion = false
    /// Whether stickers ahead of the scroll are prefetched (`--no-prefetch` turns it off).
    package var prefetches = true
    /// Whether the chat view's reuse is traced (``ScenarioRunner/trace``): `--trace` and `--html`.
    package var tracesReuse = false
    /// The sticker library folder (`Assets/Stickers`).
    package var stickerDirectory: URL
    /// The user's own sticker folder (`--stickers DIR`): every sticker file in it joins the library.
    package var userStickerDirectory: URL?
    /// Makes what draws the app's frames (``SDLScenarioHost`` unless a test wraps it).
    package var makeHost: @MainActor (ScenarioHostContext) throws -> any ScenarioHost

    /// Makes options with no user sticker folder.
    /// - Parameters:
    ///   - policyOverride: Overrides the scenario's policies; `nil` keeps them.
    ///   - screenshotsDirectory: Where `screenshot` steps write PNGs; `nil` skips writing.
    ///   - stickerDirectory: The sticker library folder.
    ///   - makeHost: Makes what draws the app's frames; an ``SDLScenarioHost`` by default.
    package init(
      policyOverride: TextAttachmentViewProviderReusePolicy? = nil, screenshotsDirectory: URL? = nil,
      stickerDirectory: URL,
      makeHost: @escaping @MainActor (ScenarioHostContext) throws -> any ScenarioHost = {
        SDLScenarioHost(context: $0)
      }
    ) {
      self.policyOverride = policyOverride
      self.screenshotsDirectory = screenshotsDirectory
      self.stickerDirectory = stickerDirectory
      self.makeHost = makeHost
    }
  }

  /// The scenario to run.
  package let scenario: Scenario
  /// How the run is set up.
  package let options: Options
  /// The policies in force at the start.
  package var policies: TextAttachmentViewProviderReusePolicy {
    options.policyOverride ?? scenario.intendedPolicies
  }

  let clock = ManualClock()
  /// The chat view's trace while ``Options/tracesReuse`` is on: its timeline, one step per scenario
  /// step; `nil` otherwise, or before ``start(preparing:)``.
  package private(set) var trace: ReuseTrace?
  var framesRendered = 0
  var screenshots: [String] = []
  var expectations: [ScenarioReport.Expectation] = []

  /// Makes a runner; nothing runs until ``run()``.
  /// - Parameters:
  ///   - scenario: The scenario to run.
  ///   - options: How the run is set up.
  package init(scenario: Scenario, options: Options) {
    self.scenario = scenario
    self.options = options
  }

  /// Runs every step.
  /// - Throws: ``ScenarioError`` for bad input (unknown sticker, message out of range, bad files).
  package func run() throws(ScenarioError) -> ScenarioReport {
    try run(continuingWith: { _ in nil })
  }

  /// Runs every step, then the steps `next` makes one at a time from the live view (numbered after
  /// the scenario's), until it returns `nil`: how the fuzz test drives random sessions.
  /// - Throws: ``ScenarioError`` naming the step at fault.
  package func run(continuingWith next: (TextView) -> ScenarioStep?) throws(ScenarioError) -> ScenarioReport {
    let (app, host) = try start()
    try runSteps(app: app, host: host)
    var index = scenario.steps.count
    while let step = next(host.textView) {
      for name in step.stickerNames where !app.stickers.knows(name) {
        throw ScenarioError(step: index, op: step.op, reason: "unknown sticker \"\(name)\"")
      }
      try perform(step, index: index, app: app, host: host)
      index += 1
    }
    return report(app)
  }

  /// The app and what draws it, its first frame drawn; `prepare` runs on the app before that frame
  /// (the accessibility tree joins the bus there).
  package func start(
    preparing prepare: (ChatApp) throws(ScenarioError) -> Void = { _ in }
  ) throws(ScenarioError) -> (app: ChatApp, host: any ScenarioHost) {
    let app = try makeApp()
    if options.tracesReuse {  // before the first frame, so the trace starts with the view's first pass
      trace = ReuseTrace(name: "policy \(policies.shortName)")
      app.chatView.instrumentation.trace = trace
    }
    let host: any ScenarioHost
    do {
      host = try options.makeHost(ScenarioHostContext(app: app, clock: clock))
    } catch {
      throw ScenarioError(step: nil, reason: "cannot create the view: \(error)")
    }
    try prepare(app)
    try render(host, step: nil)
    return (app, host)
  }

  /// Runs the scenario's own steps.
  package func runSteps(app: ChatApp, host: any ScenarioHost) throws(ScenarioError) {
    for (index, step) in scenario.steps.enumerated() {
      try perform(step, index: index, app: app, host: host)
    }
  }

  /// The headless app: the window's app object over the scenario's transcript, on offscreen
  /// surfaces the size of a window whose transcript is the scenario's viewport, with today fixed at
  /// the generator's last day (2026-11-30) and message times read from the run's clock.
  func makeApp() throws(ScenarioError) -> ChatApp {
    let library: StickerLibrary
    do {
      library = try StickerLibrary(
        directories: [options.stickerDirectory] + [options.userStickerDirectory].compactMap { $0 })
    } catch {
      throw ScenarioError(step: nil, reason: "sticker library: \(error)")
    }
    let runtime = StickerRuntime(clock: clock, library: library)
    runtime.frameDelivery = scenario.stickerFrames
    runtime.reducesMotion = options.reducesMotion
    let stickers = StickerFactory(runtime: runtime)
    let storage = try loadStorage(stickers)  // the parsed transcript is freed before the view exists
    do {
      let sdl = try SDLContext()
      let configuration = ChatApp.Configuration(
        storage: storage, stickers: stickers, sdl: sdl, fonts: try SDLFontSet(context: sdl), clock: clock,
        stickerPolicy: policies, scrollCache: scenario.scrollCache, today: { ChatDay(year: 2026, month: 11, day: 30) },
        timeOfDay: { [clock] in Self.displayTime(clock.now) }, clipboard: MemoryClipboard())
      let surface = windowSurface(width: scenario.viewportWidth, height: scenario.viewportHeight)
      let app = try ChatApp(configuration, surface: surface)
      if !scenario.prefetches || !options.prefetches { app.stickerPrefetcher = nil }
      return app
    } catch {
      throw ScenarioError(step: nil, reason: "cannot create the view: \(error)")
    }
  }

  /// An offscreen window whose transcript is `width × height` (the composer and palette under it).
  func windowSurface(width: Int, height: Int) -> ChatAppSurface {
    .offscreen(width: width, height: height + Int(ChatWindowLayout.composerHeight + ChatWindowLayout.paletteHeight))
  }

  /// How close to a frame time counts as reaching it (sums of 1/60 s are not exact).
  static let frameTimeTolerance = 1e-6

  func render(_ host: any ScenarioHost, step: Int?) throws(ScenarioError) {
    do {
      try host.renderFrame()
    } catch {
      throw ScenarioError(step: step, reason: "rendering failed: \(error)")
    }
    framesRendered += 1
  }

  /// `HH:mm`, counting from 12:00 at the run's start.
  private static func displayTime(_ now: Double) -> String {
    let minutes = 12 * 60 + Int(now / 60)
    return String(format: "%02d:%02d", (minutes / 60) % 24, minutes % 60)
  }
}
