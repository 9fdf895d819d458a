"""Precomputed numbers for scenes: pure modules (NumPy and metrics only, never Manim)."""
