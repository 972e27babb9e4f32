import Foundation
import Testing

/// The README's "Use ReuseKit in your tests" example is the consumer package's test file, which
/// `make test` builds and runs: the two cannot drift apart.
@Suite struct ReadmeExampleTests {
  @Test func theReadmeQuotesTheConsumerPackagesTestVerbatim() throws {
    let root = try PackageManifest().root
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let file = try String(
      contentsOf: root.appendingPathComponent(
        "Tests/ConsumerPackage/Tests/TypingIndicatorTests/ReadmeExampleTests.swift"), encoding: .utf8)
    // The file's first line says what it is; the rest is the example.
    let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 15)
    let example = lines.dropFirst().joined(separator: "\n")
    #expect(example.contains("PerPolicy(none:"))
    #expect(readme.contains("```swift\n" + example + "```"), "README.md no longer quotes the example verbatim")
  }
}
