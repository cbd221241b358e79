"""Judge scenarios: a setup plus the steps that build a disputed situation."""
