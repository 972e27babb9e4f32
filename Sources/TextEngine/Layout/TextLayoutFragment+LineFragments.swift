extension TextLayoutFragment {
  /// A fragment's lines, top to bottom: a random-access collection that makes each
  /// ``TextLineFragment`` when it is read, so reading a few lines of a long paragraph costs a few.
  public struct LineFragments: RandomAccessCollection {
    let fragment: TextLayoutFragment

    public var startIndex: Int { 0 }
    public var endIndex: Int { fragment.layout.lineCount }

    public subscript(position: Int) -> TextLineFragment {
      let layout = fragment.layout
      return TextLineFragment(
        layout: layout.line(position), text: fragment.textParagraph.attributedString,
        start: layout.geometry[position].start,
        top: layout.geometry[position].top, originX: layout.originX(ofLine: position))
    }
  }
}
