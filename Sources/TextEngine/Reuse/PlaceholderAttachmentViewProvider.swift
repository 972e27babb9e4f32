/// Stands in when an attachment's provider factory fails: shows a placeholder view.
public final class PlaceholderAttachmentViewProvider: TextAttachmentViewProvider {
  /// Why the real provider could not be made.
  public internal(set) var failureReason = "the attachment's view provider could not be created"

  /// Makes a ``PlaceholderRenderingSurface`` of the attachment's size that carries ``failureReason``.
  public override func loadView() throws {
    view = PlaceholderRenderingSurface(frame: textAttachment?.bounds ?? .zero, failureReason: failureReason)
  }
}
