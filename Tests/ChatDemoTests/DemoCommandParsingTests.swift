import CommandLineSupport
import Foundation
import Testing
import TextEngine

@testable import ChatDemo

/// `chat-demo`'s command line as `CommandLineSupport` reads it: the generated help, the hidden test
/// hooks, and the messages of usage errors.
@Suite struct DemoCommandParsingTests {
  /// The flags people use, each of which the help lists with its value's name.
  static let publicFlags = [
    "--history HISTORY.sqlite", "--transcript FILE", "--quit-after SECONDS", "--stickers DIR", "--pause-unfocused",
    "--reduce-motion", "--no-prefetch",
    "--renderer auto|software|opengl|opengles2", "--scale FACTOR", "--headless", "--scenario FILE",
    "--policy none|edit|scroll|both",
    "--report FILE", "--screenshots DIR",
    "--matrix", "--trace FILE", "--html FILE",
    "--generate N", "--seed S", "--sticker-every K", "--sticker-only-every J", "--out FILE",
    "--import TRANSCRIPT.json", "--export HISTORY.sqlite", "--search QUERY", "--limit N", "-h, --help",
  ]
  /// The test hooks, which the help leaves out.
  static let hiddenFlags = [
    "--save-loop", "--save-count", "--store-edit-loop", "--accessibility-serve", "--probe-renderer", "--store-upgrade",
    "--upgrade-chunk",
  ]

  /// The options section of the generated help.
  static func optionsSection() throws -> Substring {
    let help = DemoCommand.helpText
    let start = try #require(help.range(of: "\nOPTIONS\n"))
    let end = try #require(help.range(of: "\n\n", range: start.upperBound..<help.endIndex))
    return help[start.upperBound..<end.lowerBound]
  }

  @Test func theHelpListsEveryPublicFlag() throws {
    let options = try Self.optionsSection()
    for flag in Self.publicFlags {
      #expect(options.contains("  \(flag)  "), "the help's options do not list \(flag)")
    }
    let listed = options.split(separator: "\n").filter { $0.hasPrefix("  -") }
    #expect(listed.count == Self.publicFlags.count, "\(options)")
  }

  @Test func theHelpHidesTheTestHooksThatStillParse() throws {
    for flag in Self.hiddenFlags {
      #expect(!DemoCommand.helpText.contains(flag), "the help shows \(flag)")
    }
    #expect(
      try DemoCommand.parse(["--save-loop", "s.json", "--generate", "20", "--save-count", "3"])
        == .saveLoop(output: URL(fileURLWithPath: "s.json"), messages: 20, count: 3))
    #expect(
      try DemoCommand.parse(["--store-edit-loop", "h.sqlite", "--seed", "7"])
        == .storeEditLoop(store: URL(fileURLWithPath: "h.sqlite"), tag: 7))
    #expect(
      try DemoCommand.parse(["--accessibility-serve", "serve.json"])
        == .accessibilityServe(scenario: URL(fileURLWithPath: "serve.json")))
  }

  @Test func theHelpKeepsItsUsageAndSections() {
    let help = DemoCommand.helpText
    for text in [
      "USAGE\n  chat-demo --history HISTORY.sqlite", "  chat-demo --headless --scenario FILE",
      "  chat-demo --generate N [--seed S]", "at most 100000000", "CHAT STORES (SQLite histories)\n",
      "  chat-demo --import TRANSCRIPT.json --out HISTORY.sqlite", "STICKERS\n", "manifest.json",
      "EXIT STATUS\n", "2  bad input", "KEYS (window)\n", "Ctrl+Q quit",
    ] {
      #expect(help.contains(text), "the help lacks \(text)")
    }
  }

  @Test func flagsAndValuesParseAsBefore() throws {
    let headless = try DemoCommand.parse([
      "--headless", "--scenario", "s.json", "--policy", "edit", "--report=r.json", "--screenshots", "shots", "--matrix",
    ])
    #expect(
      headless
        == .headless(
          .init(
            scenario: URL(fileURLWithPath: "s.json"), policy: .onEditingInlineParagraphs,
            report: URL(fileURLWithPath: "r.json"), screenshots: URL(fileURLWithPath: "shots"), matrix: true)))
    #expect(
      try DemoCommand.parse(["--generate", "1_000", "--seed", "9", "--sticker-every", "4", "--sticker-only-every", "2"])
        == .generate(messages: 1_000, seed: 9, stickerEvery: 4, stickerOnlyEvery: 2, output: nil))
    #expect(
      try DemoCommand.parse(["--transcript", "t.json", "--quit-after", "3", "--pause-unfocused"])
        == .interactive(
          transcript: URL(fileURLWithPath: "t.json"), quitAfter: 3, stickers: nil, pausesUnfocused: true))
    #expect(
      try DemoCommand.parse(["--scale", "1.5"])
        == .interactive(transcript: nil, quitAfter: nil, stickers: nil, scale: 1.5))
    #expect(
      try DemoCommand.parse(["--history", "h.sqlite", "--scale=2"])
        == .history(store: URL(fileURLWithPath: "h.sqlite"), quitAfter: nil, stickers: nil, scale: 2))
    #expect(try DemoCommand.parse(["-h"]) == .help)
    #expect(try DemoCommand.parse([]) == .interactive(transcript: nil, quitAfter: nil, stickers: nil))
  }

  @Test(arguments: [
    (["--frobnicate"], "unknown option --frobnicate (see --help)"),
    (["--scenario"], "--scenario needs a value"),
    (["--generate", "0"], "--generate: '0' is not a number of messages from 1 to 100000000"),
    (["--generate", "100000001"], "--generate: '100000001' is not a number of messages from 1 to 100000000"),
    (["--policy", "always"], "--policy: 'always' is not none, edit, scroll or both"),
    (["--quit-after", "-1"], "--quit-after: '-1' is not a whole number from 0"),
    (["--matrix"], "--scenario, --matrix, --report and --html need --headless"),
    (["--headless", "--scenario", "s.json", "--html", "r.html"], "--html needs --matrix"),
    (["--import", "a.json"], "--import needs --out HISTORY.sqlite"),
    (["--export", "b.sqlite"], "--export needs --out TRANSCRIPT.json"),
    (["--import", "a.json", "--export", "b.sqlite", "--out", "c"], "--import and --export exclude each other"),
    (["--history", "h.sqlite", "--transcript", "t.json"], "--history and --transcript exclude each other"),
    (["--headless", "extra"], "unexpected argument 'extra'"),
    (["--search", "hello"], "--search needs --history HISTORY.sqlite"),
    (
      ["--history", "h.sqlite", "--search", " !? "],
      "bad --search query: the query \" !? \" has no letter or digit to search for"
    ),
    (
      ["--history", "h.sqlite", "--search", ""],
      "bad --search query: the query \"\" has no letter or digit to search for"
    ),
    (["--history", "h.sqlite", "--search", "a", "--limit", "0"], "--limit: '0' is not a number of hits from 1"),
    (["--history", "h.sqlite", "--limit", "3"], "--limit needs --search QUERY"),
    (["--matrix=yes"], "--matrix takes no value"),
    (["--scale", "5"], "--scale: '5' is not a number from 0.5 to 4, such as 1, 1.5 or 2"),
    (["--scale", "two"], "--scale: 'two' is not a number from 0.5 to 4, such as 1, 1.5 or 2"),
  ])
  func usageErrorsSayWhatIsWrong(arguments: [String], message: String) {
    let error = #expect(throws: CommandLineError.self) { try DemoCommand.parse(arguments) }
    #expect(error?.message == message)
    #expect(CommandLineError.exitStatus == 2)
  }
}
