"""Open live streams end as soon as the server is asked to stop (SIGTERM, SIGINT).

uvicorn stops accepting, then waits for every open response to finish before it exits; a
live stream lasts minutes (app/web/live.py), so a deploy with one page open waited for it or
ended in SIGKILL. uvicorn keeps its own handler for these signals (its Server, in the single
process and in each `--workers` child alike: the supervisor runs uvicorn's own Server class
there), so the app chains onto whatever handler is in place when its lifespan starts: ours
ends the streams (the browsers reconnect by themselves after `retry`, to a server that is up),
then calls the previous one, which stops the server as before.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from app.web.live import Broadcaster

EXIT_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def end_streams_on_exit_signals(broadcaster: Broadcaster) -> Callable[[], None]:
    """Chain `broadcaster.close_streams` onto the exit signals' handlers; returns the undo.
    Only the main thread may set handlers (a test client runs the lifespan in another: then
    nothing is chained), and a signal nobody handles (SIG_DFL) is left alone: it ends the
    process anyway."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    chained: dict[int, tuple[Any, Any]] = {}
    for sig in EXIT_SIGNALS:
        previous = signal.getsignal(sig)
        if not callable(previous):
            continue

        def handler(
            signum: int, frame: FrameType | None, previous: Callable[..., Any] = previous
        ) -> None:
            broadcaster.close_streams()
            previous(signum, frame)

        signal.signal(sig, handler)
        chained[sig] = (handler, previous)

    def undo() -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for sig, (handler, previous) in chained.items():
            if signal.getsignal(sig) is handler:  # nobody chained onto ours since
                signal.signal(sig, previous)

    return undo
