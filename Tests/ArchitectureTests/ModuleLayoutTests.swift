import Testing

@Suite struct ModuleLayoutTests {
  @Test func placeholder() { #expect(Bool(true)) }
}
