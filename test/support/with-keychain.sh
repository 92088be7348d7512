#!/bin/sh
# Runs a command with its own, real, unlocked Secret Service keychain.
#
#   sh test/support/with-keychain.sh npx vitest run
#
# Linux: a temp folder becomes HOME and every XDG dir, a private D-Bus session
# is started (dbus-run-session) and gnome-keyring-daemon is unlocked in it with
# a throwaway password, so keytar talks to a real Secret Service that holds
# nothing of the developer's. The folder is removed afterwards.
# Where dbus-run-session or gnome-keyring-daemon is missing (macOS, Windows
# Git Bash, a bare container) the command runs unchanged; keychain tests then
# skip with a stated reason instead of failing.
set -eu

if [ "$#" -eq 0 ]; then
  echo "usage: sh test/support/with-keychain.sh COMMAND [ARG...]" >&2
  exit 2
fi

if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  exec "$@"
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/deskbell-keychain.XXXXXX")
cleanup() { rm -rf "$dir"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$dir/home" "$dir/data" "$dir/config" "$dir/cache" "$dir/runtime"
chmod 700 "$dir" "$dir/runtime"
export HOME="$dir/home"
export XDG_DATA_HOME="$dir/data"
export XDG_CONFIG_HOME="$dir/config"
export XDG_CACHE_HOME="$dir/cache"
export XDG_RUNTIME_DIR="$dir/runtime"
# Tells tests they run against this throwaway keychain (see test/core/secrets.test.ts).
export DESKBELL_TEST_KEYCHAIN=1
# gnome-keyring must not try to show an unlock prompt on a display.
unset DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS

# Not exec: the trap must run afterwards to remove the folder. The keyring
# daemon detaches from the session and would outlive it, so the inner shell
# asks the bus for the daemon's pid and stops exactly that process at the end.
status=0
dbus-run-session -- sh -c '
  stop_keyring() {
    command -v dbus-send >/dev/null 2>&1 || return 0
    pid=$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null | awk "{print \$NF}")
    [ -n "$pid" ] || return 0
    kill "$pid" 2>/dev/null || return 0
    n=0
    while kill -0 "$pid" 2>/dev/null && [ "$n" -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
  }
  trap "stop_keyring; exit 130" INT
  trap "stop_keyring; exit 143" TERM
  printf %s deskbell-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  rc=0
  "$@" || rc=$?
  stop_keyring
  exit "$rc"
' sh "$@" || status=$?
exit "$status"
