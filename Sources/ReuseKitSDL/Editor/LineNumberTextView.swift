import AnimationRuntime
import Foundation
import Instrumentation
import SDLSupport
import TextEngine

/// A code-editor text view with a line-number gutter: the seed session's first example.
///
/// Each paragraph is a line; a number is drawn beside the first line fragment of each paragraph
/// (a wrapped paragraph's other lines get none), by a ``LineNumberSurface`` the view assigns in the
/// viewport pass, keyed by layout fragment and kept while the fragment is unchanged. The recipe:
/// - `willLayout` resets the pass's count and finds the starting number: the index of the paragraph
///   at the top of the viewport's margin, from the layout manager's height index in O(log n) (never by
///   enumerating from the top);
/// - `configureRenderingSurfaceFor` numbers each fragment: the first gets the starting number, each
///   later one the previous number plus one (fragments come top to bottom, one per paragraph);
/// - `didLayout` drops the gutter surfaces of fragments the pass did not configure.
///
/// The pass may still move the viewport after `willLayout` (anchoring to measured heights): the first
/// fragment checks that its paragraph is the one the starting number belongs to (O(log n)) and, if
/// not, takes its number from the storage's paragraph index (``startingNumberCorrections``).
public final class LineNumberTextView: SDLTextView {
  /// The gutter's width, in pixels; the text starts after it.
  public let gutterWidth: Double
  /// Space between a number and the text.
  public var gutterPadding = 8.0
  /// The numbers' attributes.
  public var gutterAttributes = TextAttributes(fontScale: 0.85)
  /// The numbers' colour.
  public var gutterTextColor = TextColor(red: 140, green: 146, blue: 156)
  /// The gutter's background colour.
  public var gutterBackground = TextColor(red: 244, green: 245, blue: 247)
  /// The first number of the last pass, and how many fragments it numbered.
  public private(set) var lastPassNumbers: (first: Int, count: Int) = (0, 0)

  /// Passes whose first fragment was not the paragraph `willLayout` expected (the viewport moved).
  public private(set) var startingNumberCorrections = 0

  private let style: GutterStyle
  /// The starting number `willLayout` found, and its paragraph's index.
  private var expectedStart: Int?
  private var nextNumber: Int?
  private var numberedThisPass = 0
  /// Gutter surfaces by fragment identity: this pass's and the last pass's (swapped each pass).
  private var gutterSurfaces: [ObjectIdentifier: LineNumberSurface] = [:]
  private var previousGutterSurfaces: [ObjectIdentifier: LineNumberSurface] = [:]

  /// Creates an editor view over `storage`.
  /// - Parameters:
  ///   - storage: The document, one line per paragraph.
  ///   - renderer: A window or offscreen renderer.
  ///   - fonts: The fonts to measure and draw with.
  ///   - clock: The caret's clock.
  ///   - instrumentation: The counters to report to.
  ///   - gutterWidth: The gutter's width in pixels (default 56).
  @MainActor
  public init(
    storage: TextContentManager, renderer: SDLRenderer, fonts: SDLFontSet, clock: any AnimationClock,
    instrumentation: Instrumentation = Instrumentation(), gutterWidth: Double = 56
  ) {
    self.gutterWidth = gutterWidth
    style = GutterStyle(headIndent: gutterWidth + 6)
    super.init(storage: storage, renderer: renderer, fonts: fonts, clock: clock, instrumentation: instrumentation)
    textLayoutManager.delegate = style
    colors.background = TextColor(red: 255, green: 255, blue: 255)
  }

  /// The gutter surface of `fragment` in the last pass, if it is in the viewport.
  public func lineNumberSurface(for fragment: TextLayoutFragment) -> LineNumberSurface? {
    gutterSurfaces[ObjectIdentifier(fragment)]
  }

  // MARK: Viewport hooks

  /// Starts a pass (after `super`): resets the pass's count, finds the paragraph at the top of the
  /// viewport's overdraw margin as the expected start, and sets the last pass's gutter surfaces aside
  /// for reuse.
  /// - Complexity: O(log n) in the number of paragraphs.
  public override func textViewportLayoutControllerWillLayout(
    _ textViewportLayoutController: TextViewportLayoutController
  ) {
    super.textViewportLayoutControllerWillLayout(textViewportLayoutController)
    nextNumber = nil
    numberedThisPass = 0
    let bounds = viewportBounds(for: textViewportLayoutController)
    expectedStart = textLayoutManager.paragraphIndex(
      atY: max(0, bounds.minY - textViewportLayoutController.overdrawMargin))
    swap(&gutterSurfaces, &previousGutterSurfaces)
    gutterSurfaces.removeAll(keepingCapacity: true)
  }

  /// Positions the fragment's surfaces (through `super`), then numbers the fragment: the pass's first
  /// fragment gets its starting line number, each later one the previous number plus one. Its
  /// ``LineNumberSurface`` is the last pass's one for the same fragment when there was one (moved and
  /// renumbered), else a new one.
  /// - Complexity: O(1), plus O(log n) for the pass's first fragment.
  public override func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {
    super.textViewportLayoutController(textViewportLayoutController, configureRenderingSurfaceFor: textLayoutFragment)
    let number = nextNumber ?? startingLineNumber(for: textLayoutFragment)
    expectedStart = nil
    nextNumber = number + 1
    numberedThisPass += 1
    let frame = textLayoutFragment.layoutFragmentFrame
    let firstLine = textLayoutFragment.textLineFragments.first
    let lineFrame = CGRect(
      x: 0, y: frame.minY + (firstLine?.typographicBounds.minY ?? 0), width: gutterWidth,
      height: firstLine?.typographicBounds.height ?? frame.height)
    let baseline = (firstLine?.baselineOffset ?? 0) - (firstLine?.typographicBounds.minY ?? 0)
    let key = ObjectIdentifier(textLayoutFragment)
    let surface: LineNumberSurface
    if let kept = previousGutterSurfaces.removeValue(forKey: key) {
      surface = kept
      surface.frame = lineFrame
      surface.number = number
    } else {
      surface = LineNumberSurface(frame: lineFrame, number: number, baselineOffset: baseline)
    }
    gutterSurfaces[key] = surface
    textViewportLayoutController.setRenderingSurface(surface, for: surface)
  }

  /// Ends a pass (after `super`): drops the gutter surfaces of fragments this pass did not configure and
  /// records ``lastPassNumbers``.
  public override func textViewportLayoutControllerDidLayout(
    _ textViewportLayoutController: TextViewportLayoutController
  ) {
    super.textViewportLayoutControllerDidLayout(textViewportLayoutController)
    previousGutterSurfaces.removeAll(keepingCapacity: true)
    lastPassNumbers = (nextNumber.map { $0 - numberedThisPass } ?? 0, numberedThisPass)
  }

  /// The line number of the pass's first fragment: the one `willLayout` found when `fragment` is its
  /// paragraph, else the fragment's paragraph index plus one.
  /// - Complexity: O(log n).
  private func startingLineNumber(for fragment: TextLayoutFragment) -> Int {
    if let expected = expectedStart, textContentManager.paragraph(at: expected) === fragment.textParagraph {
      return expected + 1
    }
    startingNumberCorrections += 1
    return (textContentManager.index(of: fragment.textParagraph) ?? 0) + 1
  }

  // MARK: Drawing

  /// Fills the gutter behind the numbers.
  @MainActor
  public override func drawBackground(of item: VisibleFragment) throws(SDLError) {
    renderer.fill(
      CGRect(x: 0, y: item.origin.y, width: gutterWidth, height: item.fragment.height), color: gutterBackground)
  }
}

/// Indents every paragraph past the gutter.
private final class GutterStyle: TextLayoutManagerDelegate {
  let style: ParagraphStyle
  init(headIndent: Double) { style = ParagraphStyle(headIndent: headIndent, tailIndent: 10) }
  func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
    -> ParagraphStyle
  {
    style
  }
}
