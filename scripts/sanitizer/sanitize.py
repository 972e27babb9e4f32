#!/usr/bin/env python3
"""Every suite under AddressSanitizer (with LeakSanitizer) and then ThreadSanitizer (`make sanitize`).

For each sanitizer, in its own scratch folder:
  1. builds the package and its tests (`swift build --build-tests --sanitize=S -Xswiftc -DREUSEKIT_SANITIZED`),
  2. runs the whole `swift test` suite,
  3. builds and runs the consumer package's tests (Tests/ConsumerPackage, ReuseKit used from its products),
  4. runs the accessibility client (Tests/Accessibility/a11y_client.py) against the instrumented chat-demo.
REUSEKIT_SANITIZED is the compilation condition under which the sticker worker's sandbox and the app
that starts it make room for the sanitizer's runtime (StickerSandbox, WorkerProcess+Sanitizer.swift);
no other build defines it. Each part's output is kept in .build/<scratch>/<part>.txt; a report is any
"ERROR: AddressSanitizer", "ERROR: LeakSanitizer" or "WARNING: ThreadSanitizer" line in it (the
worker's reports reach the app's standard error in these builds).

Usage: sanitize.py [--only address|thread] [--parts swift-test,consumer,accessibility]
Exit status: 0 when every part passed with no report; 1 otherwise.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT = os.environ.get("SWIFT", "swift")
SUPPRESSIONS = os.path.join(ROOT, "scripts", "sanitizer")
REPORT = re.compile(r"ERROR: AddressSanitizer|ERROR: LeakSanitizer|WARNING: ThreadSanitizer")
# Tests render offscreen: SDL never needs a display for them.
TEST_ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

SANITIZERS = {
    # The test process and chat-demo: leaks are checked at exit, the first memory error ends the run.
    "address": ("asan", {
        "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0",
        "LSAN_OPTIONS": f"suppressions={SUPPRESSIONS}/lsan.supp:print_suppressions=0",
        "REUSEKIT_SANITIZER": "address",
    }),
    # Every race is reported (not only the first), and the process then exits with status 66.
    "thread": ("tsan", {
        "TSAN_OPTIONS": f"suppressions={SUPPRESSIONS}/tsan.supp:halt_on_error=0",
        "REUSEKIT_SANITIZER": "thread",
    }),
}
PARTS = ["swift-test", "consumer", "accessibility"]


class Part:
    """One row of the summary: a suite run under one sanitizer."""

    def __init__(self, sanitizer, suite):
        self.sanitizer, self.suite = sanitizer, suite
        self.passed = self.failed = self.reports = 0
        self.build_seconds = self.run_seconds = 0.0
        self.note = ""

    @property
    def ok(self):
        return self.failed == 0 and self.reports == 0 and not self.note


def run_logged(command, log, env=None, cwd=ROOT):
    """Runs `command`, its output both shown and kept in `log`; returns (status, output, seconds)."""
    start = time.monotonic()
    print(f"sanitize: $ {' '.join(command)}", flush=True)
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for line in iter(process.stdout.readline, b""):
            sys.stdout.buffer.write(line)
            sys.stdout.flush()
            out.write(line.decode("utf-8", "replace"))
        status = process.wait()
    with open(log, encoding="utf-8", errors="replace") as text:
        return status, text.read(), time.monotonic() - start


def count_swift_tests(part, status, output):
    """Reads `swift test`'s closing line and its failed tests into `part`."""
    ran = re.findall(r"Test run with (\d+) tests? in \d+ suites? (passed|failed)", output)
    failed = {name for name in re.findall(r"^✘ Test (.+) failed after", output, re.M) if not name.startswith("run with")}
    total = int(ran[-1][0]) if ran else 0
    part.failed = len(failed)
    part.passed = max(0, total - part.failed)
    if not ran:
        part.note = f"no closing line (status {status})"
    elif status != 0 and part.failed == 0:
        part.note = f"status {status}"
        part.failed = 1


def build(sanitizer, scratch, log, package=None):
    command = [SWIFT, "build", "--build-tests", f"--sanitize={sanitizer}", "--scratch-path", scratch,
               "-Xswiftc", "-DREUSEKIT_SANITIZED"]
    if package:
        command[2:2] = ["--package-path", package]
    return run_logged(command, log)


def run_sanitizer(sanitizer, parts):
    folder, options = SANITIZERS[sanitizer]
    scratch = os.path.join(ROOT, ".build", folder)
    os.makedirs(scratch, exist_ok=True)
    env = dict(os.environ, **TEST_ENV, **options)
    rows = []

    suite = Part(sanitizer, "swift test")
    status, _, suite.build_seconds = build(sanitizer, scratch, os.path.join(scratch, "build.txt"))
    if status != 0:
        suite.note = "build failed"
        return [suite]
    if "swift-test" in parts:
        command = [SWIFT, "test", "--skip-build", "--disable-xctest", f"--sanitize={sanitizer}",
                   "--scratch-path", scratch]
        status, output, suite.run_seconds = run_logged(command, os.path.join(scratch, "swift-test.txt"), env)
        count_swift_tests(suite, status, output)
        suite.reports = len(REPORT.findall(output))
        rows.append(suite)

    if "consumer" in parts:
        consumer = Part(sanitizer, "consumer package")
        consumer_scratch = os.path.join(ROOT, ".build", f"consumer-{folder}")
        os.makedirs(consumer_scratch, exist_ok=True)
        package = os.path.join(ROOT, "Tests", "ConsumerPackage")
        status, _, consumer.build_seconds = build(
            sanitizer, consumer_scratch, os.path.join(consumer_scratch, "build.txt"), package)
        if status != 0:
            consumer.note = "build failed"
        else:
            command = [SWIFT, "test", "--package-path", package, "--skip-build", "--disable-xctest",
                       f"--sanitize={sanitizer}", "--scratch-path", consumer_scratch]
            status, output, consumer.run_seconds = run_logged(
                command, os.path.join(consumer_scratch, "test.txt"), env)
            count_swift_tests(consumer, status, output)
            consumer.reports = len(REPORT.findall(output))
        rows.append(consumer)

    if "accessibility" in parts:
        client = Part(sanitizer, "accessibility client")
        binary_path = subprocess.run([SWIFT, "build", "--show-bin-path", f"--sanitize={sanitizer}",
                                      "--scratch-path", scratch], cwd=ROOT, capture_output=True, text=True)
        chat_demo = os.path.join(binary_path.stdout.strip(), "chat-demo")
        command = ["dbus-run-session", "--", "/usr/bin/python3", "Tests/Accessibility/a11y_client.py", chat_demo,
                   "Tests/Accessibility"]
        status, output, client.run_seconds = run_logged(
            command, os.path.join(scratch, "accessibility.txt"), dict(env, NO_AT_BRIDGE="0"))
        checks = re.findall(r"accessibility: (\d+) checks passed", output)
        client.passed = int(checks[-1]) if checks else 0
        client.failed = 0 if status == 0 and checks else 1
        client.reports = len(REPORT.findall(output))
        rows.append(client)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", choices=sorted(SANITIZERS), help="one sanitizer instead of both")
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated subset of " + ",".join(PARTS))
    arguments = parser.parse_args()
    parts = arguments.parts.split(",")
    rows = []
    for sanitizer in [arguments.only] if arguments.only else ["address", "thread"]:
        rows += run_sanitizer(sanitizer, parts)

    print("\nsanitize: summary (accessibility counts the client's checks)")
    print(f"{'sanitizer':<10} {'suite':<22} {'passed':>7} {'failed':>7} {'reports':>8} {'build s':>8} {'run s':>7}")
    for row in rows:
        note = f"  {row.note}" if row.note else ""
        print(f"{row.sanitizer:<10} {row.suite:<22} {row.passed:>7} {row.failed:>7} {row.reports:>8} "
              f"{row.build_seconds:>8.0f} {row.run_seconds:>7.0f}{note}")
    failed = sum(row.failed + (1 if row.note and not row.failed else 0) for row in rows)
    reports = sum(row.reports for row in rows)
    print(f"sanitize: {reports} sanitizer reports")
    print(f"sanitize: {sum(row.passed for row in rows)} passed, {failed} failed")
    return 0 if all(row.ok for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
