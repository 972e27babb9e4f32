import CommandLineSupport

extension DemoCommand {
  /// `chat-demo`'s command line: every flag (the test hooks hidden from `--help`), the usage of each
  /// way to run it, and the help's sections on chat stores, stickers, exit status and keys.
  static let spec = CommandSpec(
    name: "chat-demo",
    abstract: """
      a messenger on ReuseKit: TextKit 2's architecture on SDL2, with animated stickers
      whose view providers survive edits and scrolling.
      """,
    usage: usage,
    options: [
      .value("--history", valueName: "HISTORY.sqlite", help: "Open the window on a chat store (see CHAT STORES)."),
      .value(
        "--transcript", valueName: "FILE",
        help: "Open the window on a JSON transcript\n(default Assets/Transcripts/sample.json)."),
      .value("--quit-after", valueName: "SECONDS", help: "Close the window after this many whole seconds."),
      .value("--stickers", valueName: "DIR", help: "Add every sticker file in DIR (see STICKERS)."),
      .flag("--pause-unfocused", help: "Stop stickers animating while the window lacks the keyboard focus."),
      .flag(
        "--reduce-motion",
        help: "Show every sticker's first frame only (default: the desktop's\nsetting, GNOME's enable-animations)."),
      .flag("--no-prefetch", help: "Decode no sticker frames ahead of a scroll or fling."),
      .value(
        "--renderer", valueName: "auto|software|opengl|opengles2",
        help:
          "The window's renderer (default auto: the software renderer\nwhere OpenGL is emulated on the CPU or fails)."),
      .value(
        "--scale", valueName: "FACTOR",
        help:
          "Pixels per point, 0.5 to 4 (default: GDK_SCALE, the Wayland\noutput's scale, or Xft.dpi / 96 on X11)."),
      .flag("--headless", help: "Run a scenario offscreen (SDL's software renderer)."),
      .value("--scenario", valueName: "FILE", help: "The scenario a headless run plays."),
      .value(
        "--policy", valueName: "none|edit|scroll|both", help: "Override the scenario's reuse policies (default both)."
      ),
      .value("--report", valueName: "FILE", help: "Write the headless run's JSON report."),
      .value("--screenshots", valueName: "DIR", help: "Write the headless run's screenshots (DIR is created)."),
      .flag("--matrix", help: "Run the policies none, edit, scroll and both, and print a table."),
      .value(
        "--trace", valueName: "FILE",
        help:
          "Write the chat view's reuse as a Chrome trace (open it in Perfetto;\nwith --matrix, a process per policy set)."
      ),
      .value(
        "--html", valueName: "FILE",
        help: "With --matrix: write a self-contained HTML report (counters,\ntimelines, the scroll cache's trade-off)."),
      .value(
        "--generate", valueName: "N",
        help: "Write a deterministic transcript of N messages (1 to \(maximumGeneratedMessages))."),
      .value("--seed", valueName: "S", help: "The generated transcript's seed (default 1)."),
      .value("--sticker-every", valueName: "K", help: "Every K-th generated message holds a sticker (default 3)."),
      .value(
        "--sticker-only-every", valueName: "J",
        help: "Every J-th sticker message is a sticker alone (default 0: never)."),
      .value(
        "--out", valueName: "FILE",
        help: "Where --generate, --import and --export write\n(a .sqlite, .sqlite3 or .db FILE is a chat store)."),
      .value("--import", valueName: "TRANSCRIPT.json", help: "Write a new chat store (--out) holding a transcript."),
      .value("--export", valueName: "HISTORY.sqlite", help: "Write a chat store's messages as a transcript (--out)."),
      .value(
        "--search", valueName: "QUERY", help: "Print the hits of QUERY in a chat store (--history), a JSON line each."),
      .value("--limit", valueName: "N", help: "The most hits --search prints (default \(defaultSearchLimit))."),
      // The test hooks: what the tests run, not people.
      .value(
        "--save-loop", valueName: "FILE", help: "Save two transcripts over FILE in turn (a test hook).", hidden: true),
      .value("--save-count", valueName: "K", help: "Saves --save-loop makes before it stops.", hidden: true),
      .value(
        "--store-edit-loop", valueName: "FILE", help: "Edit a chat store in transactions until killed (a test hook).",
        hidden: true),
      .value(
        "--store-upgrade", valueName: "FILE", help: "Open a chat store for writing, upgrading it (a test hook).",
        hidden: true),
      .value(
        "--upgrade-chunk", valueName: "N", help: "Messages --store-upgrade indexes per transaction.", hidden: true),
      .flag("--probe-renderer", help: "Print what OpenGL renderer this display has (a child process).", hidden: true),
      .value(
        "--accessibility-serve", valueName: "SCENARIO",
        help: "Serve a scenario's accessibility tree on the bus, driven from standard input (a test hook).",
        hidden: true),
    ],
    sections: [
      .init("CHAT STORES (SQLite histories)", chatStores),
      .init("STICKERS", stickers),
      .init("EXIT STATUS", exitStatus),
      .init("KEYS (window)", keys),
    ])

  /// The `--help` text, generated from ``spec``.
  static var helpText: String { spec.helpText() }

  /// Each way to run the demo, then what it does (the help prefixes the program's name).
  private static let usage = [
    """
    --history HISTORY.sqlite [--quit-after SECONDS] [--stickers DIR] [--pause-unfocused] [--renderer R] [--scale F]
                    [--reduce-motion] [--no-prefetch] [--trace FILE]
          Opens the window on a chat store (a SQLite history, see CHAT STORES): only the messages
          on screen are read, and every edit is saved into the store as it happens (Ctrl+S has
          nothing left to do). Needs a display.
    """,
    """
    [--transcript FILE] [--quit-after SECONDS] [--stickers DIR] [--pause-unfocused] [--renderer R] [--scale F]
                    [--reduce-motion] [--no-prefetch] [--trace FILE]
          Opens the window when a display exists (default transcript: Assets/Transcripts/sample.json;
          Ctrl+S saves it atomically in the background, and a file that failed to load is never
          overwritten — the save goes to a new FILE.recovered-N.json). Without a display, runs the
          default scenario headless, prints the policy matrix and says where it wrote the screenshots.
    """,
    """
    --headless --scenario FILE [--policy none|edit|scroll|both] [--report FILE]
                    [--screenshots DIR] [--matrix] [--stickers DIR] [--reduce-motion] [--no-prefetch]
                    [--trace FILE] [--html FILE]
          Runs a scenario offscreen (SDL software renderer). --policy overrides the scenario's
          policies (default: both). --matrix runs none, edit, scroll and both and prints a table
          (also written as JSON to --report); in matrix mode failed expectations do not change
          the exit status. --trace writes the chat view's reuse in the Chrome Trace Event Format
          (open it at ui.perfetto.dev): a track per attachment occurrence, a process per policy
          set with --matrix. --html (with --matrix) writes one self-contained page: the counters
          side by side, every occurrence's timeline per policy set, and the scroll policy's
          trade-off at cache bounds 0, 8, 16, 32, 64 and unbounded (six more runs).
    """,
    """
    --generate N [--seed S] [--sticker-every K] [--sticker-only-every J] [--out FILE]
          Writes a deterministic transcript of N messages (at most \(maximumGeneratedMessages)) as JSON (stdout
          without --out), as the messages are made, in flat memory: every K-th message holds a sticker
          (default 3), every J-th of those is a sticker alone (default never). --out replaces only a
          regular file (a symbolic link is followed), atomically. When FILE ends in .sqlite, .sqlite3
          or .db, writes a chat store instead, with its full-text index (1,000,000 messages in about
          5 s, 10,000,000 in about a minute on two cores, half of it the index; a progress line); a
          store is never written over an existing file.
    """,
  ]

  private static let chatStores = """
      chat-demo --import TRANSCRIPT.json --out HISTORY.sqlite
          Writes a new chat store holding the transcript's messages (HISTORY must not exist).
      chat-demo --export HISTORY.sqlite --out TRANSCRIPT.json
          Writes the store's messages as a JSON transcript (atomically, like a save). The store is
          opened read-only.
      chat-demo --history HISTORY.sqlite --search QUERY [--limit N]
          Prints the first N hits of QUERY (default \(defaultSearchLimit)) in document order, one JSON line
          each: {"length":L,"offset":O,"paragraph":P,"text":"…"}, P the paragraph's index (day
          separators counted, as the window counts paragraphs), O and L the hit's UTF-16 offset and
          length in the message's text (a sticker is one U+FFFC). Case and Latin accents are
          ignored; words match whole, the last one as a prefix; Chinese, Japanese, Korean and Thai
          match anywhere. No hits: no lines, exit 0. A query without a letter or digit: exit 2. The
          store is opened read-only (a store of schema version 3 or older is scanned).
      A file that is not a chat store, is missing or (to open for editing) read-only gets a clear
      error and is never written to. A scenario's "transcript": {"history": "HISTORY.sqlite"} runs
      on a store headless (its edits are saved into it).
    """

  private static let stickers = """
      --stickers DIR adds every sticker file in DIR (Lottie .json, Telegram .tgs, dotLottie .lottie,
      GIF, WebP, PNG/APNG; the format is read from the bytes) to the library and the palette, named
      after the file without its extension. An optional DIR/manifest.json renames entries or cuts
      PNG strips: {"stickers": [{"file": "a.png", "name": "hop", "frameCount": 8, "frameRate": 12}]}.
      A bad file becomes one placeholder sticker with its error; duplicate names keep the first
      and warn. The palette shows 9 at a time; Ctrl+0 turns to its next page.
      --pause-unfocused stops stickers animating while the window lacks the keyboard focus (by
      default they go on, as in messengers). A hidden or minimized window draws nothing either way,
      and decodes no sticker frame. --reduce-motion shows every sticker's first frame only (without
      it the window follows the desktop: GNOME's org.gnome.desktop.interface enable-animations).
      Stickers ahead of a scroll or fling (Shift+Page Up / Down) have their first frames decoded in
      each frame's spare time; --no-prefetch turns that off.
      With --report, the report's "stickers" list gives each one's kind, status, reason and warnings.
    """

  private static let exitStatus = """
      0  every expectation held     1  an expectation failed
      2  bad input: unknown op, message out of range, unknown sticker, malformed JSON, bad flag
    """

  private static let keys = """
      Enter send · Shift+Enter line break · Ctrl+1…9 insert sticker · Ctrl+0 next sticker page
      Ctrl+Z / Ctrl+Shift+Z undo/redo
      Ctrl+X/C/V clipboard · Ctrl+S save · F1 HUD · F2 toggle onEditingInlineParagraphs
      F3 toggle onScrollingOutOfViewport · F4 flash stickers whose animation was reset
      F5 split: two views of one transcript · F6 editor scene with line numbers
      click a day separator: collapse / expand the day · Esc stop editing a message · Ctrl+Q quit
    """
}
