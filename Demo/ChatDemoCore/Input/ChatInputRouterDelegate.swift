/// Performs the commands a ``ChatInputRouter`` does not perform itself: the app's own work.
@MainActor
protocol ChatInputRouterDelegate: AnyObject {
  /// Performs ``ChatCommand/send``, ``ChatCommand/save``, ``ChatCommand/quit``,
  /// ``ChatCommand/insertSticker(paletteIndex:)`` or ``ChatCommand/layOut``.
  /// - Parameter command: The command; each is handed over once per event.
  func perform(_ command: ChatCommand)
}
