import CSDL2
import ChatKit
import Foundation
import Instrumentation
import ReuseKitTestSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ChatDemo
@testable import ChatDemoCore

/// A scenario's scroll cache: TextKit's own (unbounded) unless the scenario sets `"scrollCache"`;
/// the window keeps its 64 views / 32 MiB.
@MainActor @Suite struct ScenarioScrollCacheTests {
  nonisolated static let stickers = 1_000

  /// One sticker per message, `stickers` messages.
  nonisolated static let generated = #"{"generate": {"messages": \#(stickers), "stickerEvery": 1}}"#

  /// Up through every message from the bottom, five at a time, to the top, then down again.
  nonisolated static let throughAndBack: String = {
    let up = stride(from: stickers - 1, through: 0, by: -5).map { #"{"op": "scrollTo", "message": \#($0)}"# }
    let down = stride(from: 0, to: stickers, by: 5).map { #"{"op": "scrollTo", "message": \#($0)}"# }
    return (up + ["{\"op\": \"scrollToTop\"}"] + down + ["{\"op\": \"scrollToBottom\"}"]).joined(separator: ",\n")
  }()

  private func scenario(scrollCache: String?, transcript: String = generated, steps: String) throws -> Scenario {
    let bound = scrollCache.map { #""scrollCache": \#($0), "# } ?? ""
    let json = #"{"name": "cache", \#(bound)"transcript": \#(transcript), "steps": [\#(steps)]}"#
    return try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.temporaryDirectory())
  }

  private func run(_ scenario: Scenario) throws -> ScenarioReport {
    try ScenarioRunner(scenario: scenario, options: .init(stickerDirectory: RepositoryAssets.stickers)).run()
  }

  /// With the scroll policy and no bound, every sticker's view is loaded once, however far the
  /// run scrolls: back at the bottom, each comes back from the cache, none is loaded again.
  @Test func scrollingThroughAThousandStickersAndBackReloadsNoViewWithoutABound() throws {
    let report = try run(try scenario(scrollCache: nil, steps: Self.throughAndBack))
    #expect(report.scrollCache == "unbounded")
    #expect(report.renderer == "software (offscreen)")
    #expect(report.counters.providersCreated == Self.stickers, "every sticker was scrolled through")
    #expect(report.counters.viewsLoaded == Self.stickers, "no view is loaded twice")
    #expect(report.counters.surfacesEvicted == 0 && report.counters.viewsDiscarded == 0)
    #expect(report.counters.surfacesRestoredOnScrollIn > 0)
    #expect(report.counters.animationResets == 0)
  }

  /// The same run with `{"views": 8}`: views beyond the eighth are evicted and loaded again when
  /// their sticker comes back.
  @Test func aBoundOfEightViewsReloadsTheEvictedOnes() throws {
    let report = try run(try scenario(scrollCache: #"{"views": 8}"#, steps: Self.throughAndBack))
    #expect(report.scrollCache == "8 views / any size")
    #expect(report.counters.providersCreated == Self.stickers)
    #expect(report.counters.surfacesEvicted > 0)
    #expect(report.counters.viewsLoaded > Self.stickers, "evicted views are loaded again on the way back")
    #expect(report.counters.viewsLoaded - Self.stickers <= report.counters.surfacesEvicted)
  }

  @Test func theBoundIsParsedIntoTheCacheConfiguration() throws {
    let cases: [(String?, ReuseCacheConfiguration, String)] = [
      (nil, .unbounded, "unbounded"),
      (#"{"views": 8}"#, ReuseCacheConfiguration(countLimit: 8), "8 views / any size"),
      (#"{"bytes": 1048576}"#, ReuseCacheConfiguration(byteLimit: 1 << 20), "any number of views / 1 MiB"),
      (#"{"views": 64, "bytes": 33554432}"#, .chatDemo, "64 views / 32 MiB"),
    ]
    for (json, configuration, description) in cases {
      let parsed = try scenario(scrollCache: json, steps: "")
      #expect(parsed.scrollCache == configuration)
      #expect(parsed.scrollCache.description == description)
    }
  }

  /// (the `"scrollCache"` value, words the error must contain)
  nonisolated static let badBounds: [(String, String)] = [
    (#"{"views": 0}"#, #""scrollCache" "views" must be a positive integer"#),
    (#"{"views": -8}"#, #""scrollCache" "views" must be a positive integer"#),
    (#"{"views": 2.5}"#, #""scrollCache" "views" must be a positive integer"#),
    (#"{"views": "8"}"#, #""scrollCache" "views" must be a positive integer"#),
    (#"{"bytes": 0}"#, #""scrollCache" "bytes" must be a positive integer"#),
    (#"{"views": 8, "bytes": 1e300}"#, #""scrollCache" "bytes" must be a positive integer"#),
    (#"{"view": 8}"#, #""scrollCache" has an unknown field "view""#),
    (#"{}"#, #""scrollCache" needs "views" or "bytes""#),
    ("64", #""scrollCache" must be an object {"views": N, "bytes": B}"#),
  ]

  @Test(arguments: 0..<badBounds.count)
  func aBadBoundIsAClearErrorAndExitsTwo(index: Int) throws {
    let (bound, expected) = Self.badBounds[index]
    let json = #"{"name": "x", "scrollCache": \#(bound), "transcript": {"messages": []}, "steps": []}"#
    let file = RepositoryAssets.temporaryDirectory().appendingPathComponent("bad.json")
    try Data(json.utf8).write(to: file)
    let error = #expect(throws: ScenarioError.self) { try Scenario(contentsOf: file) }
    #expect(error?.description.contains(expected) == true, "got: \(error?.description ?? "no error")")
    let command = DemoCommand.headless(.init(scenario: file, policy: nil, report: nil, screenshots: nil, matrix: false))
    #expect(DemoMain.run(command) == 2)
  }

  /// Both views of a split follow the scenario's bound, and their HUDs name it.
  @Test(arguments: [nil, #"{"views": 8}"#])
  func theSplitsSecondViewFollowsTheBound(bound: String?) throws {
    let transcript = #"{"messages": [{"from": "ana", "parts": ["hi ", {"sticker": "wave"}]}]}"#
    let scenario = try scenario(
      scrollCache: bound, transcript: transcript, steps: #"{"op": "split", "split": "on"}"#)
    let runner = ScenarioRunner(scenario: scenario, options: .init(stickerDirectory: RepositoryAssets.stickers))
    let (app, host) = try runner.start()
    try runner.runSteps(app: app, host: host)
    let second = try #require(app.secondaryView)
    let expected = bound == nil ? ReuseCacheConfiguration.unbounded : ReuseCacheConfiguration(countLimit: 8)
    for view in [app.chatView, second] {
      #expect(view.reuseCacheConfiguration == expected)
      let row = view.hudSnapshot.rows.first { $0.label == "scroll cache" }
      #expect(row?.value.hasSuffix(" of \(expected)") == true, "\(String(describing: row))")
    }
    #expect(runner.report(app).scrollCache == expected.description)
  }

  /// The matrix runs every row on the scenario's bound and names it in its JSON and its table.
  @Test func theMatrixNamesTheBound() throws {
    let transcript = #"{"messages": [{"from": "ana", "parts": ["hi ", {"sticker": "wave"}]}]}"#
    let options = ScenarioRunner.Options(stickerDirectory: RepositoryAssets.stickers)
    let bounded = try ScenarioMatrix.run(
      try scenario(scrollCache: #"{"views": 64, "bytes": 33554432}"#, transcript: transcript, steps: ""),
      options: options)
    #expect(bounded.scrollCache == "64 views / 32 MiB")
    #expect(bounded.table.contains("\nscroll cache: 64 views / 32 MiB\n"))
    let decoded = try JSONDecoder().decode(ScenarioMatrix.self, from: try bounded.jsonData())
    #expect(decoded.scrollCache == "64 views / 32 MiB" && decoded.rows.count == 4)
    let unbounded = try ScenarioMatrix.run(
      try scenario(scrollCache: nil, transcript: transcript, steps: ""), options: options)
    #expect(unbounded.scrollCache == "unbounded" && unbounded.table.contains("\nscroll cache: unbounded\n"))
  }

  /// The window keeps the chat's bound, 64 views / 32 MiB, in both views of a split, and its HUD
  /// names it (SDL's dummy video driver stands in for a display).
  @Test func theWindowKeepsItsBound() throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let file = RepositoryAssets.temporaryDirectory().appendingPathComponent("chat.json")
    try Data(#"{"messages": [{"from": "ana", "parts": ["hi ", {"sticker": "wave"}]}]}"#.utf8).write(to: file)
    let app = try ChatApp.window(document: .transcript(file), assets: RepositoryAssets.directory)
    #expect(app.configuration.scrollCache == .chatDemo)
    for event in [SyntheticSDLEvent.keyDown(SDLK_F5), SyntheticSDLEvent.keyUp(SDLK_F5)] { app.route(event) }
    let second = try #require(app.secondaryView)
    for view in [app.chatView, second] {
      #expect(view.reuseCacheConfiguration == .chatDemo)
      #expect(
        view.hudSnapshot.rows.contains { $0.label == "scroll cache" && $0.value.hasSuffix("of 64 views / 32 MiB") })
    }
  }
}
