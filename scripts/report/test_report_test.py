"""report_test.py end to end with testdata/fake_chat_demo.py in place of chat-demo, in headless
Chromium (skipped when Chromium is not installed): the fake's outputs pass, and each fault it can
make is reported.
"""

import contextlib
import io
import json
import os
import tempfile
import unittest
from pathlib import Path
from unittest import mock

import report_dom
import report_test

TESTDATA = Path(__file__).resolve().parent / "testdata"
FAKE = TESTDATA / "fake_chat_demo.py"
HAVE_CHROMIUM = os.access(report_test.CHROMIUM, os.X_OK)


def run(outdir, broken=""):
    """(exit status, output) of report_test.py on the fake chat-demo."""
    out = io.StringIO()
    with mock.patch.dict(os.environ, {"FAKE_CHAT_DEMO_BREAK": broken}), contextlib.redirect_stdout(out):
        status = report_test.main(["report_test.py", str(FAKE), str(outdir)])
    return status, out.getvalue()


@unittest.skipUnless(HAVE_CHROMIUM, f"no {report_test.CHROMIUM}")
class EndToEndTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory(prefix="report-test-")
        self.addCleanup(self.directory.cleanup)
        self.outdir = Path(self.directory.name)

    def test_fake_outputs_pass(self):
        status, output = run(self.outdir)
        self.assertEqual(status, 0, output)
        self.assertIn("report-test: OK", output)
        self.assertEqual(report_test.png_size(self.outdir / "report.png"), report_test.SCREENSHOT_SIZE)
        self.assertTrue((self.outdir / "netlog.json").exists())

    def test_reset_marks_summing_wrong_fail(self):
        status, output = run(self.outdir, "resets")
        self.assertEqual(status, 1)
        self.assertIn("typing-burst: DOM contract: timeline none: reset marks sum to 5, the report JSON has "
                      "animationResets 6", output)
        self.assertIn("history-3000: DOM contract: timeline none: reset marks sum to 599", output)

    def test_network_image_fails_in_the_file_the_policy_and_the_netlog(self):
        status, output = run(self.outdir, "network")
        self.assertEqual(status, 1)
        self.assertIn("typing-burst: raw HTML: <img src='http://report-test.invalid/pixel.png'>", output)
        self.assertIn("typing-burst: Content-Security-Policy: no <meta", output)
        self.assertIn("network: netlog.json: request made by the page: http://report-test.invalid/pixel.png", output)

    def test_overlapping_slices_fail(self):
        status, output = run(self.outdir, "trace")
        self.assertEqual(status, 1)
        self.assertIn("typing-burst: trace: event", output)
        self.assertIn("without nesting in it", output)

    def test_exit_status_one_is_a_run_and_three_is_not(self):
        status, output = run(self.outdir, "expectation")
        self.assertEqual(status, 0, output)
        self.assertIn("chat-demo exited 1, an expectation failed in some row", output)
        status, output = run(self.outdir, "crash")
        self.assertEqual(status, 1)
        self.assertIn("ended with 3", output)

    def test_sample_report_as_chromium_serializes_it(self):
        url = (TESTDATA / "sample-report.html").as_uri()
        status, dom, _ = report_test.run_chromium(url, self.outdir / "netlog.json", ["--dump-dom"])
        self.assertEqual(status, 0)
        trace = json.loads((TESTDATA / "sample-trace.json").read_text(encoding="utf-8"))
        facts, _ = report_dom.trace_expectations(trace)
        expected = report_dom.Expectations.from_report(
            json.loads((TESTDATA / "sample-report.json").read_text(encoding="utf-8")),
            json.loads((TESTDATA / "sample-scenario.json").read_text(encoding="utf-8")), facts)
        root = report_dom.parse(dom)
        self.assertEqual(report_dom.check_contract(root, expected)[0], [])
        self.assertEqual(report_dom.check_csp(root), [])


if __name__ == "__main__":
    unittest.main()
