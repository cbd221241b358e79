"""The shared rules core: what every game family builds on (state, cards, events, errors,
the working context, viewers and the base view shapes). It names no game family: each
family package (app.rules.mtg, app.rules.riftbound) extends these, and app.rules.families
registers them."""
