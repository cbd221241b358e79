"""The game page's context, typed: what the board, the action bar, the card sheet, the log and
the notices are given (pages/game.html, pages/log.html, pages/past.html and their partials).
Built from a `Table` (app/web/game_service.py): public models only, never a GameState."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import quote, urlencode

from app.rules.card_first import card_first
from app.rules.core.view import ObjectViewBase
from app.rules.redact import ActionOption, ErrorView, EventView, LogEntryView, View
from app.web.game_service import LOG_LIMIT, Looking, Table
from app.web.i18n import Lang
from app.web.pages.builder_panel import BuilderPanel
from app.web.pages.chrome import ONLY_WHEN_SET, Chrome, TemplateContext
from app.web.pages.family_pages import buttons_for, other_editions
from app.web.pages.pending_choice import ShownChoice, choice_url, pending_choices
from app.web.pages.publish_form import PublishForm
from app.web.take_back_models import TakeBackPending


@dataclass(frozen=True)
class Shown:
    """What a page shows beyond the table itself: the open card sheet, a refusal, what the
    last action did, a stale version, the whole log."""

    selected: str | None = None
    error: ErrorView | None = None
    done: list[EventView] = field(default_factory=list)
    stale: bool = False
    full_log: bool = False


def seat_query(seat_param: str | None) -> str:
    """The query string that keeps a judge's viewpoint in a link."""
    return f"?{urlencode({'seat': seat_param})}" if seat_param else ""


def game_url(game_id: str, seat_param: str | None = None) -> str:
    return f"/g/{quote(game_id)}{seat_query(seat_param)}"


def urls_for(game_id: str, who: Looking, version: int) -> dict[str, str]:
    qs = seat_query(who.seat_param)
    base = f"/g/{quote(game_id)}"
    return {
        "game": base + qs,
        "base": base,
        "qs": qs,
        "act": f"{base}/act",
        # The stream works out what changed on this page, from this viewpoint (live.py).
        "live": f"{base}/live?v={version}" + (f"&{qs[1:]}" if qs else ""),
        "objects": f"{base}/objects/",
        "log": f"{base}/log{qs}",
    }


@dataclass(frozen=True)
class Travel:
    """The time-travel bar: where we are, and the links to step through the log."""

    version: int
    latest: int
    past: bool
    first: str | None
    back: str | None
    forward: str | None
    now: str
    form: str
    seat_param: str | None


@dataclass(frozen=True)
class TablePage(TemplateContext):
    chrome: Chrome
    view: View
    title: str
    game_id: str
    me: str | None
    seat_kind: str
    judge: bool
    acting_as: str | None
    seat_param: str | None
    players: list[str]
    bar_options: list[ActionOption]
    more_options: list[ActionOption]
    field_options: list[ActionOption]  # on a place's card (a battlefield's)
    proposal_options: list[ActionOption]  # beside each pending proposal
    table_options: list[ActionOption]  # the "Table" panel (partials/table_actions.html)
    # Beside each ability on the stack and each "apply by hand" task (families/mtg/abilities.html,
    # by_hand.html): its controller's targets, counter, copy, the judge's "done".
    stack_options: list[ActionOption]
    sheet: Literal["closed", "open", "gone"]
    sheet_obj: ObjectViewBase | None
    sheet_options: list[ActionOption]
    log: list[LogEntryView]  # newest first
    log_more: bool
    error: ErrorView | None
    done: list[EventView]
    stale: bool
    urls: dict[str, str]
    csrf: str | None
    rules_base: str
    # The choices that wait for one player (partials/pending_choice.html), and where they post.
    choices: list[ShownChoice]
    choice_url: str
    # The judge's "judge again under another edition" links (partials/judge_tools.html).
    other_editions: list[str]
    # The past (pages/past.html): the time-travel bar, and tiles that open no sheet.
    travel: Travel | None = field(default=None, metadata=ONLY_WHEN_SET)
    tiles_static: bool = field(default=False, metadata=ONLY_WHEN_SET)
    # The judge's table builder ("Add a card", a sheet's "Move / edit"): the judge's live page.
    builder: BuilderPanel | None = field(default=None, metadata=ONLY_WHEN_SET)
    # The judge's publish form (a scenario's question and answer, what was typed).
    publish: PublishForm | None = field(default=None, metadata=ONLY_WHEN_SET)
    # A seat's pending request to take the game back (partials/take_back.html).
    take_back: TakeBackPending | None = None


def table_page(
    table: Table,
    lang: Lang,
    csrf: str | None,
    shown: Shown | None = None,
    travel: Travel | None = None,
) -> TablePage:
    """Everything the game templates get, from public models only."""
    view, who, offer = table.view, table.who, table.offer
    newest_first = list(reversed(table.entries))
    shown = shown or Shown()
    selected = shown.selected
    sheet_obj = None
    if selected is not None:
        sheet_obj = next((o for o in view.objects if o.id == selected), None)
    urls = urls_for(who.seat.game_id, who, view.version)
    buttons = buttons_for(view, offer.loose())
    return TablePage(
        chrome=Chrome.of(lang, urls["game"]),
        view=view,
        title=table.title,
        game_id=who.seat.game_id,
        me=who.viewer.player if who.viewer.kind == "player" else None,
        seat_kind=who.seat.viewer.kind,
        judge=who.viewer.kind == "judge",
        acting_as=who.acting_as,
        seat_param=who.seat_param,
        players=[p.name for p in view.players],
        bar_options=buttons.bar,
        more_options=buttons.more,
        field_options=buttons.field,
        proposal_options=buttons.proposal,
        table_options=buttons.table,
        stack_options=[
            option
            for item in [*getattr(view, "abilities", []), *getattr(view, "by_hand", [])]
            for option in offer.for_object(item.id)
        ],
        sheet="closed" if selected is None else ("open" if sheet_obj else "gone"),
        sheet_obj=sheet_obj,
        sheet_options=card_first(offer.for_object(selected)) if selected is not None else [],
        log=newest_first if shown.full_log else newest_first[:LOG_LIMIT],
        log_more=not shown.full_log and len(newest_first) > LOG_LIMIT,
        error=shown.error,
        done=shown.done,
        stale=shown.stale,
        urls=urls,
        csrf=csrf,
        rules_base=f"/rules/{view.ruleset}/",
        # Every option is listed only when a choice waits (its cards): a rare, cheap case, the
        # engine refusing anything else before it copies the state.
        choices=pending_choices(view, offer.all, who, lang),
        choice_url=choice_url(who.seat.game_id),
        other_editions=other_editions(view),
        travel=travel,
        tiles_static=travel is not None,
        take_back=table.take_back,
    )
