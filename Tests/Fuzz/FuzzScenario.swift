import Foundation

@testable import ChatDemoCore

/// The scenario parser (`Scenario(jsonData:baseDirectory:)`: the streaming JSON reader, the inline
/// transcript through `TranscriptCodec`, every step's fields and checks) on arbitrary bytes: a file
/// is refused with a `ScenarioError` (never a trap), or gives a scenario within the parser's own
/// ranges: a viewport in 100...8000, and a view of 0 or 1 for each step when steps name views.
/// Transcripts named by `"file"` or `"history"` are not opened: the transcript and store targets
/// read those formats.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let json = Data(bytes: data, count: size)
  let base = URL(fileURLWithPath: "/nonexistent/scenarios", isDirectory: true)
  guard let scenario = try? Scenario(jsonData: json, baseDirectory: base) else { return 0 }
  require((100...8_000).contains(scenario.viewportWidth), "a viewport width out of range")
  require((100...8_000).contains(scenario.viewportHeight), "a viewport height out of range")
  require(
    scenario.stepViews.isEmpty || scenario.stepViews.count == scenario.steps.count, "views are not one per step")
  require(scenario.stepViews.allSatisfy { (0...1).contains($0) }, "a step names a view that is not there")
  if case .inline(let transcript) = scenario.transcript {
    require(transcript.messages.count <= size, "more messages than bytes")
  }
  return 0
}
