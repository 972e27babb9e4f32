/// One measured figure at one transcript size.
struct FigureResult: Codable {
  /// What the numbers are.
  enum Unit: String, Codable {
    case seconds, pixels, bytes, ratio
  }

  /// The figure's identifier: `P1.none`, `P2.engine`, `P4.query`, …
  var id: String
  /// A short description for the table.
  var label: String
  var unit: Unit
  var median: Double
  var p99: Double
  /// Samples behind the median and p99 (1 for single measurements).
  var samples: Int
  /// Counts that go with the figure (providers created per 100 keystrokes, stickers visible, …).
  var details: [String: Double] = [:]

  /// A figure from timed samples.
  init(id: String, label: String, samples: SampleSet, details: [String: Double] = [:]) {
    self.id = id
    self.label = label
    self.unit = .seconds
    self.median = samples.median
    self.p99 = samples.p99
    self.samples = samples.samples.count
    self.details = details
  }

  /// A single value (a drift, a ratio, a memory size).
  init(id: String, label: String, unit: Unit, value: Double, details: [String: Double] = [:]) {
    self.id = id
    self.label = label
    self.unit = unit
    self.median = value
    self.p99 = value
    self.samples = 1
    self.details = details
  }
}
