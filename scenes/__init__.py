"""What draws: the lecture's scenes, their panels (components), per-scene numbers, style and strings.

Turning scenes into files and pages lives in :mod:`umbral.scenes.publish`; nothing here imports it.
"""
