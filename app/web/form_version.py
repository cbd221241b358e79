"""The version a page's forms carry (`expected_version`: a tap on a page that fell behind is
refused, not applied to a game it did not show), blanked and filled in again.

Every form of the live region carries it, so every form's text differs at every version
though nothing else in it did. A catch-up compares parts with it blanked
(app/web/live_patch.py), and a part kept from one version to the next is kept blanked and
given the new version (app/web/pages/kept_parts.py). The tag is the template's own
(partials/form_fields.html): its quotes can't come from escaped text.
"""

from __future__ import annotations

import re

EXPECTED = re.compile(r'<input type="hidden" name="expected_version" value="(\d+)">')
BLANK = '<input type="hidden" name="expected_version" value="">'


def blanked(text: str) -> str:
    """`text` with every form's version left empty."""
    return EXPECTED.sub(BLANK, text)


def at_version(blank: str, version: int) -> str:
    """A `blanked` text with every form's version set to `version`."""
    return blank.replace(BLANK, f'<input type="hidden" name="expected_version" value="{version}">')
