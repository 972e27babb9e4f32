import CSDL2
import CSDL2TTF
import Foundation
import ReuseKitSupport

/// A `TTF_Font` at one pixel size, closed in `deinit`.
///
/// SDL2_ttf 2.20 shapes text with HarfBuzz: ``render(_:color:)`` and ``size(of:)`` shape whole runs.
/// Kerning is off by default so that the width of a run is the sum of its characters' advances,
/// which is how layout measures it (`TTFGlyphMeasurer`).
@MainActor
public final class SDLFont {
  /// Text direction for HarfBuzz shaping.
  public enum Direction {
    /// Shape left to right (`TTF_DIRECTION_LTR`), or right to left (`TTF_DIRECTION_RTL`): HarfBuzz
    /// then orders and joins the glyphs of Hebrew or Arabic text.
    case leftToRight, rightToLeft
  }

  /// The wrapped font; valid for the lifetime of this object.
  public let pointer: OpaquePointer
  /// The size the font was opened at, in pixels (points at 72 dpi).
  public let pixelSize: Int
  /// Whether bold is synthesised by SDL2_ttf (rather than coming from a bold file).
  public let isSyntheticBold: Bool
  private let context: SDLContext
  private var shapingScript = ""
  private var shapingDirection = Direction.leftToRight

  /// Opens a font file at a pixel size.
  /// - Parameters:
  ///   - context: Keeps SDL2_ttf initialised while the font lives.
  ///   - file: A TrueType or OpenType file.
  ///   - pixelSize: The em size in pixels, 1...512.
  ///   - syntheticBold: Whether SDL2_ttf should embolden the face (`TTF_STYLE_BOLD`).
  /// - Throws: ``SDLError`` naming the file when it cannot be opened.
  public convenience init(context: SDLContext, file: URL, pixelSize: Int, syntheticBold: Bool = false)
    throws(SDLError)
  {
    try self.init(context: context, face: FontFace(path: file.path), pixelSize: pixelSize, syntheticBold: syntheticBold)
  }

  /// Opens one face of a font file (a TrueType collection holds several) at a pixel size.
  ///
  /// A bitmap-only face, such as Noto Color Emoji's, opens at its one strike whatever the size:
  /// SDL2_ttf reads the size as a strike index. Callers scale its glyphs (see ``height``).
  /// - Parameters:
  ///   - context: Keeps SDL2_ttf initialised while the font lives.
  ///   - face: The file and face index.
  ///   - pixelSize: The em size in pixels, 1...512.
  ///   - syntheticBold: Whether SDL2_ttf should embolden the face (`TTF_STYLE_BOLD`).
  /// - Throws: ``SDLError`` naming the file when it cannot be opened.
  public init(context: SDLContext, face: FontFace, pixelSize: Int, syntheticBold: Bool = false) throws(SDLError) {
    guard (1...512).contains(pixelSize) else {
      throw SDLError(context: "SDLFont(\(face.path))", detail: "pixel size \(pixelSize) is not in 1...512")
    }
    guard let font = TTF_OpenFontIndex(face.path, Int32(pixelSize), face.index) else {
      throw SDLError.fromSDL("TTF_OpenFontIndex(\(face.path), \(pixelSize), \(face.index))")
    }
    pointer = font
    self.pixelSize = pixelSize
    self.isSyntheticBold = syntheticBold
    self.context = context
    if syntheticBold { TTF_SetFontStyle(font, TTF_STYLE_BOLD) }
    isKerningEnabled = false
    setDirection(.leftToRight)
  }

  /// The HarfBuzz version SDL2_ttf was built with, or `nil` when it shapes without HarfBuzz.
  public static var harfBuzzVersion: String? {
    var major: Int32 = 0
    var minor: Int32 = 0
    var patch: Int32 = 0
    TTF_GetHarfBuzzVersion(&major, &minor, &patch)
    return major == 0 && minor == 0 && patch == 0 ? nil : "\(major).\(minor).\(patch)"
  }

  /// Distance from the top of a line to the baseline, in pixels.
  public var ascent: Int { Int(TTF_FontAscent(pointer)) }
  /// Distance from the baseline to the bottom of a line, in pixels (positive).
  public var descent: Int { -Int(TTF_FontDescent(pointer)) }
  /// Ascent plus descent: the height of a rendered run, in pixels.
  public var height: Int { ascent + descent }
  /// The recommended distance between baselines, in pixels.
  public var lineSkip: Int { Int(TTF_FontLineSkip(pointer)) }

  /// Whether kerning pairs adjust advances (HarfBuzz's `kern` feature).
  public var isKerningEnabled: Bool {
    get { TTF_GetFontKerning(pointer) != 0 }
    set { TTF_SetFontKerning(pointer, newValue ? 1 : 0) }
  }

  /// Sets the HarfBuzz shaping direction.
  /// - Returns: `false` when SDL2_ttf was built without HarfBuzz.
  @discardableResult
  public func setDirection(_ direction: Direction) -> Bool {
    TTF_SetFontDirection(pointer, direction == .leftToRight ? TTF_DIRECTION_LTR : TTF_DIRECTION_RTL) == 0
  }

  /// Sets the HarfBuzz shaping script from an ISO 15924 code such as `"Latn"` or `"Arab"`.
  /// - Returns: `false` when the code is not four characters or SDL2_ttf lacks HarfBuzz.
  @discardableResult
  public func setScript(_ iso15924: String) -> Bool {
    iso15924.utf8.count == 4 && TTF_SetFontScriptName(pointer, iso15924) == 0
  }

  /// Whether the font has a glyph for `scalar` (`TTF_GlyphIsProvided32`).
  public func provides(_ scalar: Unicode.Scalar) -> Bool {
    TTF_GlyphIsProvided32(pointer, scalar.value) != 0
  }

  /// Sets the script and direction HarfBuzz shapes the next runs with (SDL2_ttf never guesses them).
  /// - Parameters:
  ///   - iso15924: A script code such as `"Arab"`; an invalid code keeps the previous script.
  ///   - direction: The shaping direction.
  public func setShaping(script iso15924: String, direction: Direction) {
    if iso15924 != shapingScript, setScript(iso15924) { shapingScript = iso15924 }
    if direction != shapingDirection, setDirection(direction) { shapingDirection = direction }
  }

  /// The size of `text` when shaped and rendered as one run.
  /// - Throws: ``SDLError`` when SDL2_ttf cannot measure it.
  public func size(of text: String) throws(SDLError) -> (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    try SDLError.check(TTF_SizeUTF8(pointer, text, &width, &height), "TTF_SizeUTF8")
    return (Int(width), Int(height))
  }

  /// The metrics of one glyph (`TTF_GlyphMetrics32`), or `nil` when the font cannot load it.
  /// - Parameter scalar: The code point.
  /// - Returns: The glyph's box relative to its origin on the baseline (y up) and its hinted advance.
  public func glyphMetrics(_ scalar: Unicode.Scalar) -> GlyphMetrics? {
    var minX: Int32 = 0
    var maxX: Int32 = 0
    var minY: Int32 = 0
    var maxY: Int32 = 0
    var advance: Int32 = 0
    guard TTF_GlyphMetrics32(pointer, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0 else {
      SDL_ClearError()
      return nil
    }
    return GlyphMetrics(minX: Int(minX), maxX: Int(maxX), minY: Int(minY), maxY: Int(maxY), advance: Int(advance))
  }

  /// The pen advance of `text` shaped as one run: where a following glyph would start.
  ///
  /// Unlike ``size(of:)``, which measures the ink box, this ignores overhangs: it shapes `text`
  /// between two `|` and subtracts their advances. A font without `|` (a script or emoji font)
  /// measures `text` alone.
  /// - Throws: ``SDLError`` when SDL2_ttf cannot measure it.
  public func penAdvance(of text: String) throws(SDLError) -> Int {
    guard provides("|") else { return try size(of: text).width }
    let bar = glyphMetrics("|")?.advance ?? 0
    return try size(of: "|\(text)|").width - 2 * bar
  }

  /// Renders `text` as one anti-aliased run (`TTF_RenderUTF8_Blended`).
  ///
  /// The surface is as tall as the font (``ascent`` + ``descent``) and its top is the line top.
  /// - Parameters:
  ///   - text: Non-empty text without line breaks.
  ///   - color: The text colour, alpha included.
  /// - Returns: An `ARGB8888` surface with straight alpha.
  /// - Throws: ``SDLError`` when SDL2_ttf cannot render it (for example empty text).
  public func render(_ text: String, color: TextColor) throws(SDLError) -> SDLSurface {
    let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    guard let surface = TTF_RenderUTF8_Blended(pointer, text, sdlColor) else {
      throw SDLError.fromSDL("TTF_RenderUTF8_Blended(\(text.prefix(20).debugDescription))")
    }
    return try SDLSurface(adopting: surface, context: "TTF_RenderUTF8_Blended")
  }

  isolated deinit {
    TTF_CloseFont(pointer)
  }
}
