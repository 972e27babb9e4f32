// The umbrella module: `import ReuseKit` gives the engine, its counters and the animation model,
// and the shared building blocks (`RGBAImage`, `TextColor`): every public symbol of the four pure modules below. Nothing is declared here.
@_exported import AnimationRuntime
@_exported import Instrumentation
@_exported import ReuseKitSupport
@_exported import TextEngine
