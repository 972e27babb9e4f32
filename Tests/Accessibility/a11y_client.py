#!/usr/bin/python3
"""A screen reader's view of chat-demo, over AT-SPI2 with pyatspi (the library Orca is built on).

Run by `make accessibility-test` under dbus-run-session:
    a11y_client.py CHAT_DEMO SCENARIO_DIR
It starts `CHAT_DEMO --accessibility-serve SCENARIO_DIR/serve.json`, waits for "ready", then reads
and drives the app as an assistive technology does; steps for the app go to its standard input.
Exits 1 on the first failed check, printing what was expected and what came.
"""
import os
import select
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

CHECKS = 0


def check(condition, what):
    global CHECKS
    CHECKS += 1
    if not condition:
        print(f"accessibility: FAILED: {what}", file=sys.stderr)
        sys.exit(1)


class App:
    def __init__(self, binary, scenario):
        self.process = subprocess.Popen(
            [binary, "--accessibility-serve", scenario],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        line = self.read_line(60)
        check(line == "ready", f"the app says ready (it said {line!r})")

    def read_line(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pump(0.01)
            ready, _, _ = select.select([self.process.stdout], [], [], 0.01)
            if ready:
                return self.process.stdout.readline().strip()
        return None

    def step(self, json_line):
        """Runs one scenario step in the app and waits until it is done."""
        self.process.stdin.write(json_line + "\n")
        self.process.stdin.flush()
        line = self.read_line(30)
        check(line is not None and line.startswith("done"), f"step {json_line} runs (the app said {line!r})")

    def quit(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.stdin.close()
        output = self.process.stdout.read()
        status = self.process.wait(30)
        check(status == 0, f"the app ends cleanly (status {status}, said {output!r})")


EVENTS = []


def on_event(event):
    EVENTS.append((event.type, event.source.name if event.source else None, event.detail1, event.detail2,
                   event.any_data))


def pump(seconds):
    """Runs GLib's main context (pyatspi's events arrive there) for about `seconds`."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while True:
        while context.iteration(False):
            pass
        if time.monotonic() >= deadline:
            return
        time.sleep(0.002)


def wait_for_event(predicate, what, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pump(0.02)
        if any(predicate(event) for event in EVENTS):
            return
    check(False, f"{what} (events seen: {EVENTS[-10:]})")


def find_app(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for _ in range(200):
        # The newest one with a window: an app that quit may stay listed for a moment.
        for index in reversed(range(desktop.childCount)):
            child = desktop.getChildAtIndex(index)
            try:
                if child is not None and child.name == name and child.childCount > 0:
                    return child
            except Exception:  # a defunct application
                continue
        pump(0.05)
    return None


def children(element):
    return [element.getChildAtIndex(index) for index in range(element.childCount)]


def main():
    binary, directory = sys.argv[1], sys.argv[2]
    for kind in ["object:text-changed:insert", "object:text-changed:delete", "object:text-caret-moved",
                 "object:state-changed:focused", "object:children-changed", "object:state-changed:showing",
                 "object:active-descendant-changed", "object:text-selection-changed"]:
        pyatspi.Registry.registerEventListener(on_event, kind)
    app = App(binary, os.path.join(directory, "serve.json"))

    application = find_app("chat-demo")
    check(application is not None, "the application is on the bus, named chat-demo")
    check(application.getRoleName() == "application", f"its role is application ({application.getRoleName()})")
    check(application.toolkitName == "ReuseKit", f"its toolkit is ReuseKit ({application.toolkitName})")
    windows = children(application)
    check(len(windows) == 1 and windows[0].getRoleName() == "frame", "one window, a frame")
    window = windows[0]
    check(window.name == "ReuseKit Chat", f"the window is named ReuseKit Chat ({window.name})")
    parts = {(child.getRoleName(), child.name): child for child in children(window)}
    check(("log", "Messages") in parts, f"a message list, role log, named Messages ({list(parts)})")
    check(("entry", "Message") in parts, f"a composer, role entry, named Message ({list(parts)})")
    composer = parts[("entry", "Message")]
    states = composer.getState()
    check(states.contains(pyatspi.STATE_EDITABLE), "the composer is editable")
    check(states.contains(pyatspi.STATE_FOCUSED), "the composer has the focus at the start")

    # The composer as editable text: offsets in Unicode scalars.
    editable = composer.queryEditableText()
    typed = "Grüße 👍🏽 from 東京"
    check(editable.insertText(0, typed, len(typed.encode())), "the composer takes inserted text")
    text = composer.queryText()
    check(text.getText(0, -1) == typed, f"the composer reads back what was inserted ({text.getText(0, -1)!r})")
    check(text.characterCount == len(typed), f"{len(typed)} scalars ({text.characterCount})")
    check(text.setCaretOffset(8), "the caret moves by scalar offset")
    check(text.caretOffset == 8, f"the caret is at scalar 8 ({text.caretOffset})")
    check(text.getText(6, 8) == "👍🏽", f"scalars 6..<8 are the emoji and its skin tone ({text.getText(6, 8)!r})")
    check(editable.deleteText(0, 6), "the composer deletes a range")
    check(text.getText(0, -1) == typed[6:], f"the rest remains ({text.getText(0, -1)!r})")
    check(editable.setTextContents(""), "the composer can be emptied")
    check(text.characterCount == 0, "and is empty")

    check_messages(window, parts[("log", "Messages")])
    check_keyboard(app, parts[("log", "Messages")], composer)
    check_events(app, parts[("log", "Messages")], composer)
    check_list_text(app, parts[("log", "Messages")])
    check_search(app, window)
    app.quit()
    check_large_transcript(binary, directory)
    check_counters_unchanged(binary, directory)
    print(f"accessibility: {CHECKS} checks passed")


def unit(text, offset, granularity):
    """The text unit at `offset` (AT-SPI's GetStringAtOffset), as a string."""
    found = text.getStringAtOffset(offset, granularity)
    return found[0] if isinstance(found, tuple) else found.content


def check_messages(window, log):
    items = children(log)
    roles = [item.getRoleName() for item in items]
    check(roles[0] == "heading", f"the day separator reads as a heading ({roles})")
    check(items[0].name in ("Today", "Yesterday") or "2026" in items[0].name, f"named by its day ({items[0].name})")
    check(items[1].name == "Ana, 14:24", f"a message is named by its sender and time ({items[1].name!r})")
    first = items[1].queryText()
    check(first.getText(0, -1) == "Hello there. How are you today? Fine weather!", "its text is the message")
    check(first.caretOffset == 0, f"its caret is at its start, where a screen reader reads its line ({first.caretOffset})")
    # Word and sentence units, English.
    word = unit(first, 7, pyatspi.TEXT_GRANULARITY_WORD)
    check(word.strip() == "there." or word.startswith("there"), f"the word at 7 ({word!r})")
    sentence = unit(first, 15, pyatspi.TEXT_GRANULARITY_SENTENCE)
    check(sentence == "How are you today? ", f"the sentence at 15 ({sentence!r})")
    # Japanese: sentences end at 。; words change at script changes.
    japanese = items[2].queryText()
    sentence = unit(japanese, 12, pyatspi.TEXT_GRANULARITY_SENTENCE)
    check(sentence == "散歩に行きましょう。", f"a Japanese sentence ({sentence!r})")
    check(unit(japanese, 0, pyatspi.TEXT_GRANULARITY_WORD) == "今日",
          f"a Japanese word ({unit(japanese, 0, pyatspi.TEXT_GRANULARITY_WORD)!r})")
    # Arabic.
    arabic = items[3].queryText()
    word = unit(arabic, 7, pyatspi.TEXT_GRANULARITY_WORD)
    check(word.strip() == "بكم.", f"an Arabic word ({word!r})")
    sentence = unit(arabic, 12, pyatspi.TEXT_GRANULARITY_SENTENCE)
    check(sentence == "كيف حالكم اليوم؟", f"an Arabic sentence ({sentence!r})")
    # A sticker: U+FFFC in the text, an image child with a name.
    mine = items[4]
    check(mine.name == "You, 14:27", f"the local sender reads as You ({mine.name!r})")
    check(mine.queryText().getText(0, -1) == "Party time \ufffc", f"a sticker is U+FFFC ({mine.queryText().getText(0, -1)!r})")
    images = children(mine)
    check(len(images) == 1 and images[0].getRoleName() == "image", "the sticker is an image child")
    check(images[0].name == "party sticker, animated", f"named from the sticker ({images[0].name!r})")


def focused_name():
    for event in reversed(EVENTS):
        if event[0].startswith("object:state-changed:focused") and event[2] == 1:
            return event[1]
    return None


def check_keyboard(app, log, composer):
    app.step('{"op": "tab"}')
    wait_for_event(lambda e: e[0].startswith("object:state-changed:focused") and e[2] == 1 and e[1] == "You, 14:27",
                   "Tab moves the focus to the last message")
    wait_for_event(lambda e: e[0] == "object:active-descendant-changed" and e[1] == "Messages",
                   "the list says its active descendant changed")
    last = log.getChildAtIndex(log.childCount - 1)
    check(last.getState().contains(pyatspi.STATE_FOCUSED), "the last message says it has the focus")
    app.step('{"op": "key", "key": "up"}')
    wait_for_event(lambda e: e[0].startswith("object:state-changed:focused") and e[2] == 1 and e[1] == "Layla, 14:26",
                   "Up moves the focus to the message before")
    app.step('{"op": "tab"}')
    wait_for_event(lambda e: e[0].startswith("object:state-changed:focused") and e[2] == 1 and e[1] == "Message",
                   "Tab again returns to the composer")


def check_events(app, log, composer):
    EVENTS.clear()  # only what the send below causes
    before = log.childCount
    app.step('{"op": "send", "text": "On my way"}')
    wait_for_event(lambda e: e[0].startswith("object:text-changed:insert") and e[1] == "Message" and e[4] == "O",
                   "typing in the composer is text-changed::insert, a character at a time")
    wait_for_event(lambda e: e[0].startswith("object:text-changed:delete") and e[1] == "Message"
                   and e[4] == "On my way", "sending empties the composer: text-changed::delete")
    wait_for_event(lambda e: e[0].startswith("object:text-caret-moved") and e[1] == "Message",
                   "and moves its caret")
    # The list manages its descendants (or the bridge's cache would walk every message): libatspi
    # keeps its children-changed from clients, who count the children and hear announcements.
    for _ in range(100):
        if log.childCount == before + 1:
            break
        pump(0.05)
    check(log.childCount == before + 1, f"the list has one more child ({log.childCount}, was {before})")
    check(log.getChildAtIndex(before).queryText().getText(0, -1) == "On my way", "the new child reads the message")
    check(not any(e[0].startswith("object:state-changed:showing") for e in EVENTS), "one's own message is not announced")
    wait_for_event(lambda e: e[0].startswith("object:text-changed:insert") and e[1] == "Messages"
                   and e[4].endswith("\nOn my way"), "the list's text tells of the sent message: text-changed::insert")
    EVENTS.clear()
    count = log.queryText().characterCount
    app.step('{"op": "receive", "from": "Ana", "text": "See you soon"}')
    wait_for_event(lambda e: e[0].startswith("object:state-changed:showing") and e[1] == "Ana: See you soon"
                   and e[2] == 1, "an incoming message is announced: a notification shows, without a relative time")
    notifications = [child for child in children(log.parent) if child.getRoleName() == "notification"]
    check(len(notifications) == 1 and notifications[0].name == "Ana: See you soon",
          f"the window holds the notification ({[child.name for child in notifications]})")
    wait_for_event(lambda e: e[0].startswith("object:text-changed:insert") and e[1] == "Messages"
                   and e[2] == count and e[4] == "\nSee you soon",
                   f"the list's text grows at its end ({count}) by the incoming message")


def check_search(app, window):
    """Ctrl+F, a query, Enter: the search field takes the focus, and each hit is announced with its
    number, the count and the message (the received "See you soon" is the only hit of "soon")."""
    EVENTS.clear()
    app.step('{"op": "search", "query": "soon"}')
    wait_for_event(lambda e: e[0].startswith("object:state-changed:focused") and e[2] == 1
                   and e[1] == "Search messages", "Ctrl+F gives the search field, role entry, the focus")
    entries = [child for child in children(window) if child.getRoleName() == "entry" and child.name == "Search messages"]
    check(len(entries) == 1 and entries[0].queryText().getText(0, -1) == "soon",
          "the search field reads the query typed into it")
    wait_for_event(lambda e: e[0].startswith("object:state-changed:showing") and e[2] == 1
                   and e[1] == "1 of 1: Ana: See you soon", "the hit is announced: its number, the count, the message")
    EVENTS.clear()
    app.step('{"op": "nextHit"}')
    wait_for_event(lambda e: e[0].startswith("object:state-changed:showing") and e[2] == 1
                   and e[1] == "1 of 1: Ana: See you soon", "Enter steps (wrapping to the only hit) and announces it")


def check_list_text(app, log):
    """The message list as one text: the whole transcript, paragraphs joined by \\n, in scalars."""
    text = log.queryText()
    whole = text.getText(0, -1)
    check(text.characterCount == len(whole) > 0, f"the list's text has {text.characterCount} scalars ({len(whole)} read)")
    lines = whole.split("\n")
    items = children(log)
    check(len(lines) == len(items), f"a paragraph per child ({len(lines)} for {len(items)})")
    for index, item in enumerate(items):
        if item.getRoleName() == "paragraph":
            check(lines[index] == item.queryText().getText(0, -1), f"paragraph {index} is child {index}'s text")
    check("Party time \ufffc" in whole, "a sticker is U+FFFC in the list's text too")
    hello = whole.index("Hello there.")
    check(unit(text, hello + 7, pyatspi.TEXT_GRANULARITY_WORD).startswith("there"), "a word of the list's text")
    check(unit(text, hello + 15, pyatspi.TEXT_GRANULARITY_SENTENCE) == "How are you today? ",
          f"a sentence of the list's text ({unit(text, hello + 15, pyatspi.TEXT_GRANULARITY_SENTENCE)!r})")
    japanese = whole.index("散歩")
    check(unit(text, japanese, pyatspi.TEXT_GRANULARITY_SENTENCE) == "散歩に行きましょう。\n",
          f"a Japanese sentence of the list's text, to the next message ({unit(text, japanese, pyatspi.TEXT_GRANULARITY_SENTENCE)!r})")
    paragraph = unit(text, japanese, pyatspi.TEXT_GRANULARITY_PARAGRAPH)
    check(paragraph == lines[whole[:japanese].count("\n")] + "\n", f"a paragraph is a message ({paragraph!r})")
    # Caret and selection: the chat view's, in scalars.
    EVENTS.clear()
    check(text.setCaretOffset(hello + 6), "the list's caret moves")
    check(text.caretOffset == hello + 6, f"to scalar {hello + 6} ({text.caretOffset})")
    wait_for_event(lambda e: e[0].startswith("object:text-caret-moved") and e[1] == "Messages" and e[2] == hello + 6,
                   "the list tells its caret moved")
    check(text.addSelection(hello, hello + 5), "a range of the list is selected")
    selection = text.getSelection(0)
    check(text.getNSelections() == 1 and tuple(selection) == (hello, hello + 5), f"and reads back ({selection})")
    wait_for_event(lambda e: e[0].startswith("object:text-selection-changed") and e[1] == "Messages",
                   "the list tells its selection changed")
    # Geometry: a visible character's extents, and the character at their centre.
    last = len(whole) - 2
    x, y, width, height = text.getCharacterExtents(last, pyatspi.WINDOW_COORDS)
    check(width > 0 and height > 0, f"a character of the last message has extents ({x}, {y}, {width}, {height})")
    at = text.getOffsetAtPoint(x + width // 2, y + height // 2, pyatspi.WINDOW_COORDS)
    check(at == last, f"the character at their centre is that one ({at}, not {last})")


def check_large_transcript(binary, directory):
    """The first and last messages of a generated 100,000-message transcript, read through the tree."""
    import json
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        transcript = os.path.join(folder, "big.json")
        subprocess.run([binary, "--generate", "100000", "--out", transcript], check=True, stdout=subprocess.DEVNULL)
        with open(transcript) as file:
            messages = json.load(file)["messages"]
        scenario = os.path.join(folder, "big-scenario.json")
        with open(scenario, "w") as file:
            json.dump({"name": "big", "transcript": {"file": transcript}, "steps": []}, file)
        app = App(binary, scenario)
        log = [child for child in children(children(find_app("chat-demo"))[0]) if child.getRoleName() == "log"][0]
        count = log.childCount
        check(count >= len(messages), f"the list has a child per message and day ({count} for {len(messages)})")

        def expected(message):
            if "text" in message:
                return message["text"]
            return "".join(part if isinstance(part, str) else "\ufffc" for part in message["parts"])

        paragraphs = [index for index in range(min(count, 5)) if log.getChildAtIndex(index).getRoleName() == "paragraph"]
        first = log.getChildAtIndex(paragraphs[0]).queryText().getText(0, -1)
        check(first == expected(messages[0]), f"the first message reads whole ({first!r})")
        last = log.getChildAtIndex(count - 1).queryText().getText(0, -1)
        check(last == expected(messages[-1]), f"the last message reads whole ({last!r})")
        # The list's own text: the whole transcript, read on demand at either end and in the middle.
        text = log.queryText()
        total = text.characterCount
        tail = text.getText(total - len(last), total)
        check(tail == expected(messages[-1]), f"the list's text ends with the last message ({tail!r})")
        head = text.getText(0, 4096)
        check(expected(messages[0]) in head.split("\n"), "the list's text starts with the first day and message")
        middle = text.getText(total // 2, total // 2 + 4096)
        check(len(middle) == 4096 and middle.count("\n") > 10, f"4 KB from the middle of {total} scalars")
        app.quit()


def counters(summary):
    """The counters of a run's summary line (`providersCreated 3, ..., animationResets 0`)."""
    for line in summary.splitlines():
        if "providersCreated" in line:
            return dict((pair.split()[0], int(pair.split()[1])) for pair in line.strip().split(", "))
    return None


def check_counters_unchanged(binary, directory):
    """Reuse is unaffected: the same steps give the same counters headless, and served with a client
    reading the tree (every message's name and text, the first and last 60) before and after them."""
    scenario = os.path.join(directory, "counters.json")
    alone = subprocess.run([binary, "--headless", "--scenario", scenario], capture_output=True, text=True,
                           env=dict(os.environ, NO_AT_BRIDGE="1"))
    expected = counters(alone.stdout)
    check(expected is not None and expected["providersCreated"] > 0,
          f"the run alone creates providers ({alone.stdout!r} {alone.stderr!r})")
    with open(scenario) as file:
        import json
        document = json.load(file)
    steps = document["steps"]
    document["steps"] = []
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(document, file)
        served_scenario = file.name
    app = App(binary, served_scenario)
    log = [child for child in children(children(find_app("chat-demo"))[0]) if child.getRoleName() == "log"][0]

    def read_everything():
        count = log.childCount
        for index in list(range(min(60, count))) + list(range(max(0, count - 60), count)):
            child = log.getChildAtIndex(index)
            _ = child.name
            if child.getRoleName() == "paragraph":
                _ = child.queryText().getText(0, -1)
                _ = [image.name for image in children(child)]

    read_everything()
    for step in steps:
        app.step(json.dumps(step))
        read_everything()
    app.process.stdin.write("quit\n")
    app.process.stdin.flush()
    app.process.stdin.close()
    served = counters(app.process.stdout.read())
    app.process.wait(30)
    os.unlink(served_scenario)
    check(served == expected, f"the counters with a client reading are those without ({served} vs {expected})")


if __name__ == "__main__":
    main()
