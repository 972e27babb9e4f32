#!/usr/bin/env python3
"""Validates a Chrome Trace Event Format file (JSON object form), as `chat-demo --trace` writes it.

    validate_trace.py TRACE.json [--expect-resets PID=N ...] [--summary]

Exit status 0 when the trace is valid, 1 with one line per problem otherwise (the first 20, then a
count). Checks:

- the top level is an object with a `traceEvents` list; `displayTimeUnit` is "ms" or "ns" and
  `otherData` an object when present;
- every event has a known phase (X B E i I C M b e n), a non-empty `name`, integer `pid` and `tid`,
  a finite `ts` >= 0 (all phases but M), `dur` for X, `s` in t/p/g for instants, numeric `args` for
  C, a known metadata name with `args.name` or `args.sort_index` for M, `id` and `cat` for b/e, and
  `args` as an object wherever it appears;
- per track (pid, tid): timestamps never go back in file order, X slices nest (a slice that starts
  inside another ends within it), B/E pairs balance and match by name; b/e pairs match by
  (cat, id, pid);
- with `--expect-resets PID=N`: the process has exactly N instant events named `animation reset`.

`--summary` prints one JSON line: per pid its process name, track count, instant events per name and
X slices per category.

The functions are used by report_test.py as a module.
"""

import argparse
import json
import math
import sys
from collections import defaultdict

PHASES = frozenset("XBEiICMben")
INSTANT_PHASES = frozenset("iI")
INSTANT_SCOPES = frozenset("tpg")
METADATA_NAMES = frozenset(["process_name", "process_sort_index", "thread_name", "thread_sort_index"])
TIME_UNITS = frozenset(["ms", "ns"])
RESET_EVENT = "animation reset"
# Slices compare with this tolerance (microseconds): timestamps written as decimals carry float error.
TOLERANCE_US = 1e-6
MAX_SHOWN = 20


def is_int(value):
    """An integer that is not a bool (JSON true/false load as bool, a subclass of int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_finite_number(value):
    return (is_int(value) or isinstance(value, float)) and math.isfinite(value)


def describe(index, event):
    """`event 12 (X "layout", pid 1, tid 3)` for problem lines."""
    if not isinstance(event, dict):
        return f"event {index}"
    parts = []
    if "ph" in event:
        parts.append(str(event.get("ph")))
    if "name" in event:
        parts.append(json.dumps(event.get("name")))
    where = ", ".join(f"{key} {event[key]}" for key in ("pid", "tid") if key in event)
    label = " ".join(parts)
    inner = ", ".join(part for part in (label, where) if part)
    return f"event {index} ({inner})" if inner else f"event {index}"


def check_event_fields(index, event):
    """Problems of one event on its own (fields and their types)."""
    if not isinstance(event, dict):
        return [f"event {index}: not an object"]
    problems = []
    here = describe(index, event)
    phase = event.get("ph")
    if phase not in PHASES:
        problems.append(f"{here}: unknown phase {json.dumps(phase)} (expected one of {' '.join(sorted(PHASES))})")
    name = event.get("name")
    if not isinstance(name, str) or not name:
        problems.append(f"{here}: name must be a non-empty string")
    for key in ("pid", "tid"):
        if not is_int(event.get(key)):
            problems.append(f"{here}: {key} must be an integer, got {json.dumps(event.get(key))}")
    if phase != "M" or "ts" in event:
        ts = event.get("ts")
        if not is_finite_number(ts) or ts < 0:
            problems.append(f"{here}: ts must be a finite number >= 0, got {json.dumps(ts)}")
    args = event.get("args")
    if "args" in event and not isinstance(args, dict):
        problems.append(f"{here}: args must be an object")
        args = None
    if phase == "X":
        dur = event.get("dur")
        if "dur" not in event:
            problems.append(f"{here}: complete event (X) without dur")
        elif not is_finite_number(dur) or dur < 0:
            problems.append(f"{here}: dur must be a finite number >= 0, got {json.dumps(dur)}")
    elif phase in INSTANT_PHASES:
        if "s" in event and event["s"] not in INSTANT_SCOPES:
            problems.append(f"{here}: instant scope s must be t, p or g, got {json.dumps(event['s'])}")
    elif phase == "C":
        if not isinstance(args, dict) or not args:
            problems.append(f"{here}: counter event (C) needs args with at least one value")
        else:
            for key, value in args.items():
                if not is_finite_number(value):
                    problems.append(f"{here}: counter value {json.dumps(key)} must be a finite number")
    elif phase == "M":
        if name not in METADATA_NAMES:
            problems.append(f"{here}: metadata name must be one of {', '.join(sorted(METADATA_NAMES))}")
        elif name.endswith("_name"):
            if not isinstance(args, dict) or not isinstance(args.get("name"), str):
                problems.append(f"{here}: {name} needs args.name (a string)")
        elif not isinstance(args, dict) or not is_int(args.get("sort_index")):
            problems.append(f"{here}: {name} needs args.sort_index (an integer)")
    elif phase in ("b", "e"):
        event_id = event.get("id")
        if not (isinstance(event_id, str) or is_int(event_id)):
            problems.append(f"{here}: async event ({phase}) needs id (a string or integer)")
        if not isinstance(event.get("cat"), str):
            problems.append(f"{here}: async event ({phase}) needs cat (a string)")
    return problems


def check_tracks(events):
    """Problems between events: time order, slice nesting, B/E and b/e pairing."""
    problems = []
    last_ts = {}
    slices = defaultdict(list)
    open_begins = defaultdict(list)
    open_async = defaultdict(list)
    for index, event in enumerate(events):
        if not isinstance(event, dict) or event.get("ph") == "M":
            continue
        pid, tid, ts, phase = event.get("pid"), event.get("tid"), event.get("ts"), event.get("ph")
        if not (is_int(pid) and is_int(tid) and is_finite_number(ts)):
            continue  # reported by check_event_fields
        track = (pid, tid)
        here = describe(index, event)
        previous = last_ts.get(track)
        if previous is not None and ts < previous[0]:
            problems.append(
                f"{here}: ts {ts} goes back in time on track pid {pid} tid {tid} "
                f"(event {previous[1]} was at {previous[0]})")
        else:
            last_ts[track] = (ts, index)
        if phase == "X" and is_finite_number(event.get("dur")) and event["dur"] >= 0:
            slices[track].append((ts, ts + event["dur"], index, event.get("name")))
        elif phase == "B":
            open_begins[track].append((event.get("name"), index))
        elif phase == "E":
            stack = open_begins[track]
            if not stack:
                problems.append(f"{here}: end (E) without a begin (B) on track pid {pid} tid {tid}")
            elif stack[-1][0] != event.get("name"):
                begin_name, begin_index = stack.pop()
                problems.append(
                    f"{here}: end (E) does not match the open begin {json.dumps(begin_name)} (event {begin_index})")
            else:
                stack.pop()
        elif phase in ("b", "e"):
            key = (event.get("cat"), event.get("id"), pid)
            if phase == "b":
                open_async[key].append(index)
            elif open_async[key]:
                open_async[key].pop()
            else:
                problems.append(
                    f"{here}: async end (e) without a begin (b) for cat {json.dumps(key[0])} id {json.dumps(key[1])}")
    for (pid, tid), stack in sorted(open_begins.items()):
        for name, index in stack:
            problems.append(f"event {index} (B {json.dumps(name)}, pid {pid}, tid {tid}): begin (B) never ended")
    for (cat, event_id, pid), stack in open_async.items():
        for index in stack:
            problems.append(
                f"event {index} (b, pid {pid}): async begin for cat {json.dumps(cat)} id {json.dumps(event_id)} "
                "never ended")
    for (pid, tid), track_slices in sorted(slices.items()):
        problems.extend(check_nesting(pid, tid, track_slices))
    return problems


def check_nesting(pid, tid, track_slices):
    """X slices on one track: sorted by start (longer first on ties), each one that starts inside
    another must end within it."""
    problems = []
    stack = []
    for start, end, index, name in sorted(track_slices, key=lambda item: (item[0], -(item[1] - item[0]), item[2])):
        while stack and stack[-1][1] <= start + TOLERANCE_US:
            stack.pop()
        if stack and end > stack[-1][1] + TOLERANCE_US:
            outer_start, outer_end, outer_index, outer_name = stack[-1]
            problems.append(
                f"event {index} (X {json.dumps(name)}, pid {pid}, tid {tid}): slice {start}..{end} overlaps "
                f"event {outer_index} (X {json.dumps(outer_name)}) {outer_start}..{outer_end} without nesting in it")
            continue
        stack.append((start, end, index, name))
    return problems


def validate(trace):
    """Every problem of a loaded trace, as lines."""
    if not isinstance(trace, dict):
        return ["top level: expected a JSON object with traceEvents"]
    problems = []
    events = trace.get("traceEvents")
    if not isinstance(events, list):
        problems.append("top level: traceEvents must be a list")
        events = []
    if "displayTimeUnit" in trace and trace["displayTimeUnit"] not in TIME_UNITS:
        unit = json.dumps(trace["displayTimeUnit"])
        problems.append(f"top level: displayTimeUnit must be \"ms\" or \"ns\", got {unit}")
    if "otherData" in trace and not isinstance(trace["otherData"], dict):
        problems.append("top level: otherData must be an object")
    for index, event in enumerate(events):
        problems.extend(check_event_fields(index, event))
    problems.extend(check_tracks(events))
    return problems


def trace_events(trace):
    events = trace.get("traceEvents") if isinstance(trace, dict) else None
    return [event for event in events if isinstance(event, dict)] if isinstance(events, list) else []


def process_names(trace):
    """pid -> the name its `process_name` metadata event gives."""
    names = {}
    for event in trace_events(trace):
        if event.get("ph") == "M" and event.get("name") == "process_name" and isinstance(event.get("args"), dict):
            names[event.get("pid")] = event["args"].get("name")
    return names


def thread_names(trace):
    """(pid, tid) -> the name its `thread_name` metadata event gives."""
    names = {}
    for event in trace_events(trace):
        if event.get("ph") == "M" and event.get("name") == "thread_name" and isinstance(event.get("args"), dict):
            names[(event.get("pid"), event.get("tid"))] = event["args"].get("name")
    return names


def instant_counts(trace, name):
    """pid -> the number of instant events (i or I) with exactly this name."""
    counts = defaultdict(int)
    for event in trace_events(trace):
        if event.get("ph") in INSTANT_PHASES and event.get("name") == name:
            counts[event.get("pid")] += 1
    return dict(counts)


def reset_counts(trace):
    return instant_counts(trace, RESET_EVENT)


def check_expected_resets(trace, expected):
    """Problems for pids whose `animation reset` instants are not the expected number."""
    counts = reset_counts(trace)
    names = process_names(trace)
    problems = []
    for pid, want in sorted(expected.items()):
        got = counts.get(pid, 0)
        if got != want:
            label = f" ({names[pid]})" if pid in names else ""
            problems.append(f"pid {pid}{label}: {got} \"{RESET_EVENT}\" instant events, expected {want}")
    return problems


def summarize(trace):
    """Per pid: process name, tracks, instant events per name, X slices per category."""
    processes = {}
    tracks = defaultdict(set)

    def entry(pid):
        return processes.setdefault(pid, {"name": None, "tracks": 0, "instants": {}, "slicesByCat": {}})

    for event in trace_events(trace):
        pid, tid, phase = event.get("pid"), event.get("tid"), event.get("ph")
        if not is_int(pid):
            continue
        info = entry(pid)
        if phase == "M":
            if event.get("name") == "process_name" and isinstance(event.get("args"), dict):
                info["name"] = event["args"].get("name")
            elif event.get("name") == "thread_name":
                tracks[pid].add(tid)
            continue
        tracks[pid].add(tid)
        if phase in INSTANT_PHASES:
            info["instants"][event.get("name")] = info["instants"].get(event.get("name"), 0) + 1
        elif phase == "X":
            cat = event.get("cat", "")
            info["slicesByCat"][cat] = info["slicesByCat"].get(cat, 0) + 1
    for pid, info in processes.items():
        info["tracks"] = len(tracks[pid])
    return {"processes": {str(pid): processes[pid] for pid in sorted(processes)}}


def load(path):
    """(trace, problems): the loaded JSON, or None and the reason it could not be read."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle), []
    except OSError as error:
        return None, [f"cannot read: {error}"]
    except ValueError as error:
        return None, [f"not JSON: {error}"]


def validate_file(path, expected_resets=None):
    """(trace, problems) for a file: structure, then the expected reset counts."""
    trace, problems = load(path)
    if trace is None:
        return None, problems
    problems = validate(trace)
    if expected_resets:
        problems.extend(check_expected_resets(trace, expected_resets))
    return trace, problems


def format_problems(problems, prefix="", limit=MAX_SHOWN):
    lines = [f"{prefix}{problem}" for problem in problems[:limit]]
    if len(problems) > limit:
        lines.append(f"{prefix}... and {len(problems) - limit} more problem(s) ({len(problems)} in all)")
    return lines


def parse_expectation(text):
    pid, sep, count = text.partition("=")
    try:
        if not sep:
            raise ValueError
        return int(pid), int(count)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected PID=N, got {text!r}") from None


def main(argv=None):
    parser = argparse.ArgumentParser(description="Validate a Chrome Trace Event Format file.")
    parser.add_argument("trace", help="the trace file (JSON object form)")
    parser.add_argument("--expect-resets", action="append", type=parse_expectation, default=[], metavar="PID=N",
                        help=f"the process PID has exactly N instant events named \"{RESET_EVENT}\"")
    parser.add_argument("--summary", action="store_true", help="print one JSON line summarizing each process")
    args = parser.parse_args(argv)
    trace, problems = validate_file(args.trace, dict(args.expect_resets))
    if args.summary and trace is not None:
        print(json.dumps(summarize(trace), sort_keys=True))
    for line in format_problems(problems, prefix=f"{args.trace}: "):
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
