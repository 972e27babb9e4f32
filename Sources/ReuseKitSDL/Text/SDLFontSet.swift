import Foundation
import SDLSupport
import TextEngine

/// The fonts of one text style family at every size the text uses, opened on demand.
///
/// Sizes come from `TextAttributes.fontScale` times ``bodyPixelSize`` times ``displayScale``,
/// rounded to whole pixels; each (bold, pixel size) pair is opened once and kept. Layout measures
/// with the set at display scale 1, so it is in points; a view on a 2× screen draws with
/// ``scaled(by:)``, the same faces opened at twice the size (rendered sharp, not blown up).
@MainActor
public final class SDLFontSet {
  /// The body text size in points (font scale 1).
  public let bodyPixelSize: Int
  /// Physical pixels per point the fonts are opened for: 1 for layout, the screen's for drawing.
  public let displayScale: Double
  /// The files the fonts come from.
  public let files: FontFiles
  /// Chooses fontconfig fallbacks for the characters these fonts lack.
  let fallback: FontFallbackResolver
  private let context: SDLContext
  private var fonts: [FontKey: SDLFont] = [:]
  private var scaledSets: [Double: SDLFontSet] = [:]

  private struct FontKey: Hashable {
    var bold: Bool
    var pixelSize: Int
  }

  /// Opens the body fonts, proving the files usable.
  /// - Parameters:
  ///   - context: Keeps SDL2_ttf initialised.
  ///   - files: The regular and bold faces.
  ///   - bodyPixelSize: The body size in pixels.
  ///   - family: The fontconfig family whose sorted list supplies fallback fonts.
  /// - Throws: `SDLError` when either face cannot be opened.
  public init(context: SDLContext, files: FontFiles, bodyPixelSize: Int = 15, family: String = "DejaVu Sans")
    throws(SDLError)
  {
    self.context = context
    self.fallback = FontFallbackResolver(context: context, family: family)
    self.files = files
    self.bodyPixelSize = bodyPixelSize
    self.displayScale = 1
    _ = try font(bold: false, scale: 1)
    _ = try font(bold: true, scale: 1)
  }

  /// The same faces at `displayScale`, sharing this set's fallback fonts.
  private init(scaling base: SDLFontSet, by displayScale: Double) throws(SDLError) {
    context = base.context
    fallback = base.fallback
    files = base.files
    bodyPixelSize = base.bodyPixelSize
    self.displayScale = displayScale
    _ = try font(bold: false, scale: 1)
    _ = try font(bold: true, scale: 1)
  }

  /// This set's faces opened for `displayScale` physical pixels per point (this set itself at
  /// its own scale); made once per scale and kept.
  /// - Parameter displayScale: Physical pixels per point.
  /// - Returns: The set; this one when its body font cannot be opened at that size.
  public func scaled(by displayScale: Double) -> SDLFontSet {
    if displayScale == self.displayScale { return self }
    if let set = scaledSets[displayScale] { return set }
    guard let set = try? SDLFontSet(scaling: self, by: displayScale) else { return self }
    scaledSets[displayScale] = set
    return set
  }

  /// Finds DejaVu Sans through fontconfig and opens it.
  /// - Parameters:
  ///   - context: Keeps SDL2_ttf initialised.
  ///   - bodyPixelSize: The body size in pixels.
  /// - Throws: `SDLError` saying which packages to install when the font is missing.
  public convenience init(context: SDLContext, bodyPixelSize: Int = 15) throws(SDLError) {
    try self.init(context: context, files: FontLocator().locate(), bodyPixelSize: bodyPixelSize)
  }

  /// The pixel size for a font scale, at this set's ``displayScale``.
  public func pixelSize(forScale scale: Double) -> Int {
    min(512, max(1, Int((Double(bodyPixelSize) * scale * displayScale).rounded())))
  }

  /// The font for a style, opening it the first time.
  /// - Parameters:
  ///   - bold: Whether to use the bold face.
  ///   - scale: The font scale (1 is body text).
  /// - Throws: `SDLError` when the face cannot be opened at that size.
  public func font(bold: Bool, scale: Double) throws(SDLError) -> SDLFont {
    let key = FontKey(bold: bold, pixelSize: pixelSize(forScale: scale))
    if let font = fonts[key] { return font }
    let font = try SDLFont(context: context, file: bold ? files.bold : files.regular, pixelSize: key.pixelSize)
    fonts[key] = font
    return font
  }

  /// The font for `attributes`.
  ///
  /// Never fails: the body fonts were opened in `init`, and a size that cannot be opened
  /// falls back to the body size of the same weight.
  public func font(for attributes: TextAttributes) -> SDLFont {
    if let font = try? font(bold: attributes.isBold, scale: attributes.fontScale) { return font }
    return fonts[FontKey(bold: attributes.isBold, pixelSize: pixelSize(forScale: 1))]!
  }
}
