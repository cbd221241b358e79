"""The pure rules core: no FastAPI, no SQL, no I/O (DESIGN.md)."""
