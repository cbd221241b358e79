"""The app's own answer to an exception raised past FastAPI's request handling (in a lane:
app/web/api_lane.py, app/web/pages/page_lane.py), found as Starlette's
ExceptionMiddleware finds it."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response


def handler_for(app: FastAPI, exc: Exception) -> Callable[..., Any] | None:
    """The app's handler for this exception, the nearest class first; `Exception`'s is the
    server error handler's (outside every user middleware), so it is left to it: None."""
    for cls in type(exc).__mro__:
        if cls is Exception:
            return None
        handler = app.exception_handlers.get(cls)
        if handler is not None:
            return handler
    return None


async def handled(app: FastAPI, request: Request, exc: Exception) -> Response | None:
    """The app's own response to `exc`, or None when no handler of the app's takes it (the
    caller raises it again)."""
    handler = handler_for(app, exc)
    if handler is None:
        return None
    answer = handler(request, exc)
    response: Response = await answer if inspect.isawaitable(answer) else answer
    return response
