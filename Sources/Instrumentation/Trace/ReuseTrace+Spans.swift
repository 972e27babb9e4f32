/// Passes, frames, steps and gauges: the spans and samples of a ``ReuseTrace``.
extension ReuseTrace {
  /// A viewport pass starts.
  /// - Complexity: O(1).
  package func beginPass() {
    openPasses.append(point())
  }

  /// The pass begun last ends; the gauges are read if they changed.
  /// - Parameters:
  ///   - liveProviders: Providers the view holds.
  ///   - cachedViews: Views in the scroll cache.
  ///   - cachedBytes: The scroll cache's bytes.
  /// - Complexity: O(1) amortized.
  package func endPass(liveProviders: Int, cachedViews: Int, cachedBytes: Int) {
    guard let start = openPasses.popLast() else { return }
    let end = point()
    if admits() { timeline.passes.append(ReuseTimeline.Span(name: "viewport pass", start: start, end: end)) }
    sample(liveProviders: liveProviders, cachedViews: cachedViews, cachedBytes: cachedBytes, blank: nil, at: end)
  }

  /// A frame starts drawing.
  /// - Complexity: O(1).
  package func beginFrame() {
    openFrames.append(point())
  }

  /// The frame begun last is drawn; the gauges are read with the frame's blank sticker pixels.
  /// - Parameters:
  ///   - blankStickerPixels: Sticker pixels the frame drew without a decoded frame.
  ///   - liveProviders: Providers the view holds.
  ///   - cachedViews: Views in the scroll cache.
  ///   - cachedBytes: The scroll cache's bytes.
  /// - Complexity: O(1) amortized.
  package func endFrame(blankStickerPixels: Int, liveProviders: Int, cachedViews: Int, cachedBytes: Int) {
    guard let start = openFrames.popLast() else { return }
    let end = point()
    if admits() { timeline.frames.append(ReuseTimeline.Span(name: "frame", start: start, end: end)) }
    sample(
      liveProviders: liveProviders, cachedViews: cachedViews, cachedBytes: cachedBytes, blank: blankStickerPixels,
      at: end)
  }

  /// A step of a run starts (a scenario's step, a test host's operation); an open step ends first.
  /// - Parameter name: What the step is (`"step 3: scrollBy"`).
  public func beginStep(_ name: String) {
    endStep()
    openStep = (name, point())
  }

  /// The open step ends, if there is one.
  public func endStep() {
    guard let step = openStep else { return }
    openStep = nil
    let end = point()
    if admits() { timeline.steps.append(ReuseTimeline.Span(name: step.name, start: step.start, end: end)) }
  }

  /// Adds a sample when a gauge changed since the last one, or a frame ended.
  private func sample(
    liveProviders: Int, cachedViews: Int, cachedBytes: Int, blank: Int?, at end: ReuseTimeline.Point
  ) {
    let gauges = (liveProviders, cachedViews, cachedBytes)
    let lastBlank = timeline.samples.last?.blankStickerPixels ?? 0
    if let last = lastGauges, last == gauges, (blank ?? 0) == lastBlank { return }
    lastGauges = gauges
    guard admits() else { return }
    timeline.samples.append(
      ReuseTimeline.Sample(
        point: end, liveProviders: liveProviders, cachedViews: cachedViews, cachedBytes: cachedBytes,
        blankStickerPixels: blank))
  }

  /// The timeline with what is still open ended now: lifetimes, views, spans (marked as alive at the end
  /// by having the timeline's end point).
  /// - Returns: A closed copy; the trace goes on recording.
  public func closedTimeline() -> ReuseTimeline {
    var closed = timeline
    let end = closed.end
    for row in closed.occurrences.indices {
      for index in closed.occurrences[row].providers.indices {
        if closed.occurrences[row].providers[index].end == nil { closed.occurrences[row].providers[index].end = end }
        for view in closed.occurrences[row].providers[index].views.indices
        where closed.occurrences[row].providers[index].views[view].end == nil {
          closed.occurrences[row].providers[index].views[view].end = end
        }
      }
    }
    if let step = openStep { closed.steps.append(ReuseTimeline.Span(name: step.name, start: step.start, end: end)) }
    for start in openFrames { closed.frames.append(ReuseTimeline.Span(name: "frame", start: start, end: end)) }
    for start in openPasses { closed.passes.append(ReuseTimeline.Span(name: "viewport pass", start: start, end: end)) }
    return closed
  }
}
