"""JSON as a page puts it in an HTML attribute (a button's `value`, htmx's config): compact,
non-ASCII kept; autoescape quotes it. The `json_attr` filter of the templates, and the key
the Table panel's kept forms are found by (app/web/table_items.py), are this one text."""

from __future__ import annotations

import json
from typing import Any


def json_attr(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
