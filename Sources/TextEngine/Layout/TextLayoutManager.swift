/// Stub: replaced by the real layout manager.
public final class TextLayoutManager {}
