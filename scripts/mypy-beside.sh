# Sourced by scripts/test: the type checker runs beside pytest, not before it. pytest leaves
# part of the 2 cores idle (its workers wait on servers, browsers and databases), and mypy's
# ~12 s from a cold cache fit in there. `start_mypy` starts it in the background (from the
# repository's root, .venv/bin/mypy); `finish_mypy` waits for it, says its last line, prints
# its whole report when it failed, and returns its status: either failing fails the run
# (tests/test_type_checker.py).

start_mypy() {
  mypy_log="$(mktemp "${TMPDIR:-/tmp}/facedown-mypy.XXXXXX")"
  echo "scripts/test: mypy (strict on app/rules), beside pytest" >&2
  .venv/bin/mypy >"$mypy_log" 2>&1 &
  mypy_pid=$!
}

finish_mypy() {
  local status=0
  wait "$mypy_pid" || status=$?
  echo "scripts/test: mypy: $(tail -n 1 "$mypy_log")" >&2
  [ "$status" = 0 ] || cat "$mypy_log" >&2
  rm -f "$mypy_log"
  return "$status"
}
