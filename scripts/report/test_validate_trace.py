"""Tests of validate_trace.py: a valid trace passes, and each check fails on a trace made to break it.

    python3 -m unittest discover -s scripts/report -p 'test_*.py'
"""

import contextlib
import copy
import io
import json
import os
import tempfile
import unittest

import validate_trace


def meta(pid, tid, name, value):
    key = "sort_index" if name.endswith("sort_index") else "name"
    return {"ph": "M", "name": name, "pid": pid, "tid": tid, "args": {key: value}}


def valid_trace():
    """Two processes (policy none, policy both), nested slices, instants, counters, B/E and b/e."""
    return {
        "displayTimeUnit": "ms",
        "otherData": {"scenario": "sample"},
        "traceEvents": [
            meta(1, 0, "process_name", "policy none"),
            meta(1, 0, "process_sort_index", 1),
            meta(1, 0, "thread_name", "frames"),
            meta(1, 1, "thread_name", "attachment party #0"),
            meta(2, 0, "process_name", "policy both"),
            meta(2, 1, "thread_name", "attachment party #0"),
            meta(2, 1, "thread_sort_index", 1),
            {"ph": "X", "name": "frame", "cat": "frame", "pid": 1, "tid": 0, "ts": 0, "dur": 16.6},
            {"ph": "X", "name": "layout", "cat": "layout", "pid": 1, "tid": 0, "ts": 0, "dur": 4},
            {"ph": "X", "name": "draw", "cat": "draw", "pid": 1, "tid": 0, "ts": 4.1, "dur": 12.5},
            # Ends where the frame ends, give or take float error.
            {"ph": "X", "name": "blit", "cat": "draw", "pid": 1, "tid": 0, "ts": 16.0, "dur": 0.6000000001},
            {"ph": "X", "name": "frame", "cat": "frame", "pid": 1, "tid": 0, "ts": 16.6, "dur": 16.6},
            {"ph": "B", "name": "provider", "pid": 1, "tid": 1, "ts": 1, "args": {"attachment": "party"}},
            {"ph": "i", "name": "animation reset", "pid": 1, "tid": 1, "ts": 2, "s": "t"},
            {"ph": "I", "name": "animation reset", "pid": 1, "tid": 1, "ts": 20},
            {"ph": "E", "name": "provider", "pid": 1, "tid": 1, "ts": 30},
            {"ph": "C", "name": "views", "pid": 1, "tid": 0, "ts": 33, "args": {"shown": 3, "cached": 0.5}},
            {"ph": "b", "name": "view shown", "cat": "view", "id": "0x1", "pid": 2, "tid": 1, "ts": 0},
            {"ph": "n", "name": "scrolled", "cat": "view", "id": "0x1", "pid": 2, "tid": 1, "ts": 5},
            {"ph": "e", "name": "view shown", "cat": "view", "id": "0x1", "pid": 2, "tid": 1, "ts": 10},
            {"ph": "b", "name": "view cached", "cat": "view", "id": 7, "pid": 2, "tid": 1, "ts": 10},
            {"ph": "e", "name": "view cached", "cat": "view", "id": 7, "pid": 2, "tid": 1, "ts": 12},
            {"ph": "i", "name": "step", "pid": 2, "tid": 0, "ts": 0, "s": "p", "args": {"op": "type"}},
        ],
    }


def events_named(trace, name):
    return [event for event in trace["traceEvents"] if event.get("name") == name]


class ValidTraceTests(unittest.TestCase):
    def test_valid_trace_has_no_problems(self):
        self.assertEqual(validate_trace.validate(valid_trace()), [])

    def test_expected_resets_match(self):
        self.assertEqual(validate_trace.check_expected_resets(valid_trace(), {1: 2, 2: 0}), [])

    def test_helpers(self):
        trace = valid_trace()
        self.assertEqual(validate_trace.process_names(trace), {1: "policy none", 2: "policy both"})
        self.assertEqual(validate_trace.thread_names(trace)[(2, 1)], "attachment party #0")
        self.assertEqual(validate_trace.reset_counts(trace), {1: 2})

    def test_summary(self):
        summary = validate_trace.summarize(valid_trace())
        none = summary["processes"]["1"]
        self.assertEqual(none["name"], "policy none")
        self.assertEqual(none["tracks"], 2)
        self.assertEqual(none["instants"], {"animation reset": 2})
        self.assertEqual(none["slicesByCat"], {"frame": 2, "layout": 1, "draw": 2})
        both = summary["processes"]["2"]
        self.assertEqual((both["name"], both["tracks"], both["instants"]), ("policy both", 2, {"step": 1}))

    def test_command_line(self):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "trace.json")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(valid_trace(), handle)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = validate_trace.main([path, "--summary", "--expect-resets", "1=2"])
            self.assertEqual(status, 0, out.getvalue())
            self.assertEqual(json.loads(out.getvalue())["processes"]["1"]["instants"], {"animation reset": 2})
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = validate_trace.main([path, "--expect-resets", "1=3", "--expect-resets", "2=1"])
            self.assertEqual(status, 1)
            lines = out.getvalue().splitlines()
            self.assertEqual(len(lines), 2, lines)
            self.assertIn('pid 1 (policy none): 2 "animation reset" instant events, expected 3', lines[0])


class InvalidTraceTests(unittest.TestCase):
    def assertProblem(self, trace, fragment, count=1):
        problems = validate_trace.validate(trace)
        matching = [problem for problem in problems if fragment in problem]
        self.assertEqual(len(matching), count, f"looking for {fragment!r} in {problems}")
        return problems

    def test_top_level(self):
        self.assertProblem([], "expected a JSON object")
        self.assertProblem({"events": []}, "traceEvents must be a list")
        trace = valid_trace()
        trace["displayTimeUnit"] = "s"
        self.assertProblem(trace, "displayTimeUnit")
        trace = valid_trace()
        trace["otherData"] = []
        self.assertProblem(trace, "otherData must be an object")

    def test_overlapping_slices_on_one_track(self):
        trace = valid_trace()
        events_named(trace, "layout")[0]["dur"] = 5  # past the start of draw (4.1), which is not inside it
        self.assertProblem(trace, "overlaps")

    def test_overlap_beyond_the_outer_slice(self):
        trace = valid_trace()
        events_named(trace, "blit")[0]["dur"] = 1  # 16.0..17.0 crosses the frame's end at 16.6
        self.assertProblem(trace, "overlaps")

    def test_same_times_on_other_tracks_do_not_overlap(self):
        trace = valid_trace()
        moved = copy.deepcopy(events_named(trace, "layout")[0])
        moved.update(tid=5, dur=9)
        trace["traceEvents"].append(moved)
        self.assertEqual(validate_trace.validate(trace), [])

    def test_non_monotonic_timestamps(self):
        trace = valid_trace()
        trace["traceEvents"].append({"ph": "i", "name": "late", "pid": 1, "tid": 1, "ts": 3})
        self.assertProblem(trace, "goes back in time")

    def test_missing_duration(self):
        trace = valid_trace()
        del events_named(trace, "draw")[0]["dur"]
        self.assertProblem(trace, "without dur")

    def test_negative_or_infinite_numbers(self):
        trace = valid_trace()
        events_named(trace, "draw")[0]["dur"] = -1
        self.assertProblem(trace, "dur must be a finite number")
        trace = valid_trace()
        events_named(trace, "draw")[0]["ts"] = float("inf")
        self.assertProblem(trace, "ts must be a finite number")
        trace = valid_trace()
        events_named(trace, "step")[0]["ts"] = -0.5
        self.assertProblem(trace, "ts must be a finite number")

    def test_bad_phase(self):
        trace = valid_trace()
        events_named(trace, "draw")[0]["ph"] = "Q"
        self.assertProblem(trace, "unknown phase")

    def test_required_fields(self):
        trace = valid_trace()
        events_named(trace, "draw")[0]["name"] = ""
        self.assertProblem(trace, "name must be a non-empty string")
        trace = valid_trace()
        events_named(trace, "draw")[0]["pid"] = "1"
        self.assertProblem(trace, "pid must be an integer")
        trace = valid_trace()
        del events_named(trace, "draw")[0]["tid"]
        self.assertProblem(trace, "tid must be an integer")
        trace = valid_trace()
        events_named(trace, "draw")[0]["args"] = [1]
        self.assertProblem(trace, "args must be an object")

    def test_instant_scope(self):
        trace = valid_trace()
        events_named(trace, "step")[0]["s"] = "x"
        self.assertProblem(trace, "instant scope")

    def test_counter_values(self):
        trace = valid_trace()
        events_named(trace, "views")[0]["args"] = {"shown": "3"}
        self.assertProblem(trace, "counter value")
        trace = valid_trace()
        events_named(trace, "views")[0]["args"] = {}
        self.assertProblem(trace, "at least one value")

    def test_metadata(self):
        trace = valid_trace()
        trace["traceEvents"][0]["args"] = {}
        self.assertProblem(trace, "process_name needs args.name")
        trace = valid_trace()
        trace["traceEvents"][1]["args"] = {"sort_index": "1"}
        self.assertProblem(trace, "needs args.sort_index")
        trace = valid_trace()
        trace["traceEvents"][0]["name"] = "process_label"
        self.assertProblem(trace, "metadata name must be one of")

    def test_unbalanced_begin_end(self):
        trace = valid_trace()
        trace["traceEvents"].remove(events_named(trace, "provider")[1])
        self.assertProblem(trace, "never ended")
        trace = valid_trace()
        trace["traceEvents"].append({"ph": "E", "name": "provider", "pid": 1, "tid": 1, "ts": 40})
        self.assertProblem(trace, "without a begin (B)")
        trace = valid_trace()
        events_named(trace, "provider")[1]["name"] = "view"
        self.assertProblem(trace, "does not match the open begin")

    def test_begin_end_on_another_track_does_not_match(self):
        trace = valid_trace()
        events_named(trace, "provider")[1]["tid"] = 2
        problems = validate_trace.validate(trace)
        self.assertTrue(any("without a begin (B)" in problem for problem in problems), problems)
        self.assertTrue(any("never ended" in problem for problem in problems), problems)

    def test_async_pairs(self):
        trace = valid_trace()
        events_named(trace, "view cached")[1]["id"] = 8
        problems = validate_trace.validate(trace)
        self.assertTrue(any("async end (e) without a begin" in problem for problem in problems), problems)
        self.assertTrue(any("never ended" in problem for problem in problems), problems)
        trace = valid_trace()
        del events_named(trace, "view shown")[0]["cat"]
        self.assertProblem(trace, "needs cat")
        trace = valid_trace()
        events_named(trace, "view shown")[0]["id"] = 1.5
        self.assertProblem(trace, "needs id")

    def test_wrong_reset_count(self):
        problems = validate_trace.check_expected_resets(valid_trace(), {1: 3, 2: 0})
        self.assertEqual(problems, ['pid 1 (policy none): 2 "animation reset" instant events, expected 3'])
        self.assertEqual(len(validate_trace.check_expected_resets(valid_trace(), {2: 1})), 1)

    def test_only_exact_name_counts_as_a_reset(self):
        trace = valid_trace()
        trace["traceEvents"].append({"ph": "i", "name": "animation reset?", "pid": 1, "tid": 1, "ts": 40})
        trace["traceEvents"].append({"ph": "X", "name": "animation reset", "pid": 1, "tid": 1, "ts": 40, "dur": 0})
        self.assertEqual(validate_trace.reset_counts(trace), {1: 2})

    def test_problem_list_is_capped(self):
        trace = valid_trace()
        trace["traceEvents"].extend({"ph": "Z", "name": "bad", "pid": 1, "tid": 9, "ts": i} for i in range(30))
        lines = validate_trace.format_problems(validate_trace.validate(trace))
        self.assertEqual(len(lines), 21)
        self.assertIn("10 more problem(s)", lines[-1])

    def test_unreadable_file(self):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "trace.json")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write('{"traceEvents": [')
            trace, problems = validate_trace.validate_file(path)
            self.assertIsNone(trace)
            self.assertTrue(problems[0].startswith("not JSON"), problems)


if __name__ == "__main__":
    unittest.main()
