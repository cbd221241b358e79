"""A lane's answer (app/web/api_lane.py, app/web/pages/page_lane.py): what the route's own
functions gave, or the app's own answer to the exception they raised past FastAPI's request
handling, found as Starlette's ExceptionMiddleware finds it."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send


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


async def respond(
    app: FastAPI,
    request: Request,
    answer: Awaitable[Response],
    scope: Scope,
    receive: Receive,
    send: Send,
) -> None:
    """Send the response `answer` gives, or the app's own response to the exception it
    raises; one the app has no handler for goes on up to the server's error handler, as from
    a route."""
    try:
        response = await answer
    except Exception as exc:
        refusal = await handled(app, request, exc)
        if refusal is None:
            raise
        response = refusal
    await response(scope, receive, send)
