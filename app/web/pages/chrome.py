"""What every page shares: the layout's context (the language and the way to switch it), the
typed contexts pages hand their templates, and a refusal a person can read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from app.web.i18n import Lang, pick_language, translator
from app.web.page_refusal import PageRefusal
from app.web.pages.cache_policy import PRIVATE
from app.web.templating import html, render

# A field the template tests with `is defined`: given to the template only when set.
ONLY_WHEN_SET = {"only_when_set": True}


class TemplateContext:
    """A page's context, typed: a dataclass whose fields are its template's variables."""

    def variables(self) -> dict[str, Any]:
        """The template's variables: each field by name (a nested context's fields too)."""
        out: dict[str, Any] = {}
        # Every subclass is a dataclass; this base is not declared one.
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, TemplateContext):
                out |= value.variables()
            elif not (f.metadata.get("only_when_set") and not value):
                out[f.name] = value
        return out


@dataclass(frozen=True)
class Chrome(TemplateContext):
    """What the layout needs on every page: the language and the way to switch it."""

    lang: Lang
    t: Callable[..., str]
    path: str  # where the language toggle comes back to
    other_lang: str

    @classmethod
    def of(cls, lang: Lang, path: str) -> Chrome:
        return cls(
            lang=lang, t=translator(lang), path=path, other_lang="fr" if lang == "en" else "en"
        )


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def chrome_for(request: Request) -> Chrome:
    # The language toggle comes back here with a GET: after a POST, go home instead.
    path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    if request.method != "GET":
        path = "/"
    return Chrome.of(pick_language(request), path)


def chrome_context(lang: Lang, path: str) -> dict[str, Any]:
    return Chrome.of(lang, path).variables()


def base_context(request: Request) -> dict[str, Any]:
    """The layout's variables, for the small pages that add a few of their own."""
    return chrome_for(request).variables()


def problem(
    request: Request, status: int, message: str, headers: dict[str, str] | None = None
) -> Response:
    """A refusal a person can read: the whole page, or for htmx a notice swapped into
    #notice — and nothing else (no board, no card)."""
    ctx = base_context(request)
    ctx["message"] = message
    all_headers = {**PRIVATE, **(headers or {})}
    if is_htmx(request):
        all_headers |= {"HX-Retarget": "#notice", "HX-Reswap": "innerHTML"}
        return html(render("partials/problem.html", ctx), status, all_headers)
    return html(render("pages/problem.html", ctx), status, all_headers)


def refused(
    request: Request,
    key: str,
    status: int,
    headers: dict[str, str] | None = None,
    **params: str,
) -> Response:
    """`problem` with a message of app/web/i18n.py, in the page's language."""
    return problem(request, status, translator(pick_language(request))(key, **params), headers)


def page_refusal(request: Request, exc: Exception) -> Response:
    """The exception handler of `PageRefusal` (raised by app/web/deps.py's checks)."""
    assert isinstance(exc, PageRefusal)
    return refused(request, exc.key, exc.status, exc.headers, **exc.params)


def no_seat(request: Request, exc: Exception) -> Response:
    """The exception handler of `NoSeat`: no cookie opens this game."""
    return refused(request, "error.no_seat", 403)
