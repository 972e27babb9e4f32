import CommandLineSupport
import Testing

/// Reading command lines: options in both spellings, flags, positional arguments, subcommands,
/// typed values, and the errors for each kind of mistake.
@Suite struct ParsingTests {
  let spec = CommandSpec(
    name: "tool", abstract: "does a thing",
    options: [
      .value("--sizes", valueName: "N,N,...", help: "Sizes."),
      .value("-o", "--out", valueName: "FILE", help: "Where to write."),
      .value("--samples", valueName: "N", help: "Samples."),
      .value("--ratio", valueName: "R", help: "A ratio."),
      .flag("--smoke", help: "Quick."),
      .value("--emit", valueName: "FILE", help: "Internal.", hidden: true),
    ],
    positionals: [PositionalSpec("INPUT", help: "The input.", optional: true)])

  @Test func readsValuesFlagsAndPositionals() throws {
    let parsed = try spec.parse(["--sizes", "1,2", "--smoke", "in.json", "--out=x.txt", "--emit", "e"])
    #expect(parsed.string("--sizes") == "1,2")
    #expect(parsed.string("-o") == "x.txt")
    #expect(parsed.string("--out") == "x.txt")
    #expect(parsed.string("--emit") == "e")
    #expect(parsed.isSet("--smoke"))
    #expect(parsed.positional("INPUT") == "in.json")
    #expect(!parsed.wantsHelp)
    #expect(parsed.subcommand == nil)
  }

  @Test func absentOptionsAreNilAndUnset() throws {
    let parsed = try spec.parse([])
    #expect(parsed.string("--sizes") == nil)
    #expect(!parsed.isSet("--smoke"))
    #expect(!parsed.contains("--out"))
    #expect(parsed.positional("INPUT") == nil)
    #expect(try parsed.value("--samples", as: Int.self) == nil)
  }

  @Test func aRepeatedOptionKeepsEveryValueAndAnswersTheLast() throws {
    let parsed = try spec.parse(["--out", "a", "-o", "b"])
    #expect(parsed.strings("--out") == ["a", "b"])
    #expect(parsed.string("--out") == "b")
  }

  @Test func typedValues() throws {
    let parsed = try spec.parse(["--samples", "1_000", "--ratio", "-0.5", "--sizes", "10,20,30"])
    #expect(try parsed.value("--samples", as: Int.self) == 1_000)
    #expect(try parsed.value("--ratio", as: Double.self) == -0.5)
    #expect(try parsed.list("--sizes", expected: "a whole number") { Int(argument: $0) } == [10, 20, 30])
    #expect(
      try parsed.value("--samples", expected: "even") { Int(argument: $0).flatMap { $0 % 2 == 0 ? $0 : nil } } == 1_000)
  }

  @Test func badTypedValuesNameTheOptionAndTheValue() throws {
    let parsed = try spec.parse(["--samples", "many", "--sizes", "1,x", "--ratio", "inf"])
    #expect(throws: CommandLineError("--samples: 'many' is not a whole number")) {
      try parsed.value("--samples", as: Int.self)
    }
    #expect(throws: CommandLineError("--sizes: 'x' is not a whole number")) {
      try parsed.list("--sizes", expected: "a whole number") { Int(argument: $0) }
    }
    #expect(throws: CommandLineError("--ratio: 'inf' is not a number")) { try parsed.value("--ratio", as: Double.self) }
  }

  @Test func usageErrors() {
    let cases: [([String], String)] = [
      (["--x"], "unknown option --x (see --help)"),
      (["--sizes"], "--sizes needs a value"),
      (["--sizes", "--smoke"], "--sizes needs a value"),
      (["--smoke=1"], "--smoke takes no value"),
      (["a", "b"], "unexpected argument 'b'"),
    ]
    for (arguments, message) in cases {
      #expect(throws: CommandLineError(message), "\(arguments)") { try spec.parse(arguments) }
    }
    #expect(CommandLineError.exitStatus == 2)
  }

  @Test func anEmptyListIsAnError() throws {
    let parsed = try spec.parse(["--sizes", ","])
    #expect(throws: CommandLineError("--sizes needs at least one value")) {
      try parsed.list("--sizes", expected: "a whole number") { Int(argument: $0) }
    }
  }

  @Test func helpStopsParsing() throws {
    for arguments in [["--help"], ["-h"], ["--sizes", "1", "--help", "--unknown"]] {
      #expect(try spec.parse(arguments).wantsHelp, "\(arguments)")
    }
    // An error before the help is still an error.
    #expect(throws: CommandLineError.self) { try spec.parse(["--unknown", "--help"]) }
  }

  @Test func doubleDashEndsTheOptions() throws {
    let parsed = try spec.parse(["--", "--smoke"])
    #expect(parsed.positional("INPUT") == "--smoke")
    #expect(!parsed.isSet("--smoke"))
  }

  @Test func aRequiredPositionalIsMissed() {
    let required = CommandSpec(name: "cat", abstract: "", positionals: [PositionalSpec("FILE", help: "")])
    #expect(throws: CommandLineError("missing FILE (see --help)")) { try required.parse([]) }
  }

  @Test func aRepeatingPositionalTakesTheRest() throws {
    let many = CommandSpec(
      name: "cat", abstract: "",
      positionals: [
        PositionalSpec("FIRST", help: ""), PositionalSpec("REST", help: "", optional: true, repeating: true),
      ])
    let parsed = try many.parse(["a", "b", "c"])
    #expect(parsed.positionals("FIRST") == ["a"])
    #expect(parsed.positionals("REST") == ["b", "c"])
  }

  @Test func subcommandsTakeTheRestOfTheLine() throws {
    let generate = CommandSpec(
      name: "generate", abstract: "writes a transcript",
      options: [.value("--seed", valueName: "S", help: "")],
      positionals: [PositionalSpec("N", help: "")])
    let demo = CommandSpec(
      name: "chat-demo", abstract: "the demo", options: [.flag("--verbose", help: "")], subcommands: [generate])
    let parsed = try demo.parse(["generate", "10", "--seed", "7"])
    #expect(parsed.path == ["chat-demo", "generate"])
    #expect(parsed.subcommand == "generate")
    #expect(parsed.positional("N") == "10")
    #expect(try parsed.value("--seed", as: UInt64.self) == 7)
    #expect(try demo.parse([]).subcommand == nil)
    #expect(throws: CommandLineError("unknown subcommand 'gen' (expected one of: generate)")) {
      try demo.parse(["gen"])
    }
    // A subcommand's options are its own.
    #expect(throws: CommandLineError("unknown option --verbose (see generate --help)")) {
      try demo.parse(["generate", "1", "--verbose"])
    }
    #expect(throws: CommandLineError("missing N (see generate --help)")) { try demo.parse(["generate"]) }
    #expect(try demo.parse(["generate", "--help"]).helpText.hasPrefix("chat-demo generate — writes a transcript"))
  }

  @Test func negativeNumbersAreValues() throws {
    #expect(try spec.parse(["--ratio", "-3"]).string("--ratio") == "-3")
    #expect(try spec.parse(["-"]).positional("INPUT") == "-")
  }
}
