"""Riftbound: the Hidden keyword and the Hide action on real battlefields (seed 001, 811)."""
