"""Checks `chat-demo --html` reports: the DOM contract, the Content-Security-Policy, and that the file
loads nothing from outside.

The DOM contract (what the report's HTML carries, attribute by attribute):

- `<table class="counters">`: one `<td data-policy="P" data-counter="C">` per policy set and counter,
  its text the integer;
- per policy set an `<svg class="timeline" data-policy="P" data-occurrences="N" data-aggregated="false|true">`
  holding one `<g class="occurrence" data-attachment="A" data-occurrence="O">` per occurrence, or when
  aggregated `<g class="occurrence-group" data-occurrences="K">` rows standing for K occurrences each;
  provider bars `<rect class="provider">`, view states `<rect class="view shown|cached">`, reset marks
  `<path class="reset" data-count="C">` (C resets, 1 unless aggregated), each with a `<title>` child;
  and a ruler `<g class="ruler">` with one `<line class="step" data-step="i" data-op="op">` per step;
- one or more `<svg class="tradeoff">` charts with one
  `<circle class="point" data-bound="B" data-resets-avoided="R" data-views="V" data-bytes="Y">` per
  scroll cache bound B in 0, 8, 16, 32, 64, unbounded.

Parsing uses html.parser on Chromium's serialized DOM (`--dump-dom`) or on the file itself.
"""

import re
from html.parser import HTMLParser

import validate_trace

POLICIES = ("none", "edit", "scroll", "both")
BOUNDS = ("0", "8", "16", "32", "64", "unbounded")
REQUIRED_COUNTERS = ("animationResets", "providersCreated", "viewsLoaded")
MAX_BYTES = 5 * 1024 * 1024
CSP = {"default-src": ["'none'"], "style-src": ["'unsafe-inline'"], "img-src": ["data:"]}
# CSP sources that never reach the network; an extra directive may only list these.
LOCAL_SOURCES = {"'none'", "'self'", "'unsafe-inline'", "data:"}
VOID_ELEMENTS = frozenset(
    "area base br col embed hr img input link meta param source track wbr".split())
NETWORK_REFERENCE = re.compile(r"^\s*(https?:|wss?:|ftp:|//)", re.IGNORECASE)
CSS_NETWORK_URL = re.compile(r"url\(\s*['\"]?\s*(https?:|wss?:|ftp:|//)", re.IGNORECASE)
CSS_IMPORT = re.compile(r"@import\b", re.IGNORECASE)
# Elements whose src/href (or data) attribute the browser loads.
LOADING_ELEMENTS = {
    "img": ("src", "srcset"), "image": ("href", "xlink:href"), "use": ("href", "xlink:href"),
    "iframe": ("src",), "frame": ("src",), "embed": ("src",), "object": ("data",), "source": ("src", "srcset"),
    "audio": ("src",), "video": ("src", "poster"), "track": ("src",), "input": ("src",), "feimage": ("href",),
    "script": ("src", "href", "xlink:href"),
}


class Node:
    """An element of the parsed document: tag, attributes, children and text."""

    def __init__(self, tag, attrs, parent=None):
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children = []
        self.text_parts = []

    def classes(self):
        return (self.attrs.get("class") or "").split()

    def has_class(self, name):
        return name in self.classes()

    def iter(self):
        """This node and every descendant, in document order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def find_all(self, tag=None, cls=None):
        return [node for node in self.iter() if node is not self and (tag is None or node.tag == tag)
                and (cls is None or node.has_class(cls))]

    def text(self):
        return "".join(part for node in self.iter() for part in node.text_parts)

    def __repr__(self):
        return f"<{self.tag} {self.attrs}>"


class _TreeBuilder(HTMLParser):
    """Builds Nodes; closes elements HTML closes implicitly (td, tr, li, p) and void elements."""

    IMPLIED_END = {
        "td": {"td", "th"}, "th": {"td", "th"}, "tr": {"td", "th", "tr"},
        "tbody": {"td", "th", "tr", "thead", "tbody", "tfoot"}, "thead": {"td", "th", "tr", "thead", "tbody", "tfoot"},
        "tfoot": {"td", "th", "tr", "thead", "tbody", "tfoot"}, "li": {"li"}, "p": {"p"}, "option": {"option"},
    }

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        closes = self.IMPLIED_END.get(tag)
        if closes:
            while len(self.stack) > 1 and self.stack[-1].tag in closes:
                self.stack.pop()
        node = Node(tag, {name: (value if value is not None else "") for name, value in attrs}, self.stack[-1])
        self.stack[-1].children.append(node)
        if tag not in VOID_ELEMENTS:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID_ELEMENTS:
            self.stack.pop()

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        self.stack[-1].text_parts.append(data)


def parse(html_text):
    builder = _TreeBuilder()
    builder.feed(html_text)
    builder.close()
    return builder.root


def _int(text):
    """The integer an attribute or cell holds, or None."""
    text = (text or "").strip()
    return int(text) if re.fullmatch(r"-?\d+", text) else None


def _number(text):
    try:
        value = float((text or "").strip())
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def check_raw_html(text, size):
    """Problems of the file itself: its size, and anything it would load from outside."""
    problems = []
    if size >= MAX_BYTES:
        problems.append(f"the HTML file is {size:,} bytes, not under {MAX_BYTES:,}")
    root = parse(text)
    for node in root.iter():
        if node.tag == "script" and "src" in node.attrs:
            problems.append(f"<script src={node.attrs['src']!r}> (the report must carry its scripts inline)")
        if node.tag == "link" and "href" in node.attrs:
            rel = node.attrs.get("rel", "").lower().split()
            if "stylesheet" in rel or "preload" in rel or "prefetch" in rel or "icon" in rel or "import" in rel:
                problems.append(f"<link rel={node.attrs.get('rel')!r} href={node.attrs['href']!r}> loads a file")
        for attribute in LOADING_ELEMENTS.get(node.tag, ()):
            value = node.attrs.get(attribute)
            if value and NETWORK_REFERENCE.search(value) and not (node.tag == "script" and attribute == "src"):
                problems.append(f"<{node.tag} {attribute}={value!r}> loads from the network")
        style = node.attrs.get("style", "")
        if CSS_NETWORK_URL.search(style):
            problems.append(f"<{node.tag} style=...> has url() of a network address")
    for match in CSS_NETWORK_URL.finditer(text):
        excerpt = text[match.start():match.start() + 60]
        problems.append(f"url() of a network address at offset {match.start()}: {excerpt!r}")
    for node in root.find_all("style"):
        if CSS_IMPORT.search(node.text()):
            problems.append("<style> uses @import")
    return _dedupe(problems)


def _dedupe(items):
    seen = set()
    return [item for item in items if not (item in seen or seen.add(item))]


def check_csp(root):
    """Problems with the Content-Security-Policy meta tag."""
    metas = [node for node in root.find_all("meta")
             if node.attrs.get("http-equiv", "").lower() == "content-security-policy"]
    if not metas:
        return ["no <meta http-equiv=\"Content-Security-Policy\"> in the DOM"]
    problems = []
    for meta in metas:
        content = meta.attrs.get("content", "")
        directives = {}
        for part in content.split(";"):
            words = part.split()
            if words:
                directives[words[0].lower()] = words[1:]
        for name, sources in CSP.items():
            if directives.get(name) != sources:
                problems.append(f"CSP {content!r}: {name} is {' '.join(directives.get(name, ['(missing)']))}, "
                                f"expected {' '.join(sources)}")
        for name, sources in directives.items():
            if name not in CSP and any(source.lower() not in LOCAL_SOURCES for source in sources):
                problems.append(f"CSP {content!r}: {name} allows {' '.join(sources)}")
    return problems


class Expectations:
    """What the report's DOM must agree with.

    - rows: policy -> counters, from the report JSON (`--report`);
    - steps: the scenario's step ops, in order;
    - trace: policy -> {"resets": n, "occurrences": k} from the trace, or None when there is no trace.
    """

    def __init__(self, rows, steps, trace=None):
        self.rows = rows
        self.steps = steps
        self.trace = trace

    @staticmethod
    def from_report(report, scenario, trace=None):
        rows = {row.get("policy"): row.get("counters", {}) for row in report.get("rows", [])}
        steps = [step.get("op") for step in scenario.get("steps", [])]
        return Expectations(rows, steps, trace)


def check_contract(root, expected):
    """(problems, facts): the DOM checked against the contract and the expectations; facts per policy
    (what was counted) for a summary table."""
    problems = []
    facts = {policy: {} for policy in POLICIES}
    problems += _check_counters(root, expected, facts)
    problems += _check_timelines(root, expected, facts)
    problems += _check_tradeoff(root, facts)
    return problems, facts


def _check_counters(root, expected, facts):
    problems = []
    tables = root.find_all("table", "counters")
    if not tables:
        return ["no <table class=\"counters\">"]
    cells = {}
    for table in tables:
        for cell in table.find_all("td"):
            policy, counter = cell.attrs.get("data-policy"), cell.attrs.get("data-counter")
            if policy is None and counter is None:
                continue
            if policy not in POLICIES or not counter:
                problems.append(f"counters: a cell with data-policy={policy!r} data-counter={counter!r}")
                continue
            if (policy, counter) in cells:
                problems.append(f"counters: two cells for {policy} {counter}")
            value = _int(cell.text())
            if value is None:
                problems.append(f"counters: {policy} {counter} is {cell.text().strip()!r}, not an integer")
            cells[(policy, counter)] = value
    for policy in POLICIES:
        row = expected.rows.get(policy)
        if row is None:
            problems.append(f"counters: the report JSON has no row for {policy}")
            continue
        shown = {counter: value for (cell_policy, counter), value in cells.items() if cell_policy == policy}
        facts[policy]["counters shown"] = len(shown)
        for counter in REQUIRED_COUNTERS:
            if counter not in shown:
                problems.append(f"counters: no cell for {policy} {counter}")
        for counter, value in sorted(shown.items()):
            if counter not in row:
                problems.append(f"counters: {policy} {counter} is not a counter of the report JSON")
            elif value is not None and value != row[counter]:
                problems.append(f"counters: {policy} {counter} shows {value}, the report JSON has {row[counter]}")
    return problems


def _check_timelines(root, expected, facts):
    problems = []
    timelines = root.find_all("svg", "timeline")
    by_policy = {}
    for svg in timelines:
        policy = svg.attrs.get("data-policy")
        if policy not in POLICIES:
            problems.append(f"timeline: an svg.timeline with data-policy={policy!r}")
        elif policy in by_policy:
            problems.append(f"timeline: two svg.timeline for {policy}")
        else:
            by_policy[policy] = svg
    for policy in POLICIES:
        svg = by_policy.get(policy)
        if svg is None:
            problems.append(f"timeline {policy}: no <svg class=\"timeline\" data-policy=\"{policy}\">")
            continue
        problems += [f"timeline {policy}: {problem}"
                     for problem in _check_timeline(svg, policy, expected, facts[policy])]
    return problems


def _check_timeline(svg, policy, expected, facts):
    problems = []
    occurrences = _int(svg.attrs.get("data-occurrences"))
    aggregated = svg.attrs.get("data-aggregated")
    if occurrences is None or occurrences < 0:
        problems.append(f"data-occurrences is {svg.attrs.get('data-occurrences')!r}, not a count")
    if aggregated not in ("true", "false"):
        problems.append(f"data-aggregated is {aggregated!r}, expected true or false")
    facts["aggregated"] = aggregated
    facts["data-occurrences"] = occurrences
    rows = svg.find_all("g", "occurrence")
    groups = svg.find_all("g", "occurrence-group")
    trace = (expected.trace or {}).get(policy) if expected.trace is not None else None
    if aggregated == "true":
        counts = [_int(group.attrs.get("data-occurrences")) for group in groups]
        if any(count is None or count < 1 for count in counts):
            problems.append("a g.occurrence-group without a positive data-occurrences")
        represented = sum(count for count in counts if count)
        facts["rows"] = f"{len(groups)} groups of {represented}"
        if rows:
            problems.append(f"aggregated, yet {len(rows)} g.occurrence rows")
    else:
        represented = len(rows)
        facts["rows"] = len(rows)
        if groups:
            problems.append(f"not aggregated, yet {len(groups)} g.occurrence-group rows")
        seen = set()
        for row in rows:
            key = (row.attrs.get("data-attachment"), row.attrs.get("data-occurrence"))
            if None in key or "" in key:
                problems.append(f"a g.occurrence without data-attachment and data-occurrence: {row.attrs}")
            elif key in seen:
                problems.append(f"two g.occurrence rows for attachment {key[0]} occurrence {key[1]}")
            seen.add(key)
    if occurrences is not None and represented != occurrences:
        problems.append(f"{facts['rows']} occurrence rows, data-occurrences says {occurrences}")
    if trace is not None:
        facts["trace tracks"] = trace["occurrences"]
        if represented != trace["occurrences"]:
            problems.append(f"{represented} occurrence rows, the trace has {trace['occurrences']} attachment tracks")
    # Resets: marks' counts against the report JSON and the trace.
    total = 0
    for mark in svg.find_all("path", "reset"):
        count = _int(mark.attrs.get("data-count"))
        if count is None or count < 1:
            problems.append(f"a path.reset with data-count={mark.attrs.get('data-count')!r}")
            continue
        if aggregated == "false" and count != 1:
            problems.append(f"a path.reset with data-count={count} in a timeline that is not aggregated")
        total += count
    facts["resets drawn"] = total
    row = expected.rows.get(policy)
    if row is not None and "animationResets" in row:
        facts["resets (report)"] = row["animationResets"]
        if total != row["animationResets"]:
            problems.append(f"reset marks sum to {total}, the report JSON has animationResets {row['animationResets']}")
    if trace is not None:
        facts["resets (trace)"] = trace["resets"]
        if total != trace["resets"]:
            problems.append(f"reset marks sum to {total}, the trace has {trace['resets']} \"animation reset\" instants")
    # Every bar and mark says what it is.
    untitled = {}
    for node in svg.iter():
        kind = None
        if node.tag == "rect" and node.has_class("provider"):
            kind = "rect.provider"
        elif node.tag == "rect" and node.has_class("view") and (node.has_class("shown") or node.has_class("cached")):
            kind = "rect.view." + ("shown" if node.has_class("shown") else "cached")
        elif node.tag == "path" and node.has_class("reset"):
            kind = "path.reset"
        if kind is None:
            continue
        facts[kind] = facts.get(kind, 0) + 1
        if not any(child.tag == "title" and child.text().strip() for child in node.children):
            untitled[kind] = untitled.get(kind, 0) + 1
    for kind, count in sorted(untitled.items()):
        problems.append(f"{count} {kind} without a <title> child saying what it is")
    if not facts.get("rect.provider") and represented:
        problems.append("occurrences but no rect.provider bars")
    problems += _check_ruler(svg, expected, facts)
    return problems


def _check_ruler(svg, expected, facts):
    rulers = svg.find_all("g", "ruler")
    if len(rulers) != 1:
        return [f"{len(rulers)} g.ruler, expected 1"]
    lines = rulers[0].find_all("line", "step")
    facts["ruler steps"] = len(lines)
    problems = []
    if len(lines) != len(expected.steps):
        problems.append(f"the ruler has {len(lines)} step lines, the scenario has {len(expected.steps)} steps")
    indexed = []
    for line in lines:
        index = _int(line.attrs.get("data-step"))
        if index is None:
            problems.append(f"a ruler line with data-step={line.attrs.get('data-step')!r}")
        else:
            indexed.append((index, line.attrs.get("data-op")))
    if len({index for index, _ in indexed}) != len(indexed):
        problems.append("ruler lines repeat a data-step")
    ops = [op for _, op in sorted(indexed)]
    if len(ops) == len(expected.steps) and ops != expected.steps:
        problems.append(f"the ruler's data-op in step order is {ops}, the scenario's steps are {expected.steps}")
    return problems


def _check_tradeoff(root, facts):
    charts = root.find_all("svg", "tradeoff")
    if not charts:
        return ["no <svg class=\"tradeoff\">"]
    problems = []
    for number, chart in enumerate(charts, 1):
        points = chart.find_all("circle", "point")
        bounds = sorted((point.attrs.get("data-bound") for point in points), key=str)
        if sorted(bounds) != sorted(BOUNDS):
            problems.append(f"tradeoff chart {number}: bounds {bounds}, expected one point each for {list(BOUNDS)}")
        for point in points:
            for attribute in ("data-resets-avoided", "data-views", "data-bytes"):
                value = _number(point.attrs.get(attribute))
                if value is None or (attribute != "data-resets-avoided" and value < 0):
                    problems.append(f"tradeoff chart {number}: bound {point.attrs.get('data-bound')} has "
                                    f"{attribute}={point.attrs.get(attribute)!r}")
    for policy in POLICIES:
        facts[policy]["tradeoff charts"] = len(charts)
    return problems


def trace_expectations(trace):
    """(policy -> {"pid", "resets", "occurrences"}, problems) from a loaded trace, matching each policy
    set to the process whose name is `policy P` (or ends with it); "occurrences" counts the threads
    named `attachment ...`, "resets" the instants named `animation reset`."""
    process_names = validate_trace.process_names(trace)
    thread_names = validate_trace.thread_names(trace)
    reset_counts = validate_trace.reset_counts(trace)
    by_policy = {}
    problems = []
    for policy in POLICIES:
        wanted = f"policy {policy}"
        pids = [pid for pid, name in process_names.items() if isinstance(name, str)
                and (name == wanted or name.endswith(" " + wanted))]
        if len(pids) != 1:
            names = sorted(map(str, process_names.values()))
            problems.append(f"trace: {len(pids)} processes named {wanted!r} (names: {names})")
            continue
        pid = pids[0]
        tracks = {tid for (thread_pid, tid), name in thread_names.items()
                  if thread_pid == pid and isinstance(name, str) and name.startswith("attachment ")}
        by_policy[policy] = {"pid": pid, "resets": reset_counts.get(pid, 0), "occurrences": len(tracks)}
    return by_policy, problems
