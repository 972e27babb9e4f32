#!/usr/bin/env python3
"""The report check: runs chat-demo's trace and HTML report outputs, validates the traces, and opens
the HTML report in headless Chromium to check its DOM, that it loads nothing from the network, and
that it renders (a screenshot).

    report_test.py BIN OUTDIR

BIN is chat-demo; the scenarios are read from Assets/Scenarios (chat-demo runs with the repository
root as its working directory); everything is written under OUTDIR (the screenshot is
OUTDIR/report.png). Exit status 0 when every check passes, 1 otherwise. `make report-test` runs it
with SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy.

Checks:
- typing-burst: `--matrix --html --report --trace` runs (exit 0, or 1 when an expectation failed in a
  row, which is printed: the checks below decide); its trace is valid and has as many
  `animation reset` instants per policy set as the report JSON's animationResets (processes are
  matched by their `policy P` names);
- every shipped scenario: `--matrix --trace --report` gives a valid trace with those reset counts;
- the typing-burst report, as Chromium's DOM (--dump-dom): the Content-Security-Policy meta tag, the
  counters table against the report JSON, each policy set's timeline (occurrence rows against
  data-occurrences and the trace's attachment tracks, reset marks against the report JSON and the
  trace, a <title> on every bar and mark, one ruler line per scenario step), the trade-off charts'
  six cache bounds (report_dom.py has the contract);
- the raw file: under 5 MB, no <script src>, stylesheet link, network image or url(http...);
- Chromium's NetLog while it loads the report and takes the screenshot: no request, name lookup or
  connection the same Chromium does not also make for an empty local page (netlog_check.py explains
  why a baseline is needed);
- history-3000 (3,000 messages, flung up and back): its report is under 5 MB and its reset marks (aggregated when there
  are many occurrences) still sum to each policy set's animationResets, with the rest of the
  contract checked on the file itself.
"""

import json
import os
import signal
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import netlog_check  # noqa: E402
import report_dom  # noqa: E402
import validate_trace  # noqa: E402

REPO_ROOT = HERE.parent.parent
SCENARIOS = REPO_ROOT / "Assets" / "Scenarios"
FULL_SCENARIO = "typing-burst"
LARGE_SCENARIO = "history-3000"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_TIMEOUT = 120
# Seconds one chat-demo run may take (the 3,000-message history-3000 matrix is the longest).
RUN_TIMEOUT = int(os.environ.get("REPORT_TEST_RUN_TIMEOUT", "1800"))
# --no-sandbox: Chromium's sandbox cannot start as root (CI containers run as root).
CHROMIUM_FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-default-apps", "--disable-sync", "--metrics-recording-only",
]
SCREENSHOT_SIZE = (1400, 2400)
BASELINE_HTML = ('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>baseline</title></head>'
                 "<body></body></html>\n")


class Results:
    """The checks made: one row each for the summary, and the failures."""

    def __init__(self):
        self.rows = []
        self.failures = []
        self.notes = []

    def check(self, name, problems, detail=""):
        problems = list(problems)
        self.rows.append((name, "FAIL", f"{len(problems)} problem(s)") if problems else (name, "ok", detail))
        self.failures += validate_trace.format_problems(problems, prefix=f"{name}: ")
        return not problems

    def fail(self, name, message):
        return self.check(name, [message])


def run_demo(binary, scenario, outdir, html=False):
    """Runs chat-demo on a scenario with --matrix --trace --report (and --html); returns the paths
    written, or None when the run failed (recorded in results by the caller)."""
    name = scenario.stem
    paths = {"trace": outdir / f"{name}.trace.json", "report": outdir / f"{name}.json", "log": outdir / f"{name}.log"}
    command = [str(binary), "--headless", "--scenario", str(scenario.relative_to(REPO_ROOT)), "--matrix"]
    if html:
        paths["html"] = outdir / f"{name}.html"
        command += ["--html", str(paths["html"])]
    command += ["--report", str(paths["report"]), "--trace", str(paths["trace"])]
    for path in paths.values():
        if path.exists():
            path.unlink()
    with open(paths["log"], "w", encoding="utf-8") as log:
        try:
            completed = subprocess.run(command, cwd=REPO_ROOT, stdout=log, stderr=subprocess.STDOUT,
                                       timeout=RUN_TIMEOUT, check=False)
            status = completed.returncode
        except subprocess.TimeoutExpired:
            status = "timeout"
        except OSError as error:
            status = f"could not start: {error}"
    paths["status"] = status
    paths["command"] = " ".join(command)
    return paths


def log_tail(path, lines=15):
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    return text[-lines:]


def load_json(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def check_run(results, paths, label):
    """Records whether chat-demo ran; True when its outputs can be checked."""
    status = paths["status"]
    if status == 0:
        results.check(f"{label}: run", [], "exit 0")
        return True
    if status == 1:
        results.check(f"{label}: run", [], "exit 1 (an expectation failed in some row; the checks decide)")
        results.notes.append(f"{label}: chat-demo exited 1, an expectation failed in some row:")
        results.notes += [f"    {line}" for line in log_tail(paths["log"], 8)]
        return True
    results.fail(f"{label}: run", f"`{paths['command']}` ended with {status}; log {paths['log']}:")
    results.failures += [f"    {line}" for line in log_tail(paths["log"])]
    return False


def check_trace(results, paths, label):
    """Validates a trace and its reset counts against the report JSON; returns the policy -> trace
    facts (pid, resets, attachment tracks), or None."""
    name = f"{label}: trace"
    trace, problems = validate_trace.load(paths["trace"])
    if trace is None:
        results.check(name, [f"{paths['trace']}: {problem}" for problem in problems])
        return None
    try:
        report = load_json(paths["report"])
    except (OSError, ValueError) as error:
        results.fail(f"{label}: report JSON", f"{paths['report']}: {error}")
        report = {"rows": []}
    problems = validate_trace.validate(trace)
    by_policy, matching = report_dom.trace_expectations(trace)
    problems += matching
    rows = {row.get("policy"): row.get("counters", {}) for row in report.get("rows", [])}
    expected = {}
    for policy, facts in by_policy.items():
        if policy not in rows or "animationResets" not in rows[policy]:
            problems.append(f"the report JSON has no animationResets for {policy}")
        else:
            expected[facts["pid"]] = rows[policy]["animationResets"]
    problems += validate_trace.check_expected_resets(trace, expected)
    events = len(validate_trace.trace_events(trace))
    resets = "/".join(str(by_policy[policy]["resets"]) for policy in report_dom.POLICIES if policy in by_policy)
    results.check(name, problems, f"{events} events, resets none/edit/scroll/both {resets}")
    return by_policy


def check_html(results, html_path, dom_text, report_path, scenario_path, trace_facts, label):
    """The DOM contract (on Chromium's DOM, or on the file when dom_text is None) and the raw file."""
    raw = Path(html_path).read_bytes()
    text = raw.decode("utf-8", errors="replace")
    results.check(f"{label}: raw HTML", report_dom.check_raw_html(text, len(raw)),
                  f"{len(raw):,} bytes, nothing loaded from outside")
    root = report_dom.parse(dom_text if dom_text is not None else text)
    results.check(f"{label}: Content-Security-Policy", report_dom.check_csp(root), "meta tag as required")
    try:
        expected = report_dom.Expectations.from_report(load_json(report_path), load_json(scenario_path), trace_facts)
    except (OSError, ValueError) as error:
        results.fail(f"{label}: DOM", f"cannot read the report JSON or scenario: {error}")
        return None
    problems, facts = report_dom.check_contract(root, expected)
    results.check(f"{label}: DOM contract", problems, "counters, timelines, ruler, trade-off charts")
    return facts


def run_chromium(url, netlog, extra, timeout=CHROMIUM_TIMEOUT):
    """(status, stdout, stderr) of one headless Chromium run with its own profile; on timeout the
    whole process group it started is killed and status is "timeout"."""
    with tempfile.TemporaryDirectory(prefix="report-test-chromium-") as profile:
        command = [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--log-net-log={netlog}",
                   "--net-log-capture-mode=Default", *extra, url]
        try:
            process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       start_new_session=True)
        except OSError as error:
            return f"could not start {CHROMIUM}: {error}", "", ""
        try:
            out, err = process.communicate(timeout=timeout)
            status = process.returncode
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            status = "timeout"
        # Helpers Chromium started (zygote, renderer) share its process group; none may outlive it.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return status, out.decode("utf-8", errors="replace"), err.decode("utf-8", errors="replace")


def png_size(path):
    """(width, height) of a PNG file, or None."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(24)
    except OSError:
        return None
    if len(header) < 24 or header[:8] != b"\x89PNG\r\n\x1a\n" or header[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", header[16:24])


def chromium_pass(results, html_path, outdir, stem, label):
    """Loads a file with --dump-dom and with --screenshot; returns (dom text or None, [netlog paths])."""
    url = Path(html_path).resolve().as_uri()
    dom_log = outdir / f"{stem}.json"
    status, dom, err = run_chromium(url, dom_log, ["--dump-dom"])
    (outdir / f"{stem}.dump-dom.log").write_text(err, encoding="utf-8")
    if status != 0 or not dom.strip():
        results.fail(f"{label}: --dump-dom", f"chromium ended with {status} and {len(dom)} characters of DOM; "
                     f"its stderr is in {outdir / (stem + '.dump-dom.log')}")
        dom = None
    else:
        results.check(f"{label}: --dump-dom", [], f"{len(dom):,} characters of DOM")
    shot = outdir / ("report.png" if stem == "netlog" else f"{stem}.png")
    if shot.exists():
        shot.unlink()
    shot_log = outdir / f"{stem}-screenshot.json"
    width, height = SCREENSHOT_SIZE
    status, _, err = run_chromium(url, shot_log, [f"--screenshot={shot}", f"--window-size={width},{height}"])
    (outdir / f"{stem}.screenshot.log").write_text(err, encoding="utf-8")
    size = png_size(shot)
    if status != 0 or size is None:
        results.fail(f"{label}: --screenshot", f"chromium ended with {status}; {shot} is not a PNG")
    else:
        results.check(f"{label}: --screenshot", [], f"{shot.name} {size[0]}x{size[1]}")
    return dom, [dom_log, shot_log]


def check_network(results, report_logs, baseline_logs):
    """Fails on network activity in the report's NetLogs that the baseline's do not show."""
    activities = []
    for path in baseline_logs:
        try:
            netlog, _ = netlog_check.load(path)
            activities.append(netlog_check.activity(netlog))
        except (OSError, ValueError) as error:
            results.fail("network: baseline NetLog", f"{path}: {error}")
    baseline = netlog_check.union(activities)
    own = sorted(baseline.origins)
    results.notes.append("network origins in Chromium's NetLog for an empty local page (its own requests, "
                         "not counted against the report): " + (", ".join(own) if own else "none"))
    for path in report_logs:
        try:
            lines, _, repaired = netlog_check.compare(path, baseline)
        except (OSError, ValueError) as error:
            results.fail(f"network: {Path(path).name}", f"cannot read the NetLog: {error}")
            continue
        detail = "no request of the report's own" + (" (NetLog was cut short; read up to its last event)"
                                                     if repaired else "")
        results.check(f"network: {Path(path).name}", lines, detail)


def print_facts(facts, title):
    """One line per policy set: what the DOM check counted."""
    def get(policy, key):
        return str(facts[policy].get(key, "-"))

    header = ["policy", "cells", "aggregated", "rows", "occurrences svg/trace", "resets drawn/report/trace",
              "steps", "charts"]
    table = [header]
    for policy in report_dom.POLICIES:
        table.append([policy, get(policy, "counters shown"), get(policy, "aggregated"), get(policy, "rows"),
                      f"{get(policy, 'data-occurrences')}/{get(policy, 'trace tracks')}",
                      f"{get(policy, 'resets drawn')}/{get(policy, 'resets (report)')}/{get(policy, 'resets (trace)')}",
                      get(policy, "ruler steps"), get(policy, "tradeoff charts")])
    widths = [max(len(row[index]) for row in table) for index in range(len(header))]
    print(title)
    for row in table:
        print("  " + "  ".join(cell.rjust(width) if index else cell.ljust(width)
                               for index, (cell, width) in enumerate(zip(row, widths))))


def main(argv):
    if len(argv) != 3:
        print(__doc__.split("\n\n")[1])
        return 2
    binary = Path(argv[1]).resolve()
    outdir = Path(argv[2]).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    results = Results()
    facts_tables = []
    scenarios = sorted(SCENARIOS.glob("*.json"))
    if not scenarios:
        results.fail("scenarios", f"no scenario in {SCENARIOS}")
    runs = {}
    for scenario in scenarios:
        name = scenario.stem
        paths = run_demo(binary, scenario, outdir, html=name in (FULL_SCENARIO, LARGE_SCENARIO))
        if check_run(results, paths, name):
            runs[name] = (scenario, paths, check_trace(results, paths, name))

    if FULL_SCENARIO in runs:
        scenario, paths, trace_facts = runs[FULL_SCENARIO]
        baseline_html = outdir / "baseline.html"
        baseline_html.write_text(BASELINE_HTML, encoding="utf-8")
        _, baseline_logs = chromium_pass(results, baseline_html, outdir, "netlog-baseline", "chromium baseline")
        if not paths["html"].exists():
            results.fail(f"{FULL_SCENARIO}: HTML", f"chat-demo wrote no {paths['html']}")
        else:
            dom, report_logs = chromium_pass(results, paths["html"], outdir, "netlog", f"chromium {FULL_SCENARIO}")
            check_network(results, report_logs, baseline_logs)
            if dom is not None:
                (outdir / f"{FULL_SCENARIO}.dom.html").write_text(dom, encoding="utf-8")
                facts = check_html(results, paths["html"], dom, paths["report"], scenario, trace_facts, FULL_SCENARIO)
                if facts:
                    facts_tables.append((f"{FULL_SCENARIO} (Chromium's DOM):", facts))
    elif scenarios:
        results.fail(f"{FULL_SCENARIO}: HTML", "not checked: the run failed")

    if LARGE_SCENARIO in runs:
        scenario, paths, trace_facts = runs[LARGE_SCENARIO]
        if not paths["html"].exists():
            results.fail(f"{LARGE_SCENARIO}: HTML", f"chat-demo wrote no {paths['html']}")
        else:
            facts = check_html(results, paths["html"], None, paths["report"], scenario, trace_facts, LARGE_SCENARIO)
            if facts:
                facts_tables.append((f"{LARGE_SCENARIO} (the file, parsed):", facts))

    width = max((len(name) for name, _, _ in results.rows), default=10)
    print("report-test: what was checked")
    for name, outcome, detail in results.rows:
        print(f"  {name.ljust(width)}  {outcome:4}  {detail}")
    for title, facts in facts_tables:
        print_facts(facts, title)
    for note in results.notes:
        print(note)
    shot = outdir / "report.png"
    print(f"outputs: {outdir}" + (f" (screenshot: {shot})" if shot.exists() else ""))
    if results.failures:
        print(f"report-test: FAILED ({len(results.failures)} problem line(s)):")
        for line in results.failures:
            print(f"  {line}")
        return 1
    print("report-test: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
