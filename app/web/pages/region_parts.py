"""A seat page's live region (#live) as the parts it is made of, each rendered on its own.

The region is its parts side by side: the status line, the time-travel bar, a pending choice,
the proposals, the take-back offer, the action bar, the table's actions, the board and the log
(app/web/live_parts.py: the `live` block of templates/pages/game.html includes them in that
order). Kept as parts, a catch-up compares a page's region with the new one part by part
(app/web/live_patch.py): a part that reads the same is passed over without being parsed,
and only the parts that changed are walked element by element.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.web.live_parts import LIVE_PARTS, Region
from app.web.pages.kept_parts import kept
from app.web.templating import ENV


def render_region(variables: Mapping[str, Any]) -> Region:
    """Each part rendered with the page's variables, as the `live` block's includes render
    them (an include sees the page's context, and nothing of the other parts).

    One mapping of the globals and the variables serves every part, as the page's context
    serves its includes (`Template.render` would merge them again for each of the nine)."""
    shared = {**ENV.globals, **variables}

    def drawn(name: str) -> Callable[[], str]:
        def draw() -> str:
            template = ENV.get_template(name)
            context = template.new_context(shared, shared=True)
            return ENV.concat(template.root_render_func(context))

        return draw

    # The parts that rarely change are kept from one version to the next (kept_parts.py).
    return Region(tuple(kept(name, variables, drawn(name)) for name in LIVE_PARTS))
