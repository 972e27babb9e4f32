// The umbrella module: `import ReuseKit` gives the engine, its counters and the animation model,
// and the shared building blocks (`RGBAImage`, `TextColor`): every public symbol of the four pure modules below. Nothing is declared here.
@_exported import AnimationRuntime
// Foundation too, as UIKit and AppKit do: the API speaks `CGRect`, `CGSize` and `CGPoint`.
@_exported import Foundation
@_exported import Instrumentation
@_exported import ReuseKitSupport
@_exported import TextEngine
