"""Magic: The Gathering rules, current edition, with the 2004 differences flagged inline."""
