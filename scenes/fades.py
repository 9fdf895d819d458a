"""Fades without copies (:class:`OpacityFade` scales each part's own opacity), and fades drawn as crossfades.

Manim's FadeIn and FadeOut deep-copy the mobject twice when they begin (about 1 s for a
table of live numbers and four long curves); these keep no copy.
"""

from __future__ import annotations

import numpy as np
from manim import Animation, FadeIn, FadeOut, Mobject, VMobject
from PIL import Image

__all__ = ["OpacityFade", "can_crossfade", "fade_in", "fade_out", "is_plain_fade", "play_crossfade", "without_copies"]


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


def is_plain_fade(animation: Animation) -> bool:
    """True for a fade that only changes opacity, everywhere at once (no shift, scale or lag)."""
    if isinstance(animation, OpacityFade):
        return True
    return (isinstance(animation, (FadeIn, FadeOut)) and not animation.point_target
            and not np.any(animation.shift_vector) and animation.scale_factor == 1 and not animation.lag_ratio)


def without_copies(animation: Animation) -> Animation:
    """A plain Manim FadeIn/FadeOut of vector parts as the same :class:`OpacityFade`; anything else as given.

    Same frames, without the two deep copies Manim's fade makes when it begins
    (a quarter of AccuracyParadox's render time went to them).
    """
    if not isinstance(animation, (FadeIn, FadeOut)) or not is_plain_fade(animation):
        return animation
    if not all(isinstance(part, VMobject) for part in animation.mobject.family_members_with_points()):
        return animation
    return OpacityFade(animation.mobject, out=isinstance(animation, FadeOut), run_time=animation.run_time,
                       rate_func=animation.rate_func)


def can_crossfade(scene) -> bool:
    """True when a play's fades can be drawn as a crossfade (:func:`play_crossfade`).

    The play must hold plain fades sharing one clock; anything else it animates (a closing
    line being written) must be drawn above every faded part; nothing may move by itself.
    """
    animations = scene.animations or []
    fades = [animation for animation in animations if is_plain_fade(animation)]
    if not fades:
        return False
    if any(a.run_time != fades[0].run_time or a.rate_func is not fades[0].rate_func for a in fades):
        return False
    members = scene.get_mobject_family_members()
    if scene.updaters or any(member.updaters for member in members):
        return False
    others = {part for a in animations if not is_plain_fade(a) for part in a.mobject.get_family()}
    if not others:
        return True
    order = {member: index for index, member in enumerate(members)}
    faded = [order[part] for a in fades for part in a.mobject.get_family() if part in order]
    drawn_over = [order.get(part, len(members)) for part in others]
    return not others & {part for a in fades for part in a.mobject.get_family()} and max(faded) < min(drawn_over)


def play_crossfade(scene) -> None:
    """Draw the fades' first and last pictures once and mix them for every frame between.

    A fade drawn by Manim redraws every faded part in every frame (a whole panel set at
    1080p60: 48 full redraws in 0.8 s); the mix costs one pass over the pixels (Pillow's
    blend, about 3 ms a frame at 1080p against 15 for the same mix in NumPy). The play's other
    animations (all drawn above the faded parts) are drawn over the mix as usual.
    Where faded parts overlap one another, a crossfade of the pictures differs slightly from
    fading each part on its own (halfway, the parts do not show through one another).
    """
    renderer, animations = scene.renderer, scene.animations
    fades = [animation for animation in animations if is_plain_fade(animation)]
    others = [animation for animation in animations if not is_plain_fade(animation)]
    scene.duration = scene.get_run_time(animations)
    scene.time_progression = scene._get_animation_time_progression(animations, scene.duration)
    live = [part for animation in others for part in animation.mobject.get_family()]
    hidden = set(live)
    beneath = [member for member in scene.get_mobject_family_members() if member not in hidden]
    renderer.static_image = None
    before = _picture(scene, beneath)
    for animation in fades:
        animation.interpolate(1.0)
    after = _picture(scene, beneath)
    clock, rate = fades[0].run_time, fades[0].rate_func
    shown, mixed = None, None
    for t in scene.time_progression:
        weight = int(round(256 * float(np.clip(rate(min(t / clock, 1.0)), 0.0, 1.0))))
        if weight != shown:
            mixed = np.asarray(Image.blend(before, after, weight / 256))
            shown = weight
        if not others:
            renderer.add_frame(mixed)
            continue
        for animation in others:
            animation.update_mobjects(t - scene.last_t)
            animation.interpolate(t / animation.run_time)
        scene.last_t = t
        renderer.static_image = mixed
        renderer.update_frame(scene, mobjects=live)
        renderer.add_frame(renderer.get_frame())
    scene.last_t = scene.duration
    for animation in animations:
        animation.finish()
        animation.clean_up_from_scene(scene)
    if not renderer.skip_animations:
        scene.update_mobjects(0)
    renderer.static_image = None
    scene.time_progression.close()


def _picture(scene, mobjects: list) -> Image.Image:
    """``mobjects`` drawn on a fresh background, as an image for mixing (Pillow's blend: a third of NumPy's time)."""
    scene.renderer.camera.reset()
    scene.renderer.camera.capture_mobjects(mobjects)
    return Image.fromarray(scene.renderer.get_frame(), "RGBA")
