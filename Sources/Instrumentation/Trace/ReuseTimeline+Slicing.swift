/// Cutting a timeline down to a stretch of it: what a measured block did.
extension ReuseTimeline {
  /// The part of the timeline between two points: the marks and samples in it, and the lifetimes,
  /// views and spans that overlap it, cut to it. Rows with nothing in the stretch are left out.
  /// - Parameters:
  ///   - start: The stretch's start.
  ///   - end: Its end.
  /// - Returns: The part; lifetimes cut at `start` count as alive before it (``ProviderLifetime/predatesTrace``).
  /// - Complexity: O(everything in the timeline).
  public func slice(from start: Point, to end: Point) -> ReuseTimeline {
    var part = ReuseTimeline(name: name, start: start)
    part.end = end
    func inside(_ point: Point) -> Bool { point >= start && point <= end }
    func cut(_ span: Span) -> Span? {
      guard span.end >= start, span.start <= end else { return nil }
      return Span(name: span.name, start: max(span.start, start), end: min(span.end, end))
    }
    part.steps = steps.compactMap(cut)
    part.frames = frames.compactMap(cut)
    part.passes = passes.compactMap(cut)
    part.samples = samples.filter { inside($0.point) }
    part.otherMarks = otherMarks.filter { inside($0.point) }
    for occurrence in occurrences {
      var row = occurrence
      row.marks = occurrence.marks.filter { inside($0.point) }
      row.providers = occurrence.providers.compactMap { provider in
        let providerEnd = provider.end ?? end
        guard providerEnd >= start, provider.start <= end else { return nil }
        var cutProvider = provider
        if provider.start < start {
          cutProvider.start = start
          cutProvider.predatesTrace = true
        }
        if providerEnd > end {
          cutProvider.end = nil
          cutProvider.endCause = nil
        }
        cutProvider.views = provider.views.compactMap { view in
          let viewEnd = view.end ?? end
          guard viewEnd >= start, view.start <= end else { return nil }
          return ViewInterval(state: view.state, start: max(view.start, start), end: viewEnd > end ? nil : viewEnd)
        }
        return cutProvider
      }
      if !row.providers.isEmpty || !row.marks.isEmpty { part.occurrences.append(row) }
    }
    return part
  }
}
