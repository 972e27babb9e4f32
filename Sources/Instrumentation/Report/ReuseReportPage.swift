/// A self-contained HTML report of runs under several policy sets: their counters side by side, a
/// timeline of every attachment occurrence per run, and the scroll cache's trade-off chart.
///
/// The page has no script and loads nothing: styles are inline, charts are inline SVG, and a
/// Content-Security-Policy forbids any fetch, so it opens offline from `file://`. Hovering a bar
/// or mark shows its event (SVG `<title>`). A run with more than ``aggregationThreshold``
/// occurrences draws groups of occurrences instead of one row each, so that large runs stay
/// readable and small.
///
/// The page's structure is a contract its browser test reads: `table.counters` cells carry
/// `data-policy` and `data-counter`; each `svg.timeline` carries `data-policy`,
/// `data-occurrences` and `data-aggregated`, with `g.occurrence` rows (or `g.occurrence-group`),
/// `rect.provider`, `rect.view`, `path.reset` marks with `data-count`, and a `g.ruler` of
/// `line.step`; each `svg.tradeoff` has a `circle.point` per cache bound.
public struct ReuseReportPage: Sendable {
  /// One run: a policy set's counters and timeline.
  public struct Run: Sendable {
    /// The policy set's short name (`none`, `edit`, `scroll`, `both`).
    public var policy: String
    /// The run's counters.
    public var counters: Counters
    /// The run's timeline (closed: ``ReuseTrace/closedTimeline()``).
    public var timeline: ReuseTimeline

    /// Pairs a run's counters and timeline.
    /// - Parameters:
    ///   - policy: The policy set's short name.
    ///   - counters: The counters.
    ///   - timeline: The timeline.
    public init(policy: String, counters: Counters, timeline: ReuseTimeline) {
      self.policy = policy
      self.counters = counters
      self.timeline = timeline
    }
  }

  /// One run of the scroll policy at one cache bound.
  public struct TradeoffPoint: Sendable, Equatable {
    /// The bound, as the page labels it (`0`, `8`, …, `unbounded`).
    public var bound: String
    /// The run's animation resets.
    public var resets: Int
    /// Resets the scroll policy avoided at this bound: the run without policies' resets less these.
    public var resetsAvoided: Int
    /// The most views the scroll cache held during the run.
    public var peakViews: Int
    /// The most bytes it held.
    public var peakBytes: Int

    /// Makes a point.
    /// - Parameters:
    ///   - bound: The bound's label.
    ///   - resets: The run's resets.
    ///   - resetsAvoided: Resets avoided against the run without policies.
    ///   - peakViews: The most views held.
    ///   - peakBytes: The most bytes held.
    public init(bound: String, resets: Int, resetsAvoided: Int, peakViews: Int, peakBytes: Int) {
      self.bound = bound
      self.resets = resets
      self.resetsAvoided = resetsAvoided
      self.peakViews = peakViews
      self.peakBytes = peakBytes
    }
  }

  /// The page's title (the scenario's name).
  public var title: String
  /// Lines said under the title (the scroll cache, the command).
  public var notes: [String]
  /// The runs, one per policy set.
  public var runs: [Run]
  /// The trade-off chart's points; the chart is left out when empty.
  public var tradeoff: [TradeoffPoint]
  /// More occurrences than this in a run are drawn in groups (default 300).
  public var aggregationThreshold = 300

  /// Makes a page.
  /// - Parameters:
  ///   - title: The title.
  ///   - notes: Lines under the title.
  ///   - runs: One per policy set.
  ///   - tradeoff: The trade-off chart's points (empty: no chart).
  public init(title: String, notes: [String] = [], runs: [Run], tradeoff: [TradeoffPoint] = []) {
    self.title = title
    self.notes = notes
    self.runs = runs
    self.tradeoff = tradeoff
  }

  /// The page.
  /// - Returns: One HTML document.
  /// - Complexity: O(everything in the timelines).
  public func html() -> String {
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
      <title>\(escape(title)) · ReuseKit report</title>
      <style>\(Self.style)</style></head><body>
      <h1>\(escape(title))</h1>

      """
    for note in notes { out += "<p class=\"note\">\(escape(note))</p>\n" }
    out += "<div class=\"top\"><div>\(countersTable())</div>"
    if !tradeoff.isEmpty { out += "<div>\(tradeoffSection())</div>" }
    out += "</div>\n"
    out += "<h2>Timelines</h2>\n<p class=\"note\">\(Self.legend)</p>\n"
    for run in runs { out += timeline(of: run) }
    out += "</body></html>\n"
    return out
  }

  private static let legend =
    "One row per attachment occurrence: a grey bar while a provider lives, blue while its view is shown, "
    + "amber while it waits in the scroll cache; a red triangle is an animation reset, a dot an animation "
    + "state created, a green tick a provider reused across an edit. The ruler's ticks are the scenario's steps "
    + "(equal widths; events inside a step in their order). Hover anything for its event."

  private static let style = """
    body{font:13px/1.4 "DejaVu Sans",sans-serif;margin:20px;color:#1d2330;background:#fff}
    .top{display:flex;gap:28px;align-items:flex-start}.charts{display:flex;flex-direction:column;gap:8px}
    h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:22px 0 6px}.note{margin:2px 0;color:#555}
    table.counters{border-collapse:collapse;margin-top:8px}table.counters td,table.counters th{border:1px solid #d5d9e0;
    padding:2px 8px;text-align:right}table.counters th{background:#f0f2f5}table.counters td.name{text-align:left}
    tr.key td{font-weight:bold;background:#fff4f4}svg{display:block;margin:6px 0;background:#fafbfc;border:1px solid #e3e6eb}
    .provider{fill:#c9ced6}.view.shown{fill:#4a7bd0}.view.cached{fill:#e0a030}.reset{fill:#d0302a}.state{fill:#555}
    .reused{stroke:#2a9a3a;stroke-width:2}.step{stroke:#9aa3b0}.label{font-size:10px;fill:#333}
    .axis{stroke:#333}.point{fill:#4a7bd0;stroke:#1d2330}.tick{font-size:10px;fill:#333}
    """

  /// The counters, one row each, one column per run; the reuse counters first.
  private func countersTable() -> String {
    var out = "<h2>Counters</h2>\n<table class=\"counters\"><tr><th>counter</th>"
    for run in runs { out += "<th>\(escape(run.policy))</th>" }
    out += "</tr>\n"
    for counter in Counter.allCases {
      let key = counter == .animationResets || counter == .providersCreated
      out += "<tr\(key ? " class=\"key\"" : "")><td class=\"name\">\(counter.rawValue)</td>"
      for run in runs {
        out +=
          "<td data-policy=\"\(escape(run.policy))\" data-counter=\"\(counter.rawValue)\">\(run.counters[counter])</td>"
      }
      out += "</tr>\n"
    }
    return out + "</table>\n"
  }
}

/// Text for HTML, escaped.
func escape(_ text: String) -> String {
  var result = ""
  result.reserveCapacity(text.utf8.count)
  for character in text {
    switch character {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    default: result.append(character)
    }
  }
  return result
}
