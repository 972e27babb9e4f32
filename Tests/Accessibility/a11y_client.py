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
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            if child is not None and child.name == name:
                return child
        pump(0.05)
    return None


def children(element):
    return [element.getChildAtIndex(index) for index in range(element.childCount)]


def main():
    binary, directory = sys.argv[1], sys.argv[2]
    for kind in ["object:text-changed:insert", "object:text-changed:delete", "object:text-caret-moved",
                 "object:state-changed:focused", "object:children-changed", "object:announcement"]:
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

    app.quit()
    print(f"accessibility: {CHECKS} checks passed")


if __name__ == "__main__":
    main()
