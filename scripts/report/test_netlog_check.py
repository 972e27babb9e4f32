"""Tests of netlog_check.py on small NetLogs in Chromium's layout (constants, then one event a line)."""

import json
import os
import tempfile
import unittest

import netlog_check

CONSTANTS = {
    "logSourceType": {"NONE": 0, "URL_REQUEST": 1, "HOST_RESOLVER_IMPL_JOB": 14, "TCP_CONNECT_JOB": 17,
                      "UDP_SOCKET": 24, "COOKIE_STORE": 39},
    "logEventTypes": {"REQUEST_ALIVE": 1, "URL_REQUEST_START_JOB": 2, "HOST_RESOLVER_MANAGER_JOB": 3,
                      "SOCKET_POOL_CONNECT_JOB_CREATED": 4, "UDP_CONNECT": 5, "COOKIE_STORE_ALIVE": 6},
}


def event(source_type, event_type, params, source_id=1):
    return {"params": params, "phase": 1, "source": {"id": source_id, "start_time": "1", "type": source_type},
            "time": "1", "type": event_type}


def browser_request(url, source_id=1):
    """A request of Chromium's own, as it logs one: no origin as initiator."""
    return [
        event(1, 1, {"priority": "IDLE", "url": url}, source_id),
        event(1, 2, {"initiator": "not an origin", "method": "GET", "network_isolation_key": "null null",
                     "url": url}, source_id),
        event(14, 3, {"host": url.split("/")[0] + "//" + url.split("/")[2]}, source_id + 1),
        event(17, 4, {"group_id": "pm/" + "/".join(url.split("/")[:3]) + " <null>"}, source_id + 2),
        event(24, 5, {"address": "10.0.0.53:53"}, source_id + 3),
    ]


def page_request(url, source_id=20):
    """A request a file:// page made: initiator "null" and a file:// network isolation key."""
    return [
        event(1, 1, {"priority": "LOW", "url": url}, source_id),
        event(1, 2, {"initiator": "null", "method": "GET", "network_isolation_key": "file:// file://", "url": url},
              source_id),
    ]


def netlog_text(events):
    """The file as Chromium writes it."""
    lines = ['{"constants":' + json.dumps(CONSTANTS) + ",", '"events": [']
    lines += [json.dumps(item) + "," for item in events[:-1]] + [json.dumps(events[-1])]
    lines += ['],"polledData": {}', "}"]
    return "\n".join(lines) + "\n"


class NetlogTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        self.baseline_events = browser_request("http://clients2.google.com/time/1/current") + [
            event(39, 6, {"persistent": False})]

    def write(self, name, text):
        path = os.path.join(self.directory.name, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def baseline(self):
        netlog, repaired = netlog_check.load(self.write("baseline.json", netlog_text(self.baseline_events)))
        self.assertFalse(repaired)
        return netlog_check.activity(netlog)

    def test_baseline_activity(self):
        activity = self.baseline()
        self.assertEqual(activity.origins, {"http://clients2.google.com"})
        self.assertEqual(activity.hosts, {"clients2.google.com"})
        self.assertEqual(activity.sources, {"UDP_SOCKET"})  # the others name their host
        self.assertEqual(activity.page_requests, [])

    def test_same_activity_as_the_baseline_passes(self):
        path = self.write("report.json", netlog_text(self.baseline_events))
        lines, _, _ = netlog_check.compare(path, self.baseline())
        self.assertEqual(lines, [])

    def test_request_of_the_page_fails(self):
        path = self.write("report.json", netlog_text(self.baseline_events + page_request("https://cdn.example/a.css")))
        lines, _, _ = netlog_check.compare(path, self.baseline())
        self.assertIn("request to https://cdn.example", lines)
        self.assertIn("request made by the page: https://cdn.example/a.css", lines)

    def test_page_request_to_a_host_chromium_also_asks_fails(self):
        events = self.baseline_events + page_request("http://clients2.google.com/x.png")
        lines, _, _ = netlog_check.compare(self.write("report.json", netlog_text(events)), self.baseline())
        self.assertEqual(lines, ["request made by the page: http://clients2.google.com/x.png"])

    def test_new_lookup_or_source_fails(self):
        events = self.baseline_events + [event(14, 3, {"host": "wss://socket.example"}, 40)]
        lines, _, _ = netlog_check.compare(self.write("report.json", netlog_text(events)), self.baseline())
        self.assertIn("request to wss://socket.example", lines)
        self.assertIn("lookup of or connection to socket.example", lines)
        constants_with_quic = dict(CONSTANTS, logSourceType=dict(CONSTANTS["logSourceType"], QUIC_SESSION=50))
        text = netlog_text(self.baseline_events + [event(50, 6, {}, 41)]).replace(
            json.dumps(CONSTANTS), json.dumps(constants_with_quic))
        lines, _, _ = netlog_check.compare(self.write("quic.json", text), self.baseline())
        self.assertEqual(lines, ["network source QUIC_SESSION tied to no host"])

    def test_source_tied_to_a_baseline_host_through_a_dependency_passes(self):
        constants = dict(CONSTANTS, logSourceType=dict(CONSTANTS["logSourceType"], SSL_CONNECT_JOB=51,
                                                       SOCKET=52))
        events = self.baseline_events + [
            event(51, 4, {"group_id": "pm/https://update.example <null>"}, 60),
            event(52, 6, {"source_dependency": {"id": 60, "type": 51}}, 61),  # a socket its connect job opened
        ]
        baseline_events = self.baseline_events + [event(51, 4, {"group_id": "pm/https://update.example <null>"}, 60)]
        baseline = netlog_check.activity(json.loads(netlog_text(baseline_events).replace(
            json.dumps(CONSTANTS), json.dumps(constants))))
        text = netlog_text(events).replace(json.dumps(CONSTANTS), json.dumps(constants))
        lines, found, _ = netlog_check.compare(self.write("report.json", text), baseline)
        self.assertEqual(lines, [])
        self.assertNotIn("SOCKET", found.sources)
        lonely = netlog_text(events + [event(52, 6, {}, 70)]).replace(json.dumps(CONSTANTS), json.dumps(constants))
        lines, _, _ = netlog_check.compare(self.write("lonely.json", lonely), baseline)
        self.assertEqual(lines, ["network source SOCKET tied to no host"])

    def test_empty_baseline_makes_every_request_count(self):
        lines, _, _ = netlog_check.compare(self.write("report.json", netlog_text(self.baseline_events)),
                                           netlog_check.Activity())
        self.assertIn("request to http://clients2.google.com", lines)

    def test_truncated_netlog_is_read_up_to_its_last_whole_event(self):
        events = self.baseline_events + page_request("https://cdn.example/a.css")
        text = netlog_text(events)
        cut = text[:text.index('"initiator": "null"')]  # inside the page's URL_REQUEST_START_JOB event
        lines, found, repaired = netlog_check.compare(self.write("cut.json", cut), self.baseline())
        self.assertTrue(repaired)
        self.assertEqual(found.page_requests, [])
        self.assertEqual(lines, ["request to https://cdn.example"])  # from the REQUEST_ALIVE line before the cut
        whole_lines = text[:text.rindex("],")].rstrip()  # every event, no closing
        lines, found, repaired = netlog_check.compare(self.write("open.json", whole_lines), self.baseline())
        self.assertTrue(repaired)
        self.assertEqual(found.page_requests, ["https://cdn.example/a.css"])

    def test_unreadable_netlog(self):
        with self.assertRaises(ValueError):
            netlog_check.load(self.write("broken.json", '{"constants": {"logSourceType"'))


if __name__ == "__main__":
    unittest.main()
