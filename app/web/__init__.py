"""Facedown."""
