"""``python -m umbral``: the ``umbral`` command."""

from umbral.cli import run

run()
