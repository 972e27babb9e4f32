/// The scroll cache's trade-off: resets the scroll policy avoided, against the views and the bytes
/// its cache held, one point per cache bound.
extension ReuseReportPage {
  func tradeoffSection() -> String {
    var out = "<h2>Scroll cache trade-off</h2>\n<p class=\"note\">The scroll policy alone at each cache bound "
    out += "(views; no byte bound): animation resets avoided against the run without policies, "
    out += "against the most views and bytes its cache held.</p>\n<div class=\"charts\">"
    out += chart(axis: "views held (peak)", value: { Double($0.peakViews) }, labelling: { String(Int($0)) })
    out += chart(axis: "bytes held (peak)", value: { Double($0.peakBytes) }, labelling: Self.bytes)
    out += "</div>\n<table class=\"counters\"><tr><th>bound</th><th>resets</th><th>avoided</th><th>views held</th>"
    out += "<th>bytes held</th></tr>\n"
    for point in tradeoff {
      out += "<tr><td>\(escape(point.bound))</td><td>\(point.resets)</td><td>\(point.resetsAvoided)</td>"
      out += "<td>\(point.peakViews)</td><td>\(Self.bytes(Double(point.peakBytes)))</td></tr>\n"
    }
    return out + "</table>\n"
  }

  static func bytes(_ value: Double) -> String {
    value >= 1_048_576
      ? "\(format(value / 1_048_576)) MiB" : value >= 1024 ? "\(format(value / 1024)) KiB" : "\(Int(value)) B"
  }

  private func chart(axis name: String, value: (TradeoffPoint) -> Double, labelling label: (Double) -> String) -> String
  {
    let (width, height, left, bottom) = (560.0, 230.0, 56.0, 40.0)
    let maxX = max(1, tradeoff.map(value).max() ?? 1)
    let maxY = Double(max(1, tradeoff.map(\.resetsAvoided).max() ?? 1))
    let minY = Double(min(0, tradeoff.map(\.resetsAvoided).min() ?? 0))
    func x(_ v: Double) -> Double { left + v / maxX * (width - left - 70) }
    func y(_ v: Double) -> Double { height - bottom - (v - minY) / (maxY - minY) * (height - bottom - 20) }
    var out = "<svg class=\"tradeoff\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
    out += "xmlns=\"http://www.w3.org/2000/svg\">"
    out += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(y(minY))\" x2=\"\(width - 16)\" y2=\"\(y(minY))\"/>"
    out += "<line class=\"axis\" x1=\"\(left)\" y1=\"\(y(minY))\" x2=\"\(left)\" y2=\"12\"/>"
    out += "<text class=\"tick\" x=\"\(left)\" y=\"\(height - 22)\">0</text>"
    out += "<text class=\"tick\" x=\"\(width - 90)\" y=\"\(height - 22)\">\(escape(label(maxX)))</text>"
    out += "<text class=\"tick\" x=\"\(width / 2 - 40)\" y=\"\(height - 6)\">\(escape(name))</text>"
    out += "<text class=\"tick\" x=\"4\" y=\"\(y(maxY) + 4)\">\(Int(maxY))</text>"
    out += "<text class=\"tick\" x=\"4\" y=\"\(y(minY))\">\(Int(minY))</text>"
    out += "<text class=\"tick\" x=\"4\" y=\"10\">resets avoided</text>"
    if tradeoff.allSatisfy({ value($0) == 0 }) {
      out += "<text class=\"tick\" x=\"\(left + 12)\" y=\"\(height / 2)\">At every bound the cache held nothing: "
      out += "no view left the viewport in this scenario.</text>"
    }
    let sorted = tradeoff.sorted { value($0) < value($1) }
    if sorted.count > 1 {
      let path = sorted.map { "\(format(x(value($0)))),\(format(y(Double($0.resetsAvoided))))" }
      out += "<polyline fill=\"none\" stroke=\"#9aa3b0\" points=\"\(path.joined(separator: " "))\"/>"
    }
    for point in tradeoff {
      let (px, py) = (format(x(value(point))), format(y(Double(point.resetsAvoided))))
      out +=
        "<circle class=\"point\" data-bound=\"\(escape(point.bound))\" data-resets-avoided=\"\(point.resetsAvoided)\" "
      out += "data-views=\"\(point.peakViews)\" data-bytes=\"\(point.peakBytes)\" cx=\"\(px)\" cy=\"\(py)\" r=\"5\">"
      out += "<title>bound \(escape(point.bound)): \(point.resetsAvoided) resets avoided, \(point.peakViews) views, "
      out += "\(Self.bytes(Double(point.peakBytes))) held</title></circle>"
      out += "<text class=\"tick\" x=\"\(px)\" y=\"\(py)\" dx=\"7\" dy=\"-6\">\(escape(point.bound))</text>"
    }
    return out + "</svg>"
  }
}
