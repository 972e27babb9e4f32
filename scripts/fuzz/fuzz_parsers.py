#!/usr/bin/env python3
"""Coverage-guided fuzzing of the parsers of untrusted bytes, with libFuzzer from the Swift toolchain.

Each target in Tests/Fuzz/ is one `LLVMFuzzerTestOneInput`. This script compiles the pure modules a
target needs with `-sanitize=fuzzer,address` into .build/fuzz/ (never part of a normal build:
SwiftPM does not see these files), links each target, runs it for FUZZ_SECONDS on a corpus seeded
from the repository (Assets/, ../shared/real-stickers; the wire targets start empty), and prints one
row per target: executions, coverage edges, features, corpus size and crash files kept.

Usage: fuzz_parsers.py [--seconds N] [--only NAME,...]   (make fuzz-parsers FUZZ_SECONDS=N)
Exit status: 0 when no target left a crash, leak or timeout file; 1 otherwise.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, ".build", "fuzz")
FLAGS = ["-parse-as-library", "-sanitize=fuzzer,address", "-O", "-package-name", "ReuseKit", "-swift-version", "6"]

# Pure modules, in dependency order.
MODULES = ["ReuseKitSupport", "StickerWire", "Instrumentation", "AnimationRuntime", "TextEngine", "ChatModel"]

# name: (source, modules, seed globs, dictionary); EXTRA_SOURCES lists the app's own files a target is
# compiled with, in one module, when the parser it fuzzes is internal to its module.
TARGETS = {
    "json": ("FuzzJSON.swift", ["ReuseKitSupport"],
             ["Assets/Scenarios/*.json", "Assets/Transcripts/*.json", "Assets/Stickers/*.json",
              "../shared/real-stickers/**/*.json"], "json.dict"),
    "wire-request": ("FuzzWireRequest.swift", ["StickerWire"], ["scripts/fuzz/seeds/wire-request/*"], None),
    "wire-response": ("FuzzWireResponse.swift", ["StickerWire"], ["scripts/fuzz/seeds/wire-response/*"], None),
    # Modules a target links, dependents first (the order static libraries are searched in).
    "transcript": ("FuzzTranscript.swift", ["ChatModel", "TextEngine", "AnimationRuntime", "Instrumentation",
                                            "ReuseKitSupport"],
                   ["Assets/Transcripts/*.json", "Assets/Scenarios/typing-burst.json"], "json.dict"),
    "lottie": ("FuzzLottie.swift", ["StickerWire", "ReuseKitSupport"],
               ["Assets/Stickers/*.json", "../shared/real-stickers/**/*.json"], "json.dict"),
    "gif": ("FuzzGIF.swift", ["StickerWire", "ReuseKitSupport"],
            ["Assets/Stickers/*.gif", "../shared/real-stickers/**/*.gif"], None),
    "apng": ("FuzzAPNG.swift", ["StickerWire", "ReuseKitSupport"],
             ["Assets/Stickers/*.png", "../shared/real-stickers/**/*.png", "../shared/real-stickers/**/*.apng"],
             "png.dict"),
}
RASTER = ["Sources/Stickers/Players/" + name for name in (
    "RasterFrameSource.swift", "RasterCanvas.swift", "DecodeProgress.swift", "RGBAImage+Reduce.swift")]
FORMATS = "Sources/Stickers/Formats/"
EXTRA_SOURCES = {
    "lottie": [FORMATS + name for name in ("LottieDocument.swift", "LottieHeader.swift", "LottieKeyframes.swift",
                                           "LottieCostEstimate.swift", "UnsupportedFeatures.swift",
                                           "EmbeddedImage.swift", "PNGChunks.swift")],
    "gif": [FORMATS + "GIFStructure.swift"] + RASTER,
    "apng": [FORMATS + "APNGStructure.swift", FORMATS + "PNGChunks.swift"] + RASTER,
}


def run(command, **kwargs):
    result = subprocess.run(command, cwd=ROOT, **kwargs)
    if result.returncode != 0:
        sys.exit(f"fuzz-parsers: failed: {' '.join(command)}")
    return result


def build_module(name):
    sources = sorted(glob.glob(os.path.join(ROOT, "Sources", name, "**", "*.swift"), recursive=True))
    run(["swiftc", *FLAGS, "-module-name", name, "-I", OUT, "-emit-module", "-emit-module-path",
         os.path.join(OUT, f"{name}.swiftmodule"), "-emit-library", "-static", "-o",
         os.path.join(OUT, f"lib{name}.a"), *sources])


def build_target(name):
    source, modules, _, _ = TARGETS[name]
    binary = os.path.join(OUT, f"fuzz-{name}")
    links = ["-l" + module for module in modules]
    run(["swiftc", *FLAGS, "-module-name", "Fuzz" + re.sub(r"\W", "", name.title()), "-I", OUT, "-L", OUT,
         *links, os.path.join(ROOT, "Tests", "Fuzz", source),
         *[os.path.join(ROOT, extra) for extra in EXTRA_SOURCES.get(name, [])],
         # zlib, for the PNG chunks' CRC, through the package's own module map (Debian's zlib1g-dev).
         "-Xcc", "-fmodule-map-file=" + os.path.join(ROOT, "Sources", "CZlib", "module.modulemap"), "-lz",
         "-o", binary])
    return binary


def seed_corpus(name):
    corpus = os.path.join(OUT, "corpus", name)
    os.makedirs(corpus, exist_ok=True)
    for pattern in TARGETS[name][2]:
        for path in glob.glob(os.path.join(ROOT, pattern), recursive=True):
            if os.path.isfile(path) and os.path.getsize(path) <= 1 << 20:
                shutil.copy(path, os.path.join(corpus, "seed-" + os.path.basename(path)))
    return corpus


def fuzz(name, binary, seconds):
    corpus = seed_corpus(name)
    crashes = os.path.join(OUT, "crashes", name)
    os.makedirs(crashes, exist_ok=True)
    # Inputs up to 64 KiB: big seeds (a transcript, a Lottie file) are kept whole in the corpus, and
    # mutations of that size still reach every branch the parsers have.
    command = [binary, corpus, f"-max_total_time={seconds}", "-print_final_stats=1", "-rss_limit_mb=2048",
               "-timeout=10", "-max_len=65536", f"-artifact_prefix={crashes}/"]
    dictionary = TARGETS[name][3]
    if dictionary:
        command.append("-dict=" + os.path.join(ROOT, "scripts", "fuzz", dictionary))
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
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
    parser.add_argument("--seconds", type=int, default=int(os.environ.get("FUZZ_SECONDS", "60")))
    parser.add_argument("--only", default="")
    arguments = parser.parse_args()
    names = [n for n in TARGETS if not arguments.only or n in arguments.only.split(",")]
    os.makedirs(OUT, exist_ok=True)
    for module in MODULES:
        if any(module in TARGETS[n][1] for n in names):
            build_module(module)
    rows = [fuzz(name, build_target(name), arguments.seconds) for name in names]
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
