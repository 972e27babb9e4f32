import ReuseKitSupport

/// Counts what a Lottie document uses that rlottie 0.1 does not render: text layers, expressions
/// and layer effects (including those inside precomposition assets).
struct UnsupportedFeatures {
  private(set) var textLayers = 0
  private(set) var expressions = 0
  private(set) var effects = 0

  /// Walks `value` and everything under it.
  /// - Complexity: O(n) in the tree's size.
  mutating func count(in value: JSONValue) {
    switch value {
    case .array(let items): for item in items { count(in: item) }
    case .object(let members):
      // A layer: a type and either transforms or an index.
      if members["ks"] != nil, let type = members["ty"]?.int {
        if type == 5 { textLayers += 1 }
        if let list = members["ef"]?.array, !list.isEmpty { effects += list.count }
      }
      // An animatable property carrying an After Effects expression.
      if members["k"] != nil, case .string(let text)? = members["x"], !text.isEmpty { expressions += 1 }
      for member in members.values { count(in: member) }
    default: break
    }
  }

  /// One warning naming what is left out, or `nil` when nothing is.
  var warning: String? {
    let parts = [(textLayers, "text layer"), (expressions, "expression"), (effects, "layer effect")]
      .filter { $0.0 > 0 }
      .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
    guard !parts.isEmpty else { return nil }
    return "rlottie 0.1 does not render \(parts.joined(separator: ", ")); the sticker plays without them"
  }
}
