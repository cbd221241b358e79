"""The JSON API (DESIGN.md, "The HTTP contract"): one router per module, mounted by app.main."""
