#!/bin/bash
# Orca itself reading chat-demo: `make orca-check` (not part of `make test`: it needs Orca and Xvfb,
# and it waits on Orca for about a minute). Orca's GTK gets an Xvfb display, a session bus is
# started, Orca runs with its debug log (what it would say is logged as "SPEECH OUTPUT", with no
# speech server), and the app is driven through its serve mode: Tab to the list, Up, Tab back,
# send, an incoming message, then Tabs (Orca writes its log in blocks: more events flush it).
#   orca_check.sh CHAT_DEMO SCENARIO
set -u
binary=$1
scenario=$2
work=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null; rm -rf "$work"' EXIT
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1024x768x24 >"$work/xvfb.log" 2>&1 &
xvfb=$!
sleep 2
export DISPLAY=$display NO_AT_BRIDGE=0 WORK=$work BINARY=$binary SCENARIO=$scenario
dbus-run-session -- bash -c '
  orca --replace --debug-file="$WORK/orca.out" >"$WORK/orca.stdout" 2>&1 &
  orca=$!
  sleep 10
  step() { echo "$1"; sleep 3; }
  { sleep 3; step "{\"op\": \"tab\"}"; step "{\"op\": \"key\", \"key\": \"up\"}"; step "{\"op\": \"tab\"}";
    step "{\"op\": \"send\", \"text\": \"Hi\"}"; step "{\"op\": \"receive\", \"from\": \"Ana\", \"text\": \"See you soon\"}";
    for _ in 1 2 3 4; do step "{\"op\": \"tab\"}"; done; echo quit; } \
    | SDL_VIDEODRIVER=x11 "$BINARY" --accessibility-serve "$SCENARIO" >"$WORK/app.out" 2>&1
  kill $orca 2>/dev/null
'
said=$(grep -o "SPEECH OUTPUT: .*" "$work/orca.out" 2>/dev/null | sed "s/{.*//")
echo "$said"
status=0
for expected in "You, 14:27 read only Party time" "Layla, 14:26 read only مرحبا بكم. كيف حالكم اليوم؟" \
  "notification Ana: See you soon." "Ana, 12:00 read only See you soon."; do
  if ! grep -qF "$expected" <<<"$said"; then
    echo "orca-check: FAILED: Orca did not say \"$expected\"" >&2
    status=1
  fi
done
[ $status = 0 ] && echo "orca-check: Orca said all 4 expected things"
exit $status
