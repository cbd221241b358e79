"""The HTML pages and their htmx fragments: one router per module, mounted by `install.py`."""
