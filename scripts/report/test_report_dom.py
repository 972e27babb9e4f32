"""Tests of report_dom.py on the hand-written samples in testdata/: sample-report.html follows the DOM
contract and agrees with sample-report.json, sample-trace.json and sample-scenario.json;
sample-report-bad-resets.html has reset marks that sum wrong; other faults are made by editing the
sample's text.
"""

import json
import unittest
from pathlib import Path

import report_dom
import validate_trace

TESTDATA = Path(__file__).resolve().parent / "testdata"


def read(name):
    return (TESTDATA / name).read_text(encoding="utf-8")


def sample_expectations():
    trace = json.loads(read("sample-trace.json"))
    facts, problems = report_dom.trace_expectations(trace)
    assert not problems, problems
    return report_dom.Expectations.from_report(
        json.loads(read("sample-report.json")), json.loads(read("sample-scenario.json")), facts)


def contract_problems(html_text, expected=None):
    problems, _ = report_dom.check_contract(report_dom.parse(html_text), expected or sample_expectations())
    return problems


class SampleTests(unittest.TestCase):
    def test_sample_trace_is_valid(self):
        self.assertEqual(validate_trace.validate(json.loads(read("sample-trace.json"))), [])

    def test_sample_report_passes(self):
        text = read("sample-report.html")
        root = report_dom.parse(text)
        problems, facts = report_dom.check_contract(root, sample_expectations())
        self.assertEqual(problems, [])
        self.assertEqual(report_dom.check_csp(root), [])
        self.assertEqual(report_dom.check_raw_html(text, len(text.encode())), [])
        self.assertEqual(facts["scroll"]["aggregated"], "true")
        self.assertEqual(facts["scroll"]["resets drawn"], 3)
        self.assertEqual(facts["none"]["rows"], 2)
        self.assertEqual(facts["none"]["ruler steps"], 3)

    def test_bad_resets_sample_fails(self):
        problems = contract_problems(read("sample-report-bad-resets.html"))
        self.assertEqual(problems, [
            "timeline scroll: reset marks sum to 2, the report JSON has animationResets 3",
            'timeline scroll: reset marks sum to 2, the trace has 3 "animation reset" instants',
        ])

    def test_trace_expectations(self):
        facts = sample_expectations().trace
        self.assertEqual(facts["scroll"], {"pid": 3, "resets": 3, "occurrences": 3})
        trace = json.loads(read("sample-trace.json"))
        for event in trace["traceEvents"]:
            if event.get("name") == "process_name" and event["args"]["name"] == "policy edit":
                event["args"]["name"] = "edit"
        _, problems = report_dom.trace_expectations(trace)
        self.assertEqual(len(problems), 1)
        self.assertIn("0 processes named 'policy edit'", problems[0])


class FaultTests(unittest.TestCase):
    """Each edit of the sample breaks one part of the contract."""

    def setUp(self):
        self.text = read("sample-report.html")

    def edited(self, old, new, count=1):
        self.assertEqual(self.text.count(old), count, old)
        return self.text.replace(old, new)

    def assertFails(self, text, fragment):
        problems = contract_problems(text)
        self.assertTrue(any(fragment in problem for problem in problems), f"{fragment!r} not in {problems}")

    def test_counter_cell_disagrees_with_the_report(self):
        text = self.edited('data-counter="viewsLoaded">6<', 'data-counter="viewsLoaded">7<')
        self.assertFails(text, "counters: scroll viewsLoaded shows 7, the report JSON has 6")

    def test_required_counter_missing(self):
        text = self.edited('<td data-policy="both" data-counter="providersCreated">2</td>', "")
        self.assertFails(text, "no cell for both providersCreated")

    def test_reset_mark_counts_more_than_one_when_not_aggregated(self):
        mark = '<path class="reset" data-count="{}" d="M200 0 l4 8 l-8 0 z"><title>animation reset at 1 ms</title>'
        text = self.edited(mark.format(1), mark.format(2), count=3)
        self.assertFails(text, "data-count=2 in a timeline that is not aggregated")

    def test_occurrence_rows_disagree_with_data_occurrences(self):
        text = self.edited('data-policy="both" data-occurrences="2"', 'data-policy="both" data-occurrences="3"')
        self.assertFails(text, "timeline both: 2 occurrence rows, data-occurrences says 3")

    def test_occurrence_rows_disagree_with_the_trace(self):
        expected = sample_expectations()
        expected.trace["edit"]["occurrences"] = 4
        problems = contract_problems(self.text, expected)
        self.assertIn("timeline edit: 2 occurrence rows, the trace has 4 attachment tracks", problems)

    def test_groups_disagree_with_data_occurrences(self):
        text = self.edited('<g class="occurrence-group" data-occurrences="1"',
                           '<g class="occurrence-group" data-occurrences="2"')
        self.assertFails(text, "timeline scroll: 2 groups of 4 occurrence rows, data-occurrences says 3")

    def test_bar_without_title(self):
        bar = '<rect class="view cached" x="400" y="6" width="200" height="8">'
        text = self.edited(bar + "<title>view cached</title></rect>", bar + "</rect>")
        self.assertFails(text, "timeline scroll: 1 rect.view.cached without a <title> child")

    def test_ruler_misses_a_step(self):
        text = self.edited('<line class="step" data-step="2" data-op="scrollBy" x1="400" y1="0" x2="400" y2="90"/>',
                           "", count=3)
        self.assertFails(text, "the ruler has 2 step lines, the scenario has 3 steps")

    def test_ruler_ops_out_of_order(self):
        text = self.edited('data-step="1" data-op="type"', 'data-step="1" data-op="scrollBy"', count=4)
        self.assertFails(text, "the ruler's data-op in step order")

    def test_tradeoff_chart_misses_a_bound(self):
        text = self.edited('<circle class="point" data-bound="64" data-resets-avoided="3" data-views="20" '
                           'data-bytes="163840" cx="210" cy="70" r="4"/>', "")
        self.assertFails(text, "tradeoff chart 2: bounds")

    def test_no_tradeoff_chart(self):
        text = self.text.replace('class="tradeoff"', 'class="chart"')
        self.assertFails(text, 'no <svg class="tradeoff">')

    def test_missing_timeline(self):
        text = self.edited('class="timeline" data-policy="edit"', 'class="chart" data-policy="edit"')
        self.assertFails(text, 'timeline edit: no <svg class="timeline" data-policy="edit">')


class RawAndPolicyTests(unittest.TestCase):
    def setUp(self):
        self.text = read("sample-report.html")

    def raw(self, extra, size=None):
        text = self.text.replace("</body>", extra + "</body>")
        return report_dom.check_raw_html(text, size if size is not None else len(text.encode()))

    def test_external_resources(self):
        self.assertTrue(self.raw('<script src="report.js"></script>'))
        self.assertTrue(self.raw('<link rel="stylesheet" href="https://cdn.example/a.css">'))
        self.assertTrue(self.raw('<img src="http://example.com/a.png">'))
        self.assertTrue(self.raw('<img src="//example.com/a.png">'))
        self.assertTrue(self.raw('<div style="background: url(https://example.com/a.png)"></div>'))
        self.assertTrue(self.raw("<style>.a { background: url('http://example.com/a.png') }</style>"))
        self.assertTrue(self.raw('<svg><image href="https://example.com/a.png"/></svg>'))

    def test_local_resources_pass(self):
        self.assertEqual(self.raw('<img src="data:image/png;base64,iVBORw0KGgo=">'), [])
        self.assertEqual(self.raw('<a href="https://example.com/docs">docs</a>'), [])

    def test_size_limit(self):
        self.assertIn("not under", self.raw("", size=report_dom.MAX_BYTES)[0])

    def test_content_security_policy(self):
        csp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
        self.assertEqual(report_dom.check_csp(report_dom.parse(self.text)), [])
        missing = report_dom.parse(self.text.replace("Content-Security-Policy", "X-Policy"))
        self.assertIn("no <meta", report_dom.check_csp(missing)[0])
        weaker = report_dom.parse(self.text.replace(csp, "default-src 'none'; style-src 'unsafe-inline'; img-src *"))
        self.assertIn("img-src is *", report_dom.check_csp(weaker)[0])
        extra = report_dom.parse(self.text.replace(csp, csp + "; connect-src https://example.com"))
        self.assertIn("connect-src allows", report_dom.check_csp(extra)[0])


class ParserTests(unittest.TestCase):
    def test_implied_end_tags_and_void_elements(self):
        root = report_dom.parse("<table><tr><td data-policy=none data-counter=a>1<td>2<tr><td>3</table>"
                                "<p>x<img src=a.png><p>y<svg><rect class=provider /><rect/></svg>")
        table = root.find_all("table")[0]
        self.assertEqual([cell.text() for cell in table.find_all("td")], ["1", "2", "3"])
        self.assertEqual(len(root.find_all("p")), 2)
        svg = root.find_all("svg")[0]
        self.assertEqual([child.tag for child in svg.children], ["rect", "rect"])


if __name__ == "__main__":
    unittest.main()
