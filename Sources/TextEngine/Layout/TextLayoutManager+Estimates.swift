/// Height estimates for paragraphs not laid out yet: from their length alone, one rule for every
/// backend (see <doc:StorageIdentity>).
extension TextLayoutManager {
  func estimatedHeight(of paragraph: TextParagraph) -> Double {
    HeightEstimator(self).height(of: paragraph)
  }

  /// Estimates heights from paragraph lengths, reading the metrics it needs once.
  struct HeightEstimator {
    let manager: TextLayoutManager
    let delegate: (any TextLayoutManagerDelegate)?
    let averageAdvance: Double
    let lineHeight: Double

    init(_ manager: TextLayoutManager) {
      self.manager = manager
      delegate = manager.delegate
      averageAdvance = manager.averageAdvance
      lineHeight = manager.glyphMeasurer.lineMetrics(for: manager.defaultAttributes).lineHeight
    }

    func height(of paragraph: TextParagraph) -> Double {
      let style = delegate?.textLayoutManager(manager, paragraphStyleFor: paragraph) ?? .plain
      return height(length: paragraph.length, style: style)
    }

    /// The estimate for `count` paragraphs of `length` characters in all (the whole document when a
    /// view opens): `count` paragraphs of the average length, in the style of a paragraph without
    /// attributes. It reads no paragraph, so every backend gets the same estimate.
    func height(ofRunOf count: Int, length: Int) -> Double {
      let style =
        delegate?.textLayoutManager(manager, paragraphStyleFor: TextParagraph(attributedString: AttributedText()))
        ?? .plain
      return Double(count) * height(length: length / max(1, count), style: style)
    }

    private func height(length: Int, style: ParagraphStyle) -> Double {
      let width = manager.lineWidth(for: style)
      let lines = max(1, (Double(length) * averageAdvance / width).rounded(.up))
      return lines * lineHeight + style.spacingBefore + style.spacingAfter
    }
  }
}
