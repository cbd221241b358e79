"""Mana costs read as data: a cost's mana value (202.3) and a cost reduced by generic mana
(601.2f: a reduction lowers only the generic part). Mana is shown, never tracked."""

from __future__ import annotations

import re

_SYMBOL = re.compile(r"\{([^}]+)\}")


def symbols(cost: str | None) -> list[str]:
    return _SYMBOL.findall(cost or "")


def mana_value(cost: str | None) -> int:
    """202.3: the total amount of mana in a cost; X is 0 (202.3e); a hybrid symbol counts
    its largest part ({2/W}: 2), a Phyrexian one 1 (202.3f, 202.3g). No cost at all: 0 (a
    face-down spell has none: 708.2)."""
    total = 0
    for symbol in symbols(cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol.upper() in ("X", "Y", "Z"):
            continue
        else:
            parts = [p for p in symbol.split("/") if p.upper() != "P"]
            total += max((int(p) if p.isdigit() else 1) for p in parts) if parts else 1
    return total


def reduced(cost: str | None, generic: int) -> str | None:
    """`cost` with its generic part lowered by `generic`, never below zero (601.2f): "mana
    cost reduced by {2}" (Ethereal Valkyrie, Dream Devourer). {3}{W} -> {1}{W}; {U} -> {U}."""
    if cost is None:
        return None
    out: list[str] = []
    left = generic
    for symbol in symbols(cost):
        if symbol.isdigit() and left:
            keep = max(int(symbol) - left, 0)
            left -= int(symbol) - keep
            if keep:
                out.append(f"{{{keep}}}")
            continue
        out.append(f"{{{symbol}}}")
    return "".join(out) or "{0}"
