/// Hooks for tests, outside the public API.
extension TextLayoutFragment {
  /// The lines broken to make this fragment (fewer than its lines when an edit's relayout
  /// shared the others with the fragment it replaced), for complexity tests.
  package var linesBroken: Int { layout.linesBroken }
}
