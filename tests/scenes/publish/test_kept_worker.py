"""The notebook's kept worker: started once, first, importing Manim before its first job arrives."""

from __future__ import annotations

import os
import sys


def _imported_and_pid() -> tuple[bool, bool, int]:
    """In the worker: whether Manim and the renderer are imported already, and the worker's pid."""
    return "manim" in sys.modules, "umbral.scenes.publish.runner" in sys.modules, os.getpid()


def test_start_imports_the_renderer_once_and_a_dead_worker_is_replaced():
    from umbral.scenes.publish.jobs import kept_worker

    worker = kept_worker()
    worker.start()
    pool = worker.pool
    worker.start()  # alive: the same worker
    assert worker.pool is pool
    manim, runner, pid = pool.submit(_imported_and_pid).result(timeout=120)
    assert manim and runner, "the worker did not import Manim and the renderer as it started"
    assert pid != os.getpid()
    pool.shutdown(wait=True)
    worker.start()  # the worker is gone: another starts
    try:
        assert worker.pool is not pool
        assert worker.pool.submit(_imported_and_pid).result(timeout=120)[2] != pid
    finally:
        worker.pool.shutdown(wait=True)
