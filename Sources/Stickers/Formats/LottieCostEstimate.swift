import ReuseKitSupport

/// A static estimate of what one frame of a Lottie document costs rlottie to draw: the number of
/// shape draws, with repeaters multiplying what they repeat and precompositions multiplying by
/// how often they are used.
///
/// Each layer costs 1 plus its masks plus its shapes; each path (`sh`, `rc`, `el`, `sr`), fill,
/// stroke or gradient costs 1; a repeater (`rp`) multiplies the cost of the items before it in its
/// group by its largest copy count; a precomposition layer costs what its asset's layers cost.
/// Arithmetic saturates, so a file claiming 10^9 copies gets a huge cost, never an overflow.
struct LottieCostEstimate {
  /// The estimated draws per frame.
  private(set) var total = 0
  private var assets: [String: [JSONValue]] = [:]
  private var memo: [String: Int] = [:]
  private var visiting: Set<String> = []

  /// Estimates the cost of `root`.
  /// - Complexity: O(n) in the tree's size (each precomposition asset is costed once).
  init(root: JSONValue) {
    for asset in root["assets"]?.array ?? [] {
      if let id = asset["id"]?.string, let layers = asset["layers"]?.array { assets[id] = layers }
    }
    total = layersCost(root["layers"]?.array ?? [])
  }

  private mutating func layersCost(_ layers: [JSONValue]) -> Int {
    var cost = 0
    for layer in layers {
      var own = 1 + (layer["masksProperties"]?.array?.count ?? 0)
      own = Self.add(own, shapesCost(layer["shapes"]?.array ?? []))
      if layer["ty"]?.int == 0, let reference = layer["refId"]?.string {
        own = Self.add(own, assetCost(reference))
      }
      cost = Self.add(cost, own)
    }
    return cost
  }

  private mutating func assetCost(_ id: String) -> Int {
    if let known = memo[id] { return known }
    guard let layers = assets[id], !visiting.contains(id) else { return 0 }
    visiting.insert(id)
    let cost = layersCost(layers)
    visiting.remove(id)
    memo[id] = cost
    return cost
  }

  private func shapesCost(_ items: [JSONValue]) -> Int {
    var cost = 0
    for item in items {
      switch item["ty"]?.string {
      case "gr": cost = Self.add(cost, shapesCost(item["it"]?.array ?? []))
      case "rp": cost = Self.multiply(max(cost, 1), Self.largestCopies(item["c"]))
      case "sh", "rc", "el", "sr", "fl", "st", "gf", "gs": cost = Self.add(cost, 1)
      default: break
      }
    }
    return cost
  }

  /// The largest copy count an animatable value takes (static, or over every keyframe).
  private static func largestCopies(_ property: JSONValue?) -> Int {
    guard let value = property?["k"] else { return 1 }
    var largest = 1.0
    func visit(_ value: JSONValue) {
      switch value {
      case .number(let number):
        largest = max(largest, number.double.isFinite ? number.double : .greatestFiniteMagnitude)
      case .array(let items): for item in items { visit(item) }
      case .object(let members):
        for key in ["s", "e"] { if let member = members[key] { visit(member) } }
      default: break
      }
    }
    visit(value)
    return largest >= 1e15 ? Int(1e15) : max(1, Int(largest.rounded(.up)))
  }

  private static func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  private static func multiply(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
  }
}
