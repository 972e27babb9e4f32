import CommandLineSupport
import Testing

/// The generated `--help`: every shown option once, aligned, hidden ones left out.
@Suite struct HelpTests {
  @Test func theHelpListsEveryShownOptionAligned() {
    let spec = CommandSpec(
      name: "tool", abstract: "does a thing",
      options: [
        .value("--sizes", valueName: "N,N,...", help: "Sizes,\none per process."),
        .flag("--smoke", help: "Quick."),
        .value("--emit", valueName: "FILE", help: "Internal.", hidden: true),
      ],
      positionals: [PositionalSpec("INPUT", help: "The input.", optional: true)],
      sections: [.init("EXIT STATUS", "  0 fine")])
    let expected = """
      tool — does a thing

      USAGE
        tool [--sizes N,N,...] [--smoke] [INPUT]

      ARGUMENTS
        INPUT  The input.

      OPTIONS
        --sizes N,N,...  Sizes,
                         one per process.
        --smoke          Quick.
        -h, --help       Show this help.

      EXIT STATUS
        0 fine
      """
    #expect(spec.helpText() == expected)
  }

  @Test func handWrittenUsageAndSubcommands() {
    let spec = CommandSpec(
      name: "demo", abstract: "the demo", usage: ["[--verbose]", "generate N"],
      options: [.flag("--verbose", help: "Talk.")],
      subcommands: [CommandSpec(name: "generate", abstract: "writes a transcript")])
    let help = spec.helpText()
    #expect(help.contains("USAGE\n  demo [--verbose]\n  demo generate N\n"))
    #expect(help.contains("SUBCOMMANDS\n  generate  writes a transcript\n"))
  }

  @Test func aLongUsageWraps() {
    let options = (1...12).map { OptionSpec.value("--option-\($0)", valueName: "VALUE", help: "") }
    let help = CommandSpec(name: "tool", abstract: "", options: options).helpText()
    let usage = help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "USAGE" }.dropFirst().prefix
    { !$0.isEmpty }
    #expect(usage.count > 1)
    for line in usage { #expect(line.count <= 102, "\(line)") }
    #expect(usage.dropFirst().allSatisfy { $0.hasPrefix("       [") })
    #expect(usage.joined().ranges(of: "[--option-").count == 12)
  }
}
