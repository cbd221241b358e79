"""Ordinal numbers in English and French, for public labels ("cast 2nd", "lancé en 2e")."""

from __future__ import annotations


def ordinal_en(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ordinal_fr(n: int) -> str:
    return "1er" if n == 1 else f"{n}e"
