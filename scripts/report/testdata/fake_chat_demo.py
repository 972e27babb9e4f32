#!/usr/bin/env python3
"""A stand-in for `chat-demo --headless --scenario FILE --matrix [--trace T] [--report R] [--html H]`
that writes made-up outputs following the trace format and the report's DOM contract, so
report_test.py can be tested end to end without building the app.

A scenario whose transcript is a file or generated (long-scroll, history-3000) gets 300 occurrences per policy set and an
aggregated timeline (groups of 10); the others get 3 occurrences each. FAKE_CHAT_DEMO_BREAK
makes a faulty output: `resets` (one reset mark of policy none counts 1 too few), `network` (no
Content-Security-Policy and an image from http://), `trace` (a slice overlapping another),
`crash` (exit status 3), `expectation` (exit status 1, outputs fine).
"""

import argparse
import html
import json
import os
import sys

POLICIES = ("none", "edit", "scroll", "both")
BOUNDS = ("0", "8", "16", "32", "64", "unbounded")
STEP_US = 100_000


def occurrence_resets(policy, occurrences):
    """Resets per occurrence: none 2 each, edit and scroll 1 each, both none."""
    per = {"none": 2, "edit": 1, "scroll": 1, "both": 0}[policy]
    return [per] * occurrences


def counters(policy, occurrences):
    resets = sum(occurrence_resets(policy, occurrences))
    created = occurrences + (resets if policy in ("none", "scroll") else 0)
    return {"animationResets": resets, "providersCreated": created, "viewsLoaded": created + 1,
            "providersReusedOnEdit": occurrences if policy in ("edit", "both") else 0, "viewsDiscarded": resets}


def trace_events(steps, occurrences, broken):
    events = []
    for pid, policy in enumerate(POLICIES, 1):
        events.append({"ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": {"name": f"policy {policy}"}})
        events.append({"ph": "M", "name": "process_sort_index", "pid": pid, "tid": 0, "args": {"sort_index": pid}})
        events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": 1, "args": {"name": "steps"}})
        for index, op in enumerate(steps):
            events.append({"ph": "X", "name": op, "cat": "step", "pid": pid, "tid": 1, "ts": index * STEP_US,
                           "dur": STEP_US})
        if broken == "trace" and pid == 1:
            events.append({"ph": "X", "name": "overlap", "cat": "step", "pid": pid, "tid": 1,
                           "ts": len(steps) * STEP_US - 10, "dur": 20})
        end = len(steps) * STEP_US
        for row, count in enumerate(occurrence_resets(policy, occurrences)):
            tid = 100 + row
            events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": tid,
                           "args": {"name": f"attachment {row + 1} \u00b7 occurrence 0"}})
            events.append({"ph": "X", "name": f"provider #{row} (sticker)", "cat": "provider", "pid": pid, "tid": tid,
                           "ts": 0, "dur": end, "args": {"attachment": row + 1, "occurrence": 0, "provider": row}})
            events.append({"ph": "X", "name": "view shown", "cat": "view", "pid": pid, "tid": tid, "ts": 0,
                           "dur": end / 2})
            for k in range(count):
                events.append({"ph": "i", "name": "animation reset", "cat": "reuse", "pid": pid, "tid": tid,
                               "ts": STEP_US * (k + 1), "s": "t", "args": {"attachment": row + 1, "occurrence": 0}})
        events.append({"ph": "C", "name": "live providers", "pid": pid, "tid": 0, "ts": 0,
                       "args": {"providers": occurrences}})
    return events


def timeline_svg(policy, steps, occurrences, aggregated, broken):
    resets = occurrence_resets(policy, occurrences)
    width = 40 + 60 * len(steps)
    rows = []
    if aggregated:
        for start in range(0, occurrences, 10):
            members = resets[start:start + 10]
            rows.append(("group", len(members), sum(members), f"attachments {start + 1}-{start + len(members)}"))
    else:
        rows = [("occurrence", row + 1, count, f"attachment {row + 1}") for row, count in enumerate(resets)]
    parts = [f'<svg class="timeline" data-policy="{policy}" data-occurrences="{occurrences}" '
             f'data-aggregated="{"true" if aggregated else "false"}" xmlns="http://www.w3.org/2000/svg" '
             f'width="{width}" height="{20 + 14 * len(rows)}">', '<g class="ruler">']
    for index, op in enumerate(steps):
        x = 40 + 60 * index
        parts.append(f'<line class="step" data-step="{index}" data-op="{html.escape(op)}" x1="{x}" y1="0" x2="{x}" '
                     f'y2="{20 + 14 * len(rows)}"><title>step {index}: {html.escape(op)}</title></line>')
    parts.append("</g>")
    for number, (kind, value, count, words) in enumerate(rows):
        if broken == "resets" and policy == "none" and number == 0:
            count -= 1
        y = 20 + 14 * number
        if kind == "group":
            parts.append(f'<g class="occurrence-group" data-occurrences="{value}" transform="translate(0,{y})">')
        else:
            parts.append(f'<g class="occurrence" data-attachment="{value}" data-occurrence="0" '
                         f'transform="translate(0,{y})">')
        parts.append(f'<rect class="provider" x="40" y="0" width="{width - 40}" height="12">'
                     f'<title>provider of {words}</title></rect>')
        parts.append(f'<rect class="view shown" x="40" y="4" width="{(width - 40) // 2}" height="4">'
                     f'<title>view of {words} shown</title></rect>')
        if count and kind == "group":
            parts.append(f'<path class="reset" data-count="{count}" d="M100 0 l4 8 l-8 0 z">'
                         f'<title>{count} animation resets of {words}</title></path>')
        else:
            for k in range(count):
                parts.append(f'<path class="reset" data-count="1" d="M{100 + 60 * k} 0 l4 8 l-8 0 z">'
                             f'<title>animation reset of {words}</title></path>')
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def report_html(name, steps, occurrences, rows, aggregated, broken):
    csp = ("" if broken == "network" else '<meta http-equiv="Content-Security-Policy" '
           "content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">")
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', csp,
           f"<title>{html.escape(name)}</title><style>body{{font:14px sans-serif}} .reset{{fill:#c62828}}</style>",
           "</head><body>", f"<h1>{html.escape(name)}</h1>"]
    if broken == "network":
        out.append('<img src="http://report-test.invalid/pixel.png" alt="">')
    names = list(rows[0]["counters"])
    out.append('<table class="counters"><tr><th>policy</th>' + "".join(f"<th>{n}</th>" for n in names) + "</tr>")
    for row in rows:
        out.append(f"<tr><th>{row['policy']}</th>" + "".join(
            f'<td data-policy="{row["policy"]}" data-counter="{n}">{row["counters"][n]}</td>' for n in names) + "</tr>")
    out.append("</table>")
    for policy in POLICIES:
        out.append(f"<h2>policy {policy}</h2>")
        out.append(timeline_svg(policy, steps, occurrences, aggregated, broken))
    for axis in ("views", "bytes"):
        out.append(f'<svg class="tradeoff" data-axis="{axis}" xmlns="http://www.w3.org/2000/svg" width="300" '
                   'height="120">')
        for index, bound in enumerate(BOUNDS):
            views = min(occurrences, 8 * (index + 1))
            out.append(f'<circle class="point" data-bound="{bound}" data-resets-avoided="{views}" data-views="{views}" '
                       f'data-bytes="{views * 4096}" cx="{20 + 50 * index}" cy="{100 - index * 15}" r="4">'
                       f"<title>bound {bound}</title></circle>")
        out.append("</svg>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--headless", action="store_true")
    parser.add_argument("--scenario", required=True)
    parser.add_argument("--matrix", action="store_true")
    parser.add_argument("--trace")
    parser.add_argument("--report")
    parser.add_argument("--html")
    args = parser.parse_args()
    broken = os.environ.get("FAKE_CHAT_DEMO_BREAK", "")
    if broken == "crash":
        print("fake chat-demo: crashed", file=sys.stderr)
        return 3
    with open(args.scenario, encoding="utf-8") as handle:
        scenario = json.load(handle)
    steps = [step["op"] for step in scenario["steps"]]
    large = "file" in scenario.get("transcript", {}) or "generate" in scenario.get("transcript", {})
    occurrences = 300 if large else 3
    rows = [{"policy": policy, "counters": counters(policy, occurrences), "expectationsApply": policy == "both",
             "expectationsPassed": True, "editsNotSaved": 0, "framesRendered": len(steps)} for policy in POLICIES]
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            json.dump({"scenario": scenario["name"], "scrollCache": "unbounded", "rows": rows}, handle, indent=2)
    if args.trace:
        trace = {"displayTimeUnit": "ms", "otherData": {"producer": "fake_chat_demo"},
                 "traceEvents": trace_events(steps, occurrences, broken)}
        with open(args.trace, "w", encoding="utf-8") as handle:
            json.dump(trace, handle)
    if args.html:
        with open(args.html, "w", encoding="utf-8") as handle:
            handle.write(report_html(scenario["name"], steps, occurrences, rows, large, broken))
    print(f"fake chat-demo: {scenario['name']}")
    return 1 if broken == "expectation" else 0


if __name__ == "__main__":
    sys.exit(main())
