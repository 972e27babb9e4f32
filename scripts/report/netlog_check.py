"""Reads Chromium's NetLog (`--log-net-log=FILE`) and finds the network activity a page caused.

Chromium makes requests of its own at startup even with --disable-background-networking,
--disable-component-update and --disable-sync: with Debian's chromium 156 headless, every run (an
empty page included) asks http://clients2.google.com/time (network time),
https://accounts.google.com/ListAccounts (the Google account cookie check) and
http(s)://update.googleapis.com/service/update2/json (the updater), with the DNS lookups, UDP
sockets and connect jobs behind them. So activity is compared with a baseline run of the same
flags on an empty local page: what the baseline also shows is Chromium's own; anything else (an
origin, a host looked up or connected to, a kind of network source tied to no host) is the page's.
Requests the page made itself are reported whatever the baseline shows: the network stack logs them
with the page's origin as initiator ("null" for a file:// page) and a file:// network isolation
key, which Chromium's own requests never have.
"""

import json
import re
from urllib.parse import urlsplit

NETWORK_SCHEMES = ("http", "https", "ws", "wss", "ftp")
URL_PATTERN = re.compile(
    r"\b(" + "|".join(NETWORK_SCHEMES) + r")://(\[[0-9a-f:.]+\](?::\d+)?|[^\s/?#<>\"';,(){}\[\]]+)", re.IGNORECASE)
# Source types that mean a name lookup, a socket or a connection (URL_REQUEST counts through its URLs).
NETWORK_SOURCE_PATTERN = re.compile(r"HOST_RESOLVER|DNS|SOCKET|CONNECT_JOB|QUIC|HTTP_STREAM|WEB_SOCKET|PROXY_CLIENT")
HOST_KEYS = ("host", "hostname", "qname")


def load(path):
    """(netlog, repaired): the NetLog as a dict. A log cut short (Chromium killed before it wrote the
    closing `]}`) is rebuilt from its complete lines: Chromium writes the constants on the first line
    and one event per line after `"events": [`."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    try:
        return json.loads(text), False
    except ValueError:
        pass
    for ending in ("]}", "}]}", "\n]}"):
        try:
            return json.loads(text.rstrip().rstrip(",") + ending), True
        except ValueError:
            continue
    lines = text.splitlines()
    if not lines:
        raise ValueError(f"{path}: empty NetLog")
    try:
        constants = json.loads(lines[0].rstrip().rstrip(",") + "}")
    except ValueError as error:
        raise ValueError(f"{path}: the NetLog's first line (its constants) is not complete: {error}") from None
    events = []
    for line in lines[1:]:
        line = line.strip()
        if not line or line.startswith('"events"'):
            continue
        try:
            event = json.loads(line.rstrip(","))
        except ValueError:
            break  # the line Chromium was writing when it stopped, or the closing lines
        if isinstance(event, dict) and "type" in event:
            events.append(event)
    return {"constants": constants.get("constants", {}), "events": events}, True


def _strings(value):
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _host(text):
    if "://" in text:
        return (urlsplit(text).hostname or "").lower()
    return text.lower().strip("[]")


class Activity:
    """The network activity in one NetLog."""

    def __init__(self):
        self.origins = set()  # scheme://host of every network URL in any event's params
        self.hosts = set()  # hosts looked up or connected to
        self.sources = set()  # types of network sources (lookups, sockets, connect jobs) tied to no host
        self.page_requests = []  # URLs of requests a file:// page made itself

    def is_empty(self):
        return not (self.origins or self.hosts or self.sources or self.page_requests)

    def minus(self, baseline):
        """Lines for the activity not also in the baseline, and every request the page made."""
        lines = [f"request to {origin}" for origin in sorted(self.origins - baseline.origins)]
        lines += [f"lookup of or connection to {host}" for host in sorted(self.hosts - baseline.hosts)]
        lines += [f"network source {source} tied to no host" for source in sorted(self.sources - baseline.sources)]
        lines += [f"request made by the page: {url}" for url in sorted(set(self.page_requests))]
        return lines


def activity(netlog):
    """The Activity of a loaded NetLog.

    A lookup, socket or connect job is tied to the hosts named in its own events or in the events of
    the sources it depends on or that depend on it (`params.source_dependency`: a connect job on its
    stream job and URL request, a DNS attempt on its UDP socket). Such sources are compared through
    their hosts, so a connection to a host the baseline also asks for counts as the baseline's however
    far it got before Chromium quit; sources tied to no host are compared by type."""
    constants = netlog.get("constants", {}) if isinstance(netlog, dict) else {}
    source_names = {number: name for name, number in constants.get("logSourceType", {}).items()}
    event_names = {number: name for name, number in constants.get("logEventTypes", {}).items()}
    found = Activity()
    source_types = {}
    tied = set()
    parent = {}

    def root(source_id):
        while parent.get(source_id, source_id) != source_id:
            parent[source_id] = parent.get(parent[source_id], parent[source_id])
            source_id = parent[source_id]
        return source_id

    events = netlog.get("events", []) if isinstance(netlog, dict) else []
    for event in events:
        if not isinstance(event, dict):
            continue
        source = event.get("source") or {}
        source_id = source.get("id")
        source_type = source_names.get(source.get("type"), str(source.get("type")))
        source_types[source_id] = source_type
        event_type = event_names.get(event.get("type"), str(event.get("type")))
        params = event.get("params")
        if not isinstance(params, dict):
            params = {}
        dependency = params.get("source_dependency")
        if isinstance(dependency, dict) and "id" in dependency:
            parent[root(source_id)] = root(dependency["id"])
        for text in _strings(params):
            for match in URL_PATTERN.finditer(text):
                scheme, authority = match.group(1).lower(), match.group(2).lower()
                found.origins.add(f"{scheme}://{authority}")
                tied.add(source_id)
        if NETWORK_SOURCE_PATTERN.search(source_type):
            for key in HOST_KEYS:
                if isinstance(params.get(key), str) and _host(params[key]):
                    found.hosts.add(_host(params[key]))
                    tied.add(source_id)
        url = params.get("url")
        if event_type == "URL_REQUEST_START_JOB" and isinstance(url, str) and _is_network_url(url):
            initiator = str(params.get("initiator", ""))
            isolation = str(params.get("network_isolation_key", ""))
            if initiator == "null" or initiator.startswith("file:") or isolation.startswith("file:"):
                found.page_requests.append(url)
    tied_roots = {root(source_id) for source_id in tied}
    for source_id, source_type in source_types.items():
        if NETWORK_SOURCE_PATTERN.search(source_type) and root(source_id) not in tied_roots:
            found.sources.add(source_type)
    return found


def _is_network_url(text):
    return urlsplit(text).scheme.lower() in NETWORK_SCHEMES


def compare(path, baseline_activity):
    """(lines, activity, repaired): what the NetLog at path shows beyond the baseline."""
    netlog, repaired = load(path)
    found = activity(netlog)
    return found.minus(baseline_activity), found, repaired


def union(activities):
    merged = Activity()
    for item in activities:
        merged.origins |= item.origins
        merged.hosts |= item.hosts
        merged.sources |= item.sources
        merged.page_requests += item.page_requests
    return merged
