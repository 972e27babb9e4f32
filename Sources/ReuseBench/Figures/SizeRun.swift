import Foundation
import TextEngine

/// Measures every selected figure at one transcript size, in this process (a child of the parent run).
@MainActor
struct SizeRun {
  let options: BenchOptions
  let size: Int

  /// Runs the figures in an order that keeps them independent: open (P3) first, which builds the
  /// transcript the others share; keystrokes; jumps; scrolling and stickers in the party; drift;
  /// P14 last, on views of its own, after P8 read the peak.
  /// - Returns: The report; anything that broke is in its `failures`, thrown errors end the run.
  func run() throws -> SizeReport {
    let environment = try BenchEnvironment(windowDisplay: options.windowDisplay)
    let generator = environment.generator(count: size)
    progress("generating \(size) messages")
    var messages = generator.messages()
    var figures: [FigureResult] = []
    let openSamples = options.smoke ? 2 : (size >= 500_000 ? 3 : min(options.samples, 10))
    progress("P3 open")
    let (open, fixture) = try OpenFigure(
      environment: environment, generator: generator, samples: openSamples, warmUp: 1
    ).run(messages: messages)
    messages = []
    if options.runs("P3") { figures.append(open) }
    let context = FigureContext(
      environment: environment, fixture: fixture, generator: generator, samples: options.samples,
      warmUp: options.smoke ? 2 : 20)
    let renderer = fixture.chatView.map(ChatFrameRenderer.init)
    if options.runs("P10") {
      progress("P10 memory after jumps")
      figures.append(try JumpMemoryFigure(context: context, renderer: renderer, smoke: options.smoke).run())
    }
    if options.runs("P11"), options.soakMinutes > 0 {
      progress("P11 soak, \(Format.number(options.soakMinutes)) simulated minutes")
      figures.append(try SoakFigure(context: context, renderer: renderer, minutes: options.soakMinutes).run())
    }
    if options.runs("P1") || options.runs("P7") {
      progress("P1 keystrokes")
      figures += try KeystrokeFigure(context: context).run().filter { options.runs(String($0.id.prefix(2))) }
    }
    if options.runs("P1") {
      progress("P1.intl multilingual keystrokes")
      figures.append(try MultilingualFigure(context: context, renderer: renderer).keystroke())
    }
    if options.runs("P12") {
      progress("P12 keystroke to present")
      if let figure = try KeystrokePresentFigure(context: context).run() { figures.append(figure) }
      // Reads first: once P12.a11y starts atk-bridge, it stays in the process and hooks every new
      // accessible object.
      figures += try AccessibleReadFigure(context: context).run()
      if let figure = try KeystrokePresentFigure(context: context, accessibility: true).run() { figures.append(figure) }
    }
    if options.runs("P4") {
      progress("P4 jumps")
      figures += try JumpFigure(context: context).run()
    }
    if options.runs("P2") {
      progress("P2 scrolling")
      figures += try ScrollFigure(context: context, renderer: renderer).run()
    }
    if options.runs("P2"), let intl = try MultilingualFigure(context: context, renderer: renderer).scroll() {
      progress("P2.intl multilingual scrolling")
      figures.append(intl)
    }
    if options.runs("P15"), let chatView = fixture.chatView {
      progress("P15 flings at 2,000 to 20,000 pt/s, with and without prefetch")
      figures += try FlingFigure(context: context, chatView: chatView, suffix: "", smoke: options.smoke).run()
    }
    if options.runs("P6") {
      progress("P6 stickers")
      figures += try StickerFrameFigure(context: context).run()
    }
    if options.runs("P5") {
      progress("P5 anchor drift")
      figures += try AnchorDriftFigure(context: context).run()
    }
    if options.runs("P8") {
      figures.append(
        FigureResult(
          id: "P8", label: "peak resident memory", unit: .bytes, value: Double(PeakMemory.peakResidentBytes() ?? 0),
          details: ["resident now": Double(PeakMemory.residentBytes() ?? 0)]))
    }
    if options.runs("P3") {
      progress("P3 open from a file")
      figures.append(try OpenFileFigure(environment: environment, size: size, samples: openSamples).run())
    }
    if options.runs("P9") {
      progress("P9 long messages")
      figures += try LongMessageFigure(
        environment: environment, samples: options.samples, warmUp: context.warmUp, smoke: options.smoke
      ).run()
    }
    if options.runs("P14") {
      progress("P14 providers persist: down and back, no policy and both")
      figures += try PersistingProviderFigure(context: context).run()
    }
    return SizeReport(
      size: size, measurer: "\(fixture.viewName), \(environment.measurerName)", figures: figures,
      failures: context.failures)
  }

  private func progress(_ step: String) {
    FileHandle.standardError.write(Data("  [\(size)] \(step)\n".utf8))
  }
}
