"""Only what changed: a page's live region at the version it shows, against the region now,
as htmx out-of-band swaps of the elements that differ.

Both regions are this viewer's own renders (app/web/pages/live_region.py: the same redacted
view, the same key but the version), so a patch carries nothing the whole region would not:
the new elements, each addressed by its position under #live (`#live > :nth-child(2) >
:nth-child(5)`), never by a card's id or any other token. The walk goes down while an element
keeps its tag, its attributes, its text and its number of children, and replaces the
first element that differs in any of these (a tile whose class changed, a list a tile joined
or left, a count), whole — or a parent whole when that says the same in fewer bytes. A list
whose new items came first (the log, newest first) gets only those items.

Anything it can't follow element for element the way a browser would (an end tag that closes
another element, a table, whose parsing adds elements) gives no patch: the page then gets its
whole region, as it would have before.
"""

from __future__ import annotations

import re

from markupsafe import escape

from app.lru import LRU
from app.single_flight import SingleFlight
from app.web.form_version import EXPECTED, at_version, blanked
from app.web.live_parts import Region

# Elements without an end tag.
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
# Elements whose content a browser rebuilds (implied tbody...), or whose text a browser
# doesn't parse as elements: no position is followed inside them.
OPAQUE = frozenset(
    [
        "table",
        "thead",
        "tbody",
        "tfoot",
        "tr",
        "td",
        "th",
        "select",
        "textarea",
        "script",
        "style",
        "template",
    ]
)

# Start tags a browser reads as closing an open <p> (the parser here wouldn't).
CLOSES_P = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "details",
        "div",
        "dl",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "main",
        "menu",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "ul",
    ]
)

# Past this many swaps a patch is not worth the whole region's simplicity.
MAX_SWAPS = 200


class Unfollowed(Exception):
    """The HTML can't be followed element for element as a browser would."""


class _Node:
    """One element: its tag, where its start tag begins and ends, where its end tag ends, and
    its element children. Slotted, set by position: a region has hundreds, read at each
    catch-up."""

    __slots__ = ("children", "end", "start", "start_end", "tag")

    def __init__(self, tag: str, start: int, start_end: int, end: int = -1) -> None:
        self.tag = tag
        self.start = start  # offset of its start tag
        self.start_end = start_end  # offset just past its start tag
        self.end = end  # offset just past its end tag
        self.children: list[_Node] = []


# A start or end tag, or a comment (skipped). Templates escape ">" in attribute values.
_TAG = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>", re.S)


# The start tags `_opening` has anything to say about (the rest pass unchecked).
_MAY_CLOSE = CLOSES_P | {"a", "form", "button", "li"}


def _opening(tag: str, open_tags: list[str]) -> None:
    if (
        (tag in CLOSES_P and "p" in open_tags)
        or (tag in ("a", "form", "button") and tag in open_tags)
        or (tag == "li" and open_tags[-1] == "li")
    ):
        raise Unfollowed(tag)  # a browser would nest this otherwise


def _tree(text: str) -> _Node:
    root = _Node("#root", 0, 0, len(text))
    stack = [root]
    open_tags = ["#root"]
    for match in _TAG.finditer(text):
        closing, name = match.groups()
        if name is None:
            continue  # a comment
        tag = name.lower()
        if closing:
            if tag in VOID:
                continue
            if len(stack) == 1 or stack[-1].tag != tag:
                raise Unfollowed(tag)
            stack.pop().end = match.end()
            open_tags.pop()
            continue
        start, start_end = match.span()
        if text[start_end - 2] == "/" and tag not in VOID:
            raise Unfollowed(tag)  # <x/>: not what a browser reads for most tags
        if tag in _MAY_CLOSE:
            _opening(tag, open_tags)
        node = _Node(tag, start, start_end)
        stack[-1].children.append(node)
        if tag in VOID:
            node.end = start_end
        else:
            stack.append(node)
            open_tags.append(tag)
    if len(stack) != 1:
        raise Unfollowed("unclosed")
    return root


def _inner_text(text: str, node: _Node) -> list[str]:
    """What a node holds besides its element children: the text around them."""
    if node.tag == "#root":
        begin, finish = 0, len(text)
    else:
        begin = node.start_end
        finish = text.rindex("<", begin, node.end) if node.end > node.start_end else node.end
    pieces, at = [], begin
    for child in node.children:
        pieces.append(text[at : child.start])
        at = child.end
    pieces.append(text[at:finish])
    return pieces


def _with_oob(text: str, node: _Node, selector: str) -> str:
    """The element's HTML with an out-of-band swap of the element at `selector`."""
    head = text[node.start : node.start_end]
    name_end = len(node.tag) + 1
    attribute = f' hx-swap-oob="outerHTML:{escape(selector)}"'
    return head[:name_end] + attribute + head[name_end:] + text[node.start_end : node.end]


def _walk(old: str, o: _Node, new: str, n: _Node, path: str) -> list[str]:
    """The swaps under `n` (its own swap when it must be replaced whole)."""
    if old[o.start : o.end] == new[n.start : n.end]:
        return []
    same_shell = (
        o.tag == n.tag
        and o.tag not in OPAQUE
        and old[o.start : o.start_end] == new[n.start : n.start_end]
        and len(o.children) == len(n.children)
        and [c.tag for c in o.children] == [c.tag for c in n.children]
        and _inner_text(old, o) == _inner_text(new, n)
    )
    prepended = _prepended(old, o, new, n, path)
    if prepended is not None:
        return prepended
    if not same_shell:
        if o.tag == "#root":
            raise Unfollowed("the region's own elements changed")
        return [_with_oob(new, n, path)]
    swaps: list[str] = []
    for index, (oc, nc) in enumerate(zip(o.children, n.children, strict=True), start=1):
        swaps += _walk(old, oc, new, nc, f"{path} > :nth-child({index})")
    # The element whole, when that says the same in fewer bytes (its out-of-band attribute
    # counted as its path's length plus a few).
    whole_size = (n.end - n.start) + len(path) + 30
    if o.tag != "#root" and whole_size <= sum(len(swap) for swap in swaps):
        return [_with_oob(new, n, path)]
    return swaps


def _prepended(old: str, o: _Node, new: str, n: _Node, path: str) -> list[str] | None:
    """A list whose new items came first (the log, newest first) and whose oldest may have
    dropped off its end: those items added, those dropped, and nothing else moved."""
    if o.tag not in ("ul", "ol") or old[o.start : o.start_end] != new[n.start : n.start_end]:
        return None
    if not n.children or any(c.tag != "li" for c in (*o.children, *n.children)):
        return None
    olds = [old[c.start : c.end] for c in o.children]
    news = [new[c.start : c.end] for c in n.children]
    return _prepended_items(o.tag, olds, news, path)


def _prepended_items(tag: str, olds: list[str], news: list[str], path: str) -> list[str] | None:
    """The swaps that turn the list of items `olds` into `news` when the new ones came first
    and the oldest may have dropped off the end; None otherwise."""
    for added in range(1, len(news) + 1):
        kept = news[added:]
        if kept == olds[: len(kept)]:
            break
    else:
        return None
    if not kept:
        return None  # nothing in common: the list whole
    swaps = [
        f'<{tag} hx-swap-oob="delete:{escape(f"{path} > :nth-child({index})")}"></{tag}>'
        for index in range(len(olds), len(kept), -1)
    ]
    items = "".join(news[:added])
    swaps.append(f'<{tag} hx-swap-oob="afterbegin:{escape(path)}">{items}</{tag}>')
    return swaps


# -- the log's lines, compared without parsing them --------------------------------------------
# The log part is the region's largest, and every version adds a line to it: parsed whole at
# each catch-up, it was most of a patch's parse. Its lines are partials/log_entry.html's own
# `<li class="entry">` elements (escaped text can't hold that tag, nor a `</li>`), so the part
# is cut into what comes before the first line, the lines, and what comes after the last
# without a parser. When the text around the lines is the same, only that text is parsed
# (once: it is the same at every version) to find where the list is, and the lines compare as
# `_prepended` compares a list's items. Anything else (no line, other text between the lines,
# the text around them changed) goes the whole way. `tests/web/test_live_patch.py` checks
# that this gives the very swaps the whole way gives.
_LINE = '<li class="entry">'
_LINE_END = "</li>"

# Each line checked once, as the whole way checks it (a browser would read it as written).
CHECKED_LINES: LRU[str, bool] = LRU(4096)


class _Lines:
    """A part cut around its log lines: the text before, the lines, the text after, and how
    long the lines are with what lies between them."""

    __slots__ = ("after", "before", "length", "lines")

    def __init__(self, before: str, lines: list[str], after: str, length: int) -> None:
        self.before, self.lines, self.after, self.length = before, lines, after, length


def _lines_of(text: str) -> _Lines | None:
    first = text.find(_LINE)
    if first < 0:
        return None
    lines: list[str] = []
    at = first
    while True:
        end = text.find(_LINE_END, at)
        if end < 0:
            return None
        end += len(_LINE_END)
        lines.append(text[at:end])
        following = text.find(_LINE, end)
        if following < 0:
            return _Lines(text[:first], lines, text[end:], end - first)
        if text[end:following].strip():
            return None  # something else between two lines
        at = following


def _line_checked(line: str) -> bool:
    known = CHECKED_LINES.get(line)
    if known is None:
        try:
            tree = _tree(line)
            known = len(tree.children) == 1 and tree.children[0].end == len(line)
        except Unfollowed:
            known = False
        CHECKED_LINES.put(line, known)
    return known


def _shape_of(text: str) -> tuple[_Node, _Lines | None]:
    """The tree that gives the part's own elements: its text without its log lines' when it
    has some (the same elements, and the same text at every version), else its own; with
    its lines. Worked out once per text: every catch-up asks it of every part, and a part
    that did not change is the same text at the next version (the log's lines were cut
    twice per catch-up, a fifth of a patch)."""
    shape = SHAPES.get(text)
    if shape is None:
        lines = _lines_of(text)
        tree = _tree_of(text) if lines is None else _tree_of(lines.before + lines.after)
        shape = SHAPES.setdefault(text, (tree, lines))
    return shape


def _lines_swaps(
    old: _Lines, new: _Lines, skeleton: _Node, root: str, before: int
) -> list[str] | None:
    """The swaps of a part whose only change is in its log lines, as the whole way would
    find them; None when the whole way must decide."""
    if old.before != new.before or old.after != new.after:
        return None
    if not all(_line_checked(line) for line in new.lines):
        return None
    # The list: the deepest element whose start tag ends before the lines and whose end tag
    # comes after them (at the join of the text before and after, in the skeleton).
    join = len(new.before)
    path, node, chain = root, skeleton, []
    index_base = before
    while True:
        inside = next(
            (
                (i, c)
                for i, c in enumerate(node.children, start=1)
                if c.start_end <= join and c.end > join
            ),
            None,
        )
        if inside is None:
            break
        i, node = inside
        path = f"{path} > :nth-child({i + index_base})"
        index_base = 0
        chain.append((node, path))
    if not chain or node.tag not in ("ul", "ol") or node.children:
        return None  # not a list that holds only the lines
    swaps = _prepended_items(node.tag, old.lines, new.lines, path)
    if swaps is None:
        return None
    # The whole way replaces an element whole when that says the same in fewer bytes: when
    # it would, for an element around the list, let it decide (in the new text, an element
    # around the lines is longer than in the skeleton by the lines' length).
    size = sum(len(swap) for swap in swaps)
    for element, element_path in chain[:-1]:
        if (element.end - element.start) + new.length + len(element_path) + 30 <= size:
            return None
    return swaps


# Every form of the region carries the version it was drawn at (app/web/form_version.py).
# Compared as it is, every form would differ at every version, and every patch would resend
# them all. So the regions are compared with that value blanked: a form that differs only
# there is left in place, and static/js/live.js sets every form's value to the version the
# patched status line shows (the form is then exactly what the new region has). A form that
# changed otherwise is sent with the new value.

# Each part's text as compared (its forms' version blanked), its tree, and each patch, worked
# out once: a part that did not change is the same text at the next version, each region is
# the new one of one catch-up and the old one of the next, and one patch serves every page of
# one seat link. Keyed by the texts themselves (a string keeps its hash).
NORMAL: LRU[str, str] = LRU(2048)
TREES: LRU[str, _Node] = LRU(2048)
SHAPES: LRU[str, tuple[_Node, _Lines | None]] = LRU(2048)
PATCHES: LRU[tuple[str, str, str], tuple[str | None]] = LRU(256)
PATCHING: SingleFlight[tuple[str | None]] = SingleFlight()


def _normal(text: str) -> str:
    normal = NORMAL.get(text)
    if normal is None:
        normal = NORMAL.setdefault(text, blanked(text))
    return normal


def _tree_of(text: str) -> _Node:
    tree = TREES.get(text)
    if tree is None:
        tree = TREES.setdefault(text, _tree(text))
    return tree


def live_patch(old: Region, new: Region, root: str = "#live") -> str | None:
    """Out-of-band swaps that turn the region `old` (inside `root`) into `new`; None when
    the page should get the whole region instead."""
    key = (old.html, new.html, root)
    known = PATCHES.get(key)
    if known is None:
        # The pages of one seat link ask for it at once: one of them works it out.
        known = PATCHING.run(key, lambda: PATCHES.setdefault(key, (_patch(old, new, root),)))
    return known[0]


def kept_patch(old: Region, new: Region, root: str = "#live") -> tuple[str | None] | None:
    """`live_patch(old, new, root)` in a tuple when it was worked out already (a dictionary
    lookup), else None."""
    return PATCHES.get((old.html, new.html, root))


def _patch(old: Region, new: Region, root: str) -> str | None:
    if len(old.parts) != len(new.parts):
        return None
    try:
        swaps = _parts_walk(old, new, root)
    except Unfollowed:
        return None
    patch = "\n".join(swaps)
    version = EXPECTED.search(new.html)
    if version is not None:
        patch = at_version(patch, int(version.group(1)))
    if len(swaps) > MAX_SWAPS or len(patch) >= len(new.html):
        return None
    return patch


def _parts_walk(old: Region, new: Region, root: str) -> list[str]:
    """The swaps of every part that changed; a part that reads the same (its forms' version
    aside) is passed over, its elements only counted for the positions of the parts after."""
    swaps: list[str] = []
    before = 0  # the region's elements in the parts before this one
    for old_part, new_part in zip(old.parts, new.parts, strict=True):
        new_text = _normal(new_part)
        shape, new_lines = _shape_of(new_text)
        if old_part != new_part:
            old_text = _normal(old_part)
            if old_text != new_text:
                swaps += _changed_part(old_text, new_text, shape, new_lines, root, before)
        before += len(shape.children)
    return swaps


def _changed_part(
    old: str, new: str, shape: _Node, new_lines: _Lines | None, root: str, before: int
) -> list[str]:
    """A changed part's swaps: by its log lines when only they changed, else the whole way."""
    old_lines = _shape_of(old)[1] if new_lines is not None else None
    if new_lines is not None and old_lines is not None:
        by_lines = _lines_swaps(old_lines, new_lines, shape, root, before)
        if by_lines is not None:
            return by_lines
    return _part_swaps(old, _tree_of(old), new, _tree_of(new), root, before)


def _part_swaps(old: str, o: _Node, new: str, n: _Node, root: str, before: int) -> list[str]:
    """One part's swaps: its own elements keep their number and tags (else the region is
    sent whole), each walked at its position in the region."""
    if [c.tag for c in o.children] != [c.tag for c in n.children] or _inner_text(
        old, o
    ) != _inner_text(new, n):
        raise Unfollowed("the region's own elements changed")
    swaps: list[str] = []
    for index, (oc, nc) in enumerate(zip(o.children, n.children, strict=True), start=before + 1):
        swaps += _walk(old, oc, new, nc, f"{root} > :nth-child({index})")
    return swaps
