"""Seat links the judge can show again: every seat's token is derived from the judge's.

The seats table stores only the sha256 of each token (a leaked database opens no seat), so a
links page can't read the links back. Instead each player's and the spectators' token is
`b64url(HMAC-SHA256(judge token, "facedown-seat:<role>:<player>:<game id>:<generation>"))`:
whoever holds the judge's token (the judge's cookie) can compute every link again, and the
database alone still reveals nothing. `generation` counts the times the judge issued a seat a
new link ("a player lost their link"): the old token stops matching the stored hash.

Games created before this scheme have random seat tokens: their links can't be shown again
until the judge issues new ones (the comparison with the stored hash tells them apart).
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from app.rules.core.viewer import Viewer

_DOMAIN = "facedown-seat"
SPECTATORS = Viewer(kind="spectator")


def derived_token(judge_token: str, game_id: str, viewer: Viewer, generation: int) -> str:
    """The token of `viewer`'s seat (a player or the spectators), as long as `secrets`' own:
    32 bytes of HMAC output, url-safe base64 without padding (43 characters)."""
    message = f"{_DOMAIN}:{viewer.kind}:{viewer.player or ''}:{game_id}:{generation}"
    digest = hmac.new(judge_token.encode("utf-8"), message.encode("utf-8"), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode("ascii")
