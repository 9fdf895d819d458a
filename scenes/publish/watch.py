"""``render.py watch``: re-render when the data file or the project config changes.

Files are compared by content (sha256), polled every ``interval`` seconds;
a change must stay quiet for ``debounce`` seconds before a render starts, so
an editor's several writes cause one render. Each render is a separate
``render.py render`` process: it re-reads the config and renders only what
its manifests say is out of date.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from umbral.scenes.publish import manifest
from umbral.scenes.publish.config import CONFIG_NAME, read_config

__all__ = ["watch_and_render", "watched_files"]

#: `python render.py` in a checkout; an installed umbral has no render.py and runs as `python -m umbral`.
RENDER_PY = Path(__file__).resolve().parents[2] / "render.py"
UMBRAL = [str(RENDER_PY)] if RENDER_PY.is_file() else ["-m", "umbral"]


def _option_value(args: list[str], name: str) -> str | None:
    for index, arg in enumerate(args):
        if arg == name and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return None


def watched_files(render_args: list[str], config: str | None) -> list[Path]:
    """The config file (if any) and the data file the render reads (if it is a file)."""
    config_path = Path(config) if config else Path(CONFIG_NAME)
    files = [config_path] if config_path.is_file() else []
    data = _option_value(render_args, "--data")
    if data is None and files:
        data = read_config(config_path).get("data")
    if data and Path(data).exists():
        files.append(Path(data))
    return files


def _state(files: list[Path]) -> dict:
    state = {}
    for path in files:
        try:
            state[path] = manifest.file_sha256(path)
        except OSError:
            state[path] = None  # deleted or being rewritten
    return state


def _render(render_args: list[str], config: str | None, echo) -> int:
    command = [sys.executable, *UMBRAL, *(["--config", config] if config else []), "render", *render_args]
    result = subprocess.run(command, capture_output=True, text=True)
    for line in (result.stdout + result.stderr).splitlines():
        echo(f"  {line}")
    return result.returncode


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def stop_on_ctrl_c_and_term() -> None:
    """Ctrl-C (SIGINT) and SIGTERM raise ``KeyboardInterrupt``, whatever this process inherited.

    A process started in the background by a shell, or by a parent that ignores SIGINT, inherits
    SIGINT ignored, and Python then installs no handler: Ctrl-C would never stop the watch.
    """
    if threading.current_thread() is threading.main_thread():
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, _interrupt)


def watch_and_render(render_args: list[str], config: str | None, interval: float = 0.5, debounce: float = 1.0,
                     echo=print, max_renders: int | None = None) -> None:
    """Render once, then again after every settled change, until interrupted (or ``max_renders``)."""
    stop_on_ctrl_c_and_term()
    files = watched_files(render_args, config)
    echo("watching: " + (", ".join(str(f) for f in files) or "nothing (built-in data, no umbral.toml)"))
    state = _state(files)  # before rendering: a change made while the first render runs is seen after it
    _render(render_args, config, echo)
    renders = 1
    while max_renders is None or renders < max_renders:
        time.sleep(interval)
        current = _state(files)
        if current == state:
            continue
        # Wait for the writes to settle.
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < debounce:
            time.sleep(interval)
            latest = _state(files)
            if latest != current:
                current, quiet_since = latest, time.monotonic()
        changed = [str(path) for path in files if current.get(path) != state.get(path)]
        echo(f"changed: {', '.join(changed)}; rendering")
        status = _render(render_args, config, echo)
        echo("rendered" if status == 0 else f"render failed (exit {status}); still watching")
        state = current
        files = watched_files(render_args, config)  # the config may point at another data file now
        state.update({path: current.get(path, manifest.file_sha256(path)) for path in files if path not in state})
        renders += 1
