/// Whether one benchmark goal holds in a run, and the figure that decides it.
struct GoalVerdict: Codable {
  enum Status: String, Codable {
    case met = "met"
    case missed = "NOT MET"
    case pending = "pending"
    case notMeasured = "not measured"
  }

  var id: String
  var goal: String
  var status: Status
  /// The deciding figure, in words.
  var evidence: String
}
