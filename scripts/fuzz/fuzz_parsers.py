#!/usr/bin/env python3
"""Coverage-guided fuzzing of the parsers of untrusted bytes, with libFuzzer from the Swift toolchain.

Each target in Tests/Fuzz/ is one `LLVMFuzzerTestOneInput`. This script builds the app's library
modules once with SwiftPM, instrumented for libFuzzer and AddressSanitizer, in release, with
`-enable-testing` so a target reaches internal parsers with `@testable import` (scratch path
.build/fuzz-spm: never part of a normal build, and SwiftPM's own targets do not see Tests/Fuzz). It
then compiles each target against those modules and links it with their objects, runs it for
FUZZ_SECONDS (or until FUZZ_RUNS executions, whichever first) on a corpus seeded from the repository
(Assets/, ../shared/real-stickers) or written by the target itself (`LLVMFuzzerInitialize` with
REUSEKIT_FUZZ_SEEDS set: the wire protocol's own messages, small chat stores), and prints one row per
target: executions, coverage edges, features, corpus size and crash files kept.

Usage: fuzz_parsers.py [--seconds N] [--runs N] [--only NAME,...] [--jobs N]
       (make fuzz-parsers FUZZ_SECONDS=N FUZZ_RUNS=N FUZZ_ONLY=NAME,... FUZZ_JOBS=N)
Exit status: 0 when no target left a crash, leak, timeout or out-of-memory file; 1 otherwise.
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, ".build", "fuzz")
SPM = os.path.join(ROOT, ".build", "fuzz-spm")
# One -sanitize option with both: swiftc keeps only the last of several, which would drop the coverage
# instrumentation libFuzzer is guided by.
SANITIZE = ["-Xswiftc", "-sanitize=fuzzer,address", "-Xcc", "-fsanitize=fuzzer-no-link,address"]
# The library whose dependencies hold every parser (the scenario parser is ChatDemoCore's own).
TOP = "ChatDemoCore"
# The system libraries those modules link (Debian's, found with pkg-config).
PKG_CONFIG = ["sdl2", "SDL2_ttf", "SDL2_image", "fontconfig", "x11", "rlottie", "zlib", "libzip", "libwebpdemux",
              "libwebp", "fribidi", "icu-uc", "sqlite3"]
# What every target shares (require, writeSeed, checkPlayer), compiled into each.
SUPPORT = os.path.join(ROOT, "Tests", "Fuzz", "Support", "FuzzSupport.swift")
STICKERS = ["../shared/real-stickers/**/*", "Assets/Stickers/*"]

# name: (source, seed globs, dictionary, max input length). A target with no seed globs writes its own.
TARGETS = {
    "json": ("FuzzJSON.swift", ["Assets/Scenarios/*.json", "Assets/Transcripts/*.json", "Assets/Stickers/*.json",
                                "../shared/real-stickers/**/*.json"], "json.dict", 65536),
    "scenario": ("FuzzScenario.swift", ["Assets/Scenarios/*.json"], "scenario.dict", 65536),
    "transcript": ("FuzzTranscript.swift", ["Assets/Transcripts/*.json", "Assets/Scenarios/typing-burst.json"],
                   "json.dict", 65536),
    "wire-request": ("FuzzWireRequest.swift", [], None, 65536),
    "wire-response": ("FuzzWireResponse.swift", [], None, 65536),
    "lottie": ("FuzzLottie.swift", ["Assets/Stickers/*.json", "../shared/real-stickers/**/*.json"], "json.dict",
               65536),
    "gzip": ("FuzzGzip.swift", ["../shared/real-stickers/**/*.tgs"], None, 65536),
    "dotlottie": ("FuzzDotLottie.swift", ["../shared/real-stickers/**/*.lottie"], "zip.dict", 65536),
    "gif": ("FuzzGIF.swift", ["Assets/Stickers/*.gif", "../shared/real-stickers/**/*.gif"], None, 65536),
    "apng": ("FuzzAPNG.swift", ["Assets/Stickers/*.png", "../shared/real-stickers/**/*.png",
                                "../shared/real-stickers/**/*.apng"], "png.dict", 65536),
    "webp": ("FuzzWebP.swift", ["Assets/Stickers/*.webp", "../shared/real-stickers/**/*.webp"], "webp.dict", 65536),
    "store": ("FuzzChatStore.swift", [], "sqlite.dict", 262144),
    "sticker": ("FuzzSticker.swift", STICKERS, None, 65536),
    "search": ("FuzzSearch.swift", [], None, 4096),
}


def run(command, **kwargs):
    result = subprocess.run(command, cwd=ROOT, **kwargs)
    if result.returncode != 0:
        for output in (result.stdout, result.stderr):
            if output:
                sys.stderr.write(output if isinstance(output, str) else output.decode(errors="replace"))
        sys.exit(f"fuzz-parsers: failed: {' '.join(command)}")
    return result


def build_modules():
    """Builds the instrumented modules; returns the flags a target compiles with and the objects it links."""
    run(["swift", "build", "-c", "release", "--scratch-path", SPM, *SANITIZE, "-Xswiftc", "-enable-testing",
         "--target", TOP])
    manifest = open(os.path.join(SPM, "release.yaml")).read()
    # The compile command SwiftPM ran for TOP holds the package name, module maps and include paths.
    command = re.search(r'args: \[("[^\]]*?"-module-name","%s"[^\]]*)\]' % TOP, manifest).group(1)
    arguments = [a.encode().decode("unicode_escape") for a in re.findall(r'"((?:[^"\\]|\\.)*)"', command)]
    flags = []
    for index, argument in enumerate(arguments):
        if argument == "-package-name":
            flags += arguments[index:index + 2]
        elif argument == "-Xcc" and index + 1 < len(arguments):
            flags += arguments[index:index + 2]
        elif argument.startswith("-I") and argument != "-I":
            flags.append(argument)
        elif argument == "-I":
            flags += arguments[index:index + 2]
    products = os.path.join(SPM, "release")
    modules = set(re.findall(r'"-fmodule-map-file=[^"]*?/([A-Za-z]+)\.build/module\.modulemap"', command))
    modules |= {os.path.basename(p)[:-len(".swiftmodule")] for p in glob.glob(os.path.join(products, "Modules",
                                                                                          "*.swiftmodule"))}
    objects = sorted(o for m in modules for o in glob.glob(os.path.join(products, f"{m}.build", "*.o")))
    libraries = run(["pkg-config", "--libs", *PKG_CONFIG], capture_output=True, text=True).stdout.split()
    return flags, objects, libraries


def build_target(name, flags, objects, libraries):
    binary = os.path.join(OUT, f"fuzz-{name}")
    run(["swiftc", "-parse-as-library", "-O", "-sanitize=fuzzer,address", "-swift-version", "6",
         "-module-name", "Fuzz" + re.sub(r"\W", "", name.title()), *flags,
         os.path.join(ROOT, "Tests", "Fuzz", TARGETS[name][0]), SUPPORT, *objects, *libraries, "-o", binary],
        # gold warns once per AddressSanitizer helper it cannot export: shown only when linking fails.
        capture_output=True, text=True)
    return binary


def seed_corpus(name, binary):
    corpus = os.path.join(OUT, "corpus", name)
    os.makedirs(corpus, exist_ok=True)
    patterns = TARGETS[name][1]
    if not patterns:
        # The target writes its seeds into a fresh folder (it never replaces a file); they join the corpus.
        seeds = os.path.join(OUT, "seeds", name)
        shutil.rmtree(seeds, ignore_errors=True)
        os.makedirs(seeds)
        # Writing seeds is not under test: what it leaves allocated at exit is not a finding.
        run([binary], env={**os.environ, "REUSEKIT_FUZZ_SEEDS": seeds, "ASAN_OPTIONS": "detect_leaks=0",
                           "SWIFT_BACKTRACE": "enable=no"}, capture_output=True)
        patterns = [os.path.relpath(os.path.join(seeds, "*"), ROOT)]
    for pattern in patterns:
        for path in glob.glob(os.path.join(ROOT, pattern), recursive=True):
            if os.path.isfile(path) and os.path.getsize(path) <= 1 << 20:
                shutil.copy(path, os.path.join(corpus, "seed-" + os.path.basename(path)))
    return corpus


def fuzz(name, binary, seconds, runs):
    corpus = seed_corpus(name, binary)
    crashes = os.path.join(OUT, "crashes", name)
    os.makedirs(crashes, exist_ok=True)
    # Inputs up to 64 KiB (256 KiB for a chat store, whose smallest files are tens of KiB): big seeds
    # are kept whole in the corpus, and mutations of that size still reach every branch the parsers have.
    command = [binary, corpus, f"-max_total_time={seconds}", "-print_final_stats=1", "-rss_limit_mb=2048",
               "-timeout=10", f"-max_len={TARGETS[name][3]}", f"-artifact_prefix={crashes}/"]
    if runs:
        command.append(f"-runs={runs}")
    dictionary = TARGETS[name][2]
    if dictionary:
        command.append("-dict=" + os.path.join(ROOT, "scripts", "fuzz", dictionary))
    # Swift's own backtracer would take over a trap (and can hang under AddressSanitizer): libFuzzer
    # reports it and keeps the input instead.
    environment = {**os.environ, "SWIFT_BACKTRACE": "enable=no"}
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=environment)
    log = result.stdout + result.stderr
    with open(os.path.join(OUT, f"{name}.log"), "w") as handle:
        handle.write(log)
    execs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", log)
    cov = re.findall(r"\bcov: (\d+) ft: (\d+)", log)
    found = [f for f in os.listdir(crashes) if re.match(r"(crash|leak|timeout|oom|slow-unit)-", f)]
    return {
        "target": name, "execs": int(execs[-1]) if execs else 0,
        "edges": int(cov[-1][0]) if cov else 0, "features": int(cov[-1][1]) if cov else 0,
        "corpus": len(os.listdir(corpus)), "findings": len(found), "status": result.returncode,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=int(os.environ.get("FUZZ_SECONDS") or "60"))
    parser.add_argument("--runs", type=int, default=int(os.environ.get("FUZZ_RUNS") or "0"))
    parser.add_argument("--only", default=os.environ.get("FUZZ_ONLY", ""))
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("FUZZ_JOBS") or "1"))
    arguments = parser.parse_args()
    names = [n for n in TARGETS if not arguments.only or n in arguments.only.split(",")]
    os.makedirs(OUT, exist_ok=True)
    flags, objects, libraries = build_modules()
    binaries = {name: build_target(name, flags, objects, libraries) for name in names}
    # Targets run one after another, or JOBS at a time (each is one process on one core).
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        rows = list(pool.map(lambda name: fuzz(name, binaries[name], arguments.seconds, arguments.runs), names))
    print(f"{'target':<16}{'execs':>12}{'edges':>8}{'features':>10}{'corpus':>8}{'findings':>10}")
    for row in rows:
        print(f"{row['target']:<16}{row['execs']:>12,}{row['edges']:>8}{row['features']:>10}{row['corpus']:>8}"
              f"{row['findings']:>10}")
    print(f"logs, corpora and findings: {OUT}/(<target>.log|corpus|crashes)")
    bad = [row["target"] for row in rows if row["findings"] or row["status"] != 0]
    print("fuzz-parsers: " + ("findings in " + ", ".join(bad) if bad else "OK"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
