"""``python render.py ...`` in a checkout is the ``umbral`` command (its wiring is umbral/cli.py)."""

from umbral.cli import run

if __name__ == "__main__":
    run()
