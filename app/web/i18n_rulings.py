"""The ruling and reference pages' labels under their old name. They are in `MESSAGES` from
the start now (app/web/i18n/rulings.toml): importing this module no longer adds anything."""

from __future__ import annotations

from app.web.i18n import RULINGS_MESSAGE_FILE
from app.web.i18n.loader import read_message_file

RULING_MESSAGES: dict[str, tuple[str, str]] = read_message_file(RULINGS_MESSAGE_FILE).texts
