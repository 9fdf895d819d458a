"""Manim scenes of the lecture, their panels and the renderer; scenes read precomputed Facts."""
