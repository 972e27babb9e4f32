#!/usr/bin/env python3
"""Documentation coverage and DocC build for ReuseKit's public modules (what `make docs` runs).

Steps:
  1. `swift package dump-symbol-graph --minimum-access-level public` builds the package (debug, the
     usual `.build`, so nothing is rebuilt for it) and extracts one symbol graph per Swift module into
     `.build/<triple>/symbolgraph`. SwiftPM also tries the generated test-runner modules
     (`ReuseKitPackageTests`, `ReuseKitPackageDiscoveredTests`), which cannot be loaded and make it exit
     non-zero; those two errors are expected and ignored, any other error fails the run.
  2. Each checked module's graphs (`M.symbols.json`, and `M@Other.symbols.json` for its extensions of
     other modules' types) are copied to `.build/docs/symbol-graphs/M` and every public symbol in them
     is classified: documented (it has its own `///` comment), inherited, skipped, or undocumented.
  3. `docc convert` builds `Sources/M/M.docc` (`Demo/M/M.docc`) with those graphs into static HTML in
     `.build/docs/M` (hosting base path `M`, so `python3 -m http.server -d .build/docs` serves every
     module at `/M/documentation/m`). Its diagnostics (broken ``Symbol`` links, unresolved topics,
     parameter docs that do not match the signature) are counted from its diagnostics file.
  4. One line per module: symbols, undocumented, inherited, DocC warnings. The exit status is 1 when any
     module has an undocumented symbol or a DocC warning or error, 0 otherwise.

Rules (what counts; every public symbol in the module's graphs counts unless a rule below skips it):
  - Skipped, compiler-synthesized: symbols with no source location (the compiler made them: a
    `RawRepresentable` enum's `init(rawValue:)`, a synthesized `Codable` `init(from:)`/`encode(to:)`,
    `Equatable`'s `==`, `Hashable`'s `hash(into:)`), and symbols whose identifier carries
    `::SYNTHESIZED::` (members a type only gets from elsewhere: protocol extensions' default
    implementations, most from the standard library, and a superclass's members; they are declared,
    and checked, where they are written).
  - Inherited, counted as documented: a symbol that has no comment of its own but implements a protocol
    requirement or overrides a member that has one (the symbol graph carries that comment, and DocC,
    run with `--enable-inherited-docs`, shows it): e.g. `description` (`CustomStringConvertible`),
    `==`, a text view subclass's override, a delegate method declared by one of our protocols. A
    comment is the symbol's own when it is in the same file and ends at most 8 lines before the
    declaration with no other symbol declared in between; otherwise it was inherited.
  - Counted: enum cases, members of our extensions of other modules' types (`M@Swift.symbols.json`),
    initializers, subscripts, operators, associated types, type aliases, everything else public.
  - A comment that is only blank lines counts as no comment.
Nothing else is skipped: there is no allow-list.

Usage: scripts/doc-coverage.py [--no-extract] [--no-docc] [--list-inherited] [MODULE ...]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse

# Library products, what they export, and the demo's core (see Package.swift).
MODULES = [
    "ReuseKitSupport", "Instrumentation", "TextEngine", "AnimationRuntime", "ChatModel", "TextAnalysis",
    "SDLSupport", "Stickers", "ReuseKitSDL", "ChatKit", "ChatStore", "ChatDemoCore", "ReuseKit", "ReuseKitTesting",
    "ReuseKitATK", "StickerWire", "ScenarioVocabulary",
]
# The generated test-runner modules SwiftPM cannot extract (see step 1).
EXPECTED_EXTRACT_FAILURES = {"ReuseKitPackageTests", "ReuseKitPackageDiscoveredTests"}
OWN_COMMENT_MAX_GAP = 8

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS_DIR = os.path.join(ROOT, ".build", "docs")
SWIFT = os.environ.get("SWIFT", "swift")


def docc_path():
    """The toolchain's docc: $DOCC, next to `swift`, or /opt/swift."""
    if os.environ.get("DOCC"):
        return os.environ["DOCC"]
    swift = shutil.which(SWIFT)
    if swift:
        candidate = os.path.join(os.path.dirname(os.path.realpath(swift)), "docc")
        if os.path.exists(candidate):
            return candidate
    return "/opt/swift/usr/bin/docc"


def symbol_graph_dir():
    """`.build/<triple>/symbolgraph`, where SwiftPM writes the graphs."""
    build = os.path.join(ROOT, ".build")
    for entry in sorted(os.listdir(build)):
        candidate = os.path.join(build, entry, "symbolgraph")
        if os.path.isdir(candidate) and not os.path.islink(os.path.join(build, entry)):
            return candidate
    sys.exit("doc-coverage: no symbol graphs under .build/*/symbolgraph (run without --no-extract)")


def extract():
    """Step 1: build and dump every module's public symbol graph."""
    build = os.path.join(ROOT, ".build")
    if os.path.isdir(build):
        for entry in os.listdir(build):
            stale = os.path.join(build, entry, "symbolgraph")
            if os.path.isdir(stale) and not os.path.islink(os.path.join(build, entry)):
                shutil.rmtree(stale)
    result = subprocess.run(
        [SWIFT, "package", "dump-symbol-graph", "--minimum-access-level", "public"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    unexpected = [line for line in errors
                  if not any(f"'{name}'" in line for name in EXPECTED_EXTRACT_FAILURES)]
    if unexpected or (result.returncode != 0 and not errors):
        sys.stdout.write(result.stdout)
        sys.exit("doc-coverage: symbol graph extraction failed")


def comment_text(doc):
    return "\n".join(line.get("text", "") for line in (doc or {}).get("lines", []))


def load_module(graph_dir, module):
    """The module's symbol graph files and their symbols."""
    files = sorted(f for f in os.listdir(graph_dir)
                   if f == f"{module}.symbols.json" or f.startswith(f"{module}@"))
    if f"{module}.symbols.json" not in files:
        sys.exit(f"doc-coverage: no symbol graph for {module}")
    symbols = []
    for name in files:
        with open(os.path.join(graph_dir, name)) as handle:
            symbols.extend(json.load(handle)["symbols"])
    return files, symbols


def classify(symbols):
    """Step 2: (counted, undocumented, inherited, skipped) lists of symbols."""
    # Declaration lines per file, to tell a symbol's own comment from one above another declaration.
    lines_by_file = {}
    for symbol in symbols:
        location = symbol.get("location")
        if location:
            lines_by_file.setdefault(location["uri"], []).append(location["position"]["line"])
    counted, undocumented, inherited, skipped = [], [], [], []
    for symbol in symbols:
        location = symbol.get("location")
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or not location:
            skipped.append(symbol)
            continue
        counted.append(symbol)
        doc = symbol.get("docComment")
        if not comment_text(doc).strip():
            undocumented.append(symbol)
            continue
        line = location["position"]["line"]
        doc_lines = [entry["range"]["end"]["line"] for entry in doc["lines"] if "range" in entry]
        own = False
        if doc.get("uri") == location["uri"] and doc_lines:
            end = max(doc_lines)
            between = [other for other in lines_by_file[location["uri"]] if end < other < line]
            own = 0 < line - end <= OWN_COMMENT_MAX_GAP and not between
        if not own:
            inherited.append(symbol)
    return counted, undocumented, inherited, skipped


def describe(symbol):
    location = symbol["location"]
    path = urllib.parse.unquote(urllib.parse.urlparse(location["uri"]).path)
    path = os.path.relpath(path, ROOT)
    kind = symbol["kind"]["identifier"].removeprefix("swift.")
    name = ".".join(symbol["pathComponents"])
    return f"{path}:{location['position']['line'] + 1}: {kind} {name}"


def convert(module, graphs):
    """Step 3: DocC static HTML for one module; returns (warnings, errors, printed diagnostics)."""
    catalog = None
    for base in ("Sources", "Demo", "Tests"):
        candidate = os.path.join(ROOT, base, module, f"{module}.docc")
        if os.path.isdir(candidate):
            catalog = candidate
    if catalog is None:
        sys.exit(f"doc-coverage: {module} has no {module}.docc catalog")
    output = os.path.join(DOCS_DIR, module)
    diagnostics_file = os.path.join(DOCS_DIR, f"{module}.diagnostics.json")
    shutil.rmtree(output, ignore_errors=True)
    result = subprocess.run(
        [docc_path(), "convert", catalog, "--additional-symbol-graph-dir", graphs,
         "--output-path", output, "--transform-for-static-hosting", "--hosting-base-path", module,
         "--fallback-display-name", module, "--fallback-bundle-identifier", f"reusekit.{module}",
         "--enable-inherited-docs", "--diagnostics-file", diagnostics_file],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    warnings = errors = 0
    printed = []
    try:
        with open(diagnostics_file) as handle:
            diagnostics = json.load(handle).get("diagnostics", [])
    except (OSError, ValueError):
        diagnostics = None
    if diagnostics is None:
        # No diagnostics file: fall back to the console output.
        for line in result.stdout.splitlines():
            if re.search(r"\bwarning:", line):
                warnings += 1
                printed.append(line)
            elif re.search(r"\berror:", line):
                errors += 1
                printed.append(line)
    else:
        for diagnostic in diagnostics:
            severity = diagnostic.get("severity", "")
            if severity not in ("warning", "error"):
                continue
            if severity == "warning":
                warnings += 1
            else:
                errors += 1
            where = diagnostic.get("source", "") or ""
            where = urllib.parse.unquote(urllib.parse.urlparse(where).path) if where else module
            if where.startswith(ROOT + "/"):
                where = os.path.relpath(where, ROOT)
            start = (diagnostic.get("range") or {}).get("start") or {}
            if start:
                where += f":{start.get('line', 0)}:{start.get('column', 0)}"
            printed.append(f"{where}: {severity}: {diagnostic.get('summary', '')}")
    if result.returncode != 0 and errors == 0:
        errors += 1
        printed.append(f"{module}: error: docc convert exited with status {result.returncode}")
        printed.extend(result.stdout.splitlines()[-20:])
    return warnings, errors, printed


def main():
    parser = argparse.ArgumentParser(description="ReuseKit documentation coverage and DocC build.")
    parser.add_argument("modules", nargs="*", help=f"modules to check (default: {' '.join(MODULES)})")
    parser.add_argument("--no-extract", action="store_true", help="reuse the symbol graphs already in .build")
    parser.add_argument("--no-docc", action="store_true", help="check coverage only; do not run docc")
    parser.add_argument("--list-inherited", action="store_true", help="also list symbols with inherited docs")
    arguments = parser.parse_args()
    modules = arguments.modules or MODULES
    if not arguments.no_extract:
        extract()
    graph_dir = symbol_graph_dir()
    os.makedirs(DOCS_DIR, exist_ok=True)
    summary = []
    failed = False
    for module in modules:
        files, symbols = load_module(graph_dir, module)
        graphs = os.path.join(DOCS_DIR, "symbol-graphs", module)
        shutil.rmtree(graphs, ignore_errors=True)
        os.makedirs(graphs)
        for name in files:
            shutil.copy(os.path.join(graph_dir, name), graphs)
        counted, undocumented, inherited, skipped = classify(symbols)
        for symbol in sorted(undocumented, key=describe):
            print(f"{describe(symbol)}: undocumented public symbol")
        if arguments.list_inherited:
            for symbol in sorted(inherited, key=describe):
                print(f"{describe(symbol)}: inherits its documentation")
        warnings = errors = 0
        if not arguments.no_docc:
            warnings, errors, printed = convert(module, graphs)
            for line in printed:
                print(line)
        failed = failed or bool(undocumented) or warnings > 0 or errors > 0
        docc_figures = "" if arguments.no_docc else f", {warnings} warnings, {errors} errors"
        summary.append(f"docs: {module}: {len(counted)} symbols, {len(undocumented)} undocumented, "
                       f"{len(inherited)} inherited, {len(skipped)} synthesized skipped{docc_figures}")
    print("\n".join(summary))
    if not arguments.no_docc:
        print(f"docs: static HTML in {os.path.relpath(DOCS_DIR, ROOT)}/<Module>")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
