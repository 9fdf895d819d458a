"""Publishing: turns scenes into files and pages (plan, manifest, runner, watch, config, media, gallery, slides).

Nothing here draws; Manim is imported only by the modules that render (runner, slides).
"""
