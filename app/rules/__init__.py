"""The pure rules core: no FastAPI, no SQL, no I/O (docs/DESIGN.md invariant 1)."""
