"""Fades without copies: :class:`OpacityFade` scales each part's own opacity.

Manim's FadeIn and FadeOut deep-copy the mobject twice when they begin (about 1 s for a
table of live numbers and four long curves); these keep no copy.
"""

from __future__ import annotations

from manim import Animation, Mobject, VMobject

__all__ = ["OpacityFade", "fade_in", "fade_out"]


class OpacityFade(Animation):
    """Fade one mobject in (added) or out (removed) by scaling its parts' own opacities.

    Manim's FadeIn and FadeOut deep-copy the mobject twice when they begin (about 1 s for a
    table of live numbers and four long curves); this keeps no copy, and each part keeps its
    own opacity (a hidden marker stays hidden). After fading out, the opacities are put back.
    """

    def __init__(self, mobject: Mobject, out: bool = False, **kwargs):
        self.out = out
        super().__init__(mobject, introducer=not out, remover=out, **kwargs)

    def create_starting_mobject(self) -> Mobject:
        """An empty stand-in: nothing reads a starting copy."""
        return Mobject()

    def begin(self) -> None:
        """Remember every part's opacities, then start from none (in) or from them (out)."""
        self.saved = [(part, part.fill_rgbas[:, 3].copy(), part.stroke_rgbas[:, 3].copy(),
                       part.background_stroke_rgbas[:, 3].copy())
                      for part in self.mobject.family_members_with_points() if isinstance(part, VMobject)]
        super().begin()

    def interpolate_mobject(self, alpha: float) -> None:
        """Every part at ``level`` times its own opacity."""
        level = self.rate_func(alpha)
        self.set_level(1.0 - level if self.out else level)

    def set_level(self, level: float) -> None:
        """Scale each remembered opacity by ``level``."""
        for part, fill, stroke, background in self.saved:
            part.fill_rgbas[:, 3] = fill * level
            part.stroke_rgbas[:, 3] = stroke * level
            part.background_stroke_rgbas[:, 3] = background * level

    def clean_up_from_scene(self, scene) -> None:
        """Remove a faded-out mobject and give it back its opacities."""
        super().clean_up_from_scene(scene)
        if self.out:
            self.set_level(1.0)


def fade_in(*mobjects: Mobject) -> list[OpacityFade]:
    """One :class:`OpacityFade` in per mobject."""
    return [OpacityFade(mobject) for mobject in mobjects]


def fade_out(*mobjects: Mobject) -> list[OpacityFade]:
    """One :class:`OpacityFade` out per mobject (each must be on screen)."""
    return [OpacityFade(mobject, out=True) for mobject in mobjects]
