"""The JSON API (docs/DESIGN.md, "The HTTP contract"): one router per module, mounted by
app.main."""
