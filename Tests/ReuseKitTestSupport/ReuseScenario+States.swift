import TextEngine

extension ReuseScenario {
  /// The reuse controller's view state of each attachment in paragraph `index`, in order
  /// (`nil` where the view holds no provider for it).
  package func viewStates(in index: Int) -> [TextAttachmentReuseController.ViewState?] {
    attachments(in: index).map { view.reuseController.viewState(for: $0) }
  }

  /// Whether each attachment in paragraph `index` has a provider waiting to be handed over.
  package func awaitingHandOver(in index: Int) -> [Bool] {
    attachments(in: index).map { view.reuseController.isAwaitingHandOver($0) }
  }

  /// The provider objects the view holds for the attachments in paragraph `index`, in order.
  package func providers(in index: Int) -> [TextAttachmentViewProvider?] {
    attachments(in: index).map { view.viewProvider(for: $0) }
  }
}
