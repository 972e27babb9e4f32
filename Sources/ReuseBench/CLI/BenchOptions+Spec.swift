import CommandLineSupport

extension BenchOptions {
  /// `reuse-bench`'s command line: every option, and the figures its help describes.
  static let spec = CommandSpec(
    name: "reuse-bench",
    abstract: "ReuseKit's benchmark: figures P1–P14 on generated chat transcripts, and the store backend.",
    options: [
      .value(
        "--sizes", valueName: "N,N,...",
        help: """
          Transcript sizes in messages (default 1000,100000,1000000). Each size
          runs in its own process, so its peak memory (P8) is its own.
          """),
      .value(
        "--only", valueName: "NAME,...",
        help: """
          Run only these: P1 … P14, 'store', 'search' (the chat store's
          full-text search: first and newest 50 hits, next hit on the dummy
          driver and in a real X window, index build, size), and the
          size-independent tables
          'stickers' (sticker render cost per size, frame-cache memory; the real
          files of ../shared/real-stickers: first-frame latency, 128 px frame cost,
          P6 with 30 real stickers visible) and
          'textcache' (run textures vs glyph atlas). Default: all figures.
          """),
      .value("--json", valueName: "FILE", help: "Also write every measurement as JSON."),
      .value(
        "--store-size", valueName: "N",
        help: """
          Messages in the chat store of the store backend (default 10000000;
          2000 in a smoke run). 'store' in --only runs that backend alone;
          with figure names beside it (--only store,P14) the backend runs
          only its figures of those families (the per-size ones run too).
          """),
      .value("--samples", valueName: "N", help: "Timed samples per figure after warm-up (default 300)."),
      .value(
        "--soak-minutes", valueName: "M",
        help: "Simulated minutes of P11's soak, at the largest size only (default 30)."),
      .value(
        "--idle-seconds", valueName: "N", help: "Seconds each P13 mode is measured (default 10; 2 in a smoke run)."),
      .flag(
        "--smoke",
        help: """
          A quick check that the benchmark works: 1000 messages, few samples.
          Exits non-zero only if something broke, never for a missed goal.
          """),
      // What the parent passes to its children; not for people.
      .value("--single-size", valueName: "N", help: "Measure this one size (a child).", hidden: true),
      .value("--emit", valueName: "FILE", help: "Where a child writes its report.", hidden: true),
      .value(
        "--store-phase", valueName: "PHASE", help: "prepare, figures or search (a store child).", hidden: true),
      .value("--store-path", valueName: "FILE", help: "The store a store child opens.", hidden: true),
      .value("--idle-child", valueName: "MODE", help: "The P13 mode a child measures.", hidden: true),
      .value("--window-display", valueName: "DISPLAY", help: "The X display a child's window opens on.", hidden: true),
      .flag("--probe-renderer", help: "Find SDL's accelerated renderer and exit (a child).", hidden: true),
    ],
    sections: [
      .init("FIGURES (each at every size; median and p99 of the samples)", figures),
      .init(
        """
        P13 THE WINDOW AT REST (the real app and loop, 480x860, a child process per mode; CPU by
            getrusage, the sticker workers' from /proc): P13 on SDL's dummy video driver and software
            renderer, P13.window in a real X window on an Xvfb reuse-bench starts, with the renderer
            the app picks there (skipped with a note when Xvfb cannot start; so is P2.window, P2's
            scroll frames drawn and presented in that window)
        """, idle),
      .init("STORE BACKEND (ChatStore over SQLite, at --store-size; a child process per phase)", store),
      .init("BUILD", "  Build in release mode: debug numbers are meaningless, and a debug build says so loudly."),
    ])

  /// The `--help` text, generated from ``spec``.
  static var helpText: String { spec.helpText() }

  private static let figures = """
      P1  engine time per keystroke in a message holding 3 stickers, per policy set
          (none, edit, scroll, both), with providers created / views loaded per 100 keys
      P2  one scroll frame at 480x800 with 30+ animated stickers visible: engine time, and the
          whole frame drawn by the chat view with the software renderer
      P3  open a transcript and show its latest message: built from messages in memory, and
          (P3.file) loaded from a JSON file the way the demo opens one
      P12 keystroke to present: a key's SDL events through the app's router, the edit and its
          pass, the frame drawn by damage and presented (software renderer, 480x800), in the
          message holding 3 stickers; surfaces drawn per key. Under dbus-run-session also
          P12.a11y: the same with the accessibility bridge on and a client listening for a
          screen reader's events (python3 with pyatspi)
      P4  jump to a random message: the offset/y query, then the frame showing it
      P5  anchor drift in px over 1000 height corrections above the viewport
      P6  rendering every visible sticker for one frame; frame-cache memory
      P7  keystroke cost with both policies / with none (from P1)
      P8  peak resident memory of the process at that size
      P9  one long message: keystroke in 1 MB, scroll frame through 10 MB (+ RSS)
      P10 resident memory after 4,000 random jumps (each drawn), as a ratio of resident
          memory right after open; with retained fragments, and the live providers
          (they persist: every jump to new stickers adds some) and views
      P11 soak: simulated minutes of scrolling at 60 Hz (flings, reading, jumps; every 10th
          frame drawn); growth of resident memory after the first simulated minute
      P14 providers persist: a new view scrolled from the first message to the last
          and back, a viewport a pass (every 50th drawn), with no policy (P14.none) and both
          (P14.both), and through as many messages without stickers (P14.control): RSS after;
          providers created, distinct stickers seen, live providers and views, RSS and heap
          in use (malloc_info) before and after, bytes per live provider (RSS growth, heap
          growth, and heap growth less the shared frame cache's and the control's). A
          provider beyond the stickers seen, or one discarded, fails the run. Runs last,
          after P8 is read.
    """

  private static let idle = """
      P13.still     50 text messages, the palette paused: nothing animates
      P13.palette   the same with the palette's 8 thumbnails animating
      P13.palette2x the same at 2× (--scale 2: a 960×1720 pixel window)
      P13.stickers  30 or more stickers animating on screen, the palette paused
      P13.hidden    the stickers' transcript in a hidden window (0 frames is the goal)
    """

  private static let store = """
      store.generate  write the benchmark transcript straight into a store (messages/s)
      store.import    import a 1,000,000-message JSON transcript into a store (messages/s)
      store.source    open the store and read the block table and the latest paragraph
      P14.store.*     P14 on the store: the last 1,000,000 messages (all of a smaller store)
                      scrolled down and back, no policy and both; RSS after (goal < 200 MiB
                      at 10M), the same counts; P8.store reports live providers too
      search.*        the store searched: first and newest 50 hits, the hits counted,
                      search.next (Enter to the frame presented, dummy driver) and
                      search.next.window (the same in a real X window on an Xvfb
                      reuse-bench starts, the renderer the app picks; skipped with a note
                      when Xvfb cannot start), the index build and the store's growth
    """
}
