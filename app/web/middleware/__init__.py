"""The ASGI middleware every request passes through, outermost last in `install.py`."""
