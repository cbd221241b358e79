"""Facedown: a rules-judge assistant for hidden-information card game mechanics."""
