#!/usr/bin/env bash
# Sourced by scripts/test (tests/test_scripts_test.py runs it alone).
# --- DEBIAN PACKAGES: installed only on CI ---------------------------------------------------
# On CI (CI=true, as .ci/run runs) a missing Chromium or PostgreSQL is installed with apt-get
# (as root, or with passwordless sudo). On a person's machine nothing is installed: the run
# says what is missing, the exact command that would install it, and that the tests needing
# it are skipped (with that reason) unless it is installed.
apt_install=""
if [ "${CI:-}" = "true" ] && command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt_install="apt-get"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then apt_install="sudo apt-get"
  fi
fi
# debian_packages <what they are for> <what skips without them> <package>...
debian_packages() {
  local purpose="$1" skipped="$2"
  shift 2
  if [ -n "$apt_install" ]; then
    echo "scripts/test: CI: apt-get install $* ($purpose)" >&2
    $apt_install update -qq
    DEBIAN_FRONTEND=noninteractive $apt_install install -y -qq --no-install-recommends "$@" >/dev/null
  else
    echo "scripts/test: $purpose needs Debian packages that are not installed: $*" >&2
    echo "scripts/test:   to install them:  sudo apt-get install --no-install-recommends $*" >&2
    echo "scripts/test:   nothing is installed here (only on CI, CI=true);" \
      "without them $skipped are SKIPPED with this reason (or leave them out:" \
      "scripts/test --ignore=tests/browser)" >&2
  fi
}
