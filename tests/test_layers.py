"""The import graph runs one way: data -> metrics -> scenes -> scenes.publish -> render.py.

A module never imports from a package later in the chain, so the metrics core
knows nothing of drawing and nothing that draws knows how files are published.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHAIN = ("data", "metrics", "scenes", "scenes.publish", "render")


def layer_of(module: str) -> str | None:
    """The package of the chain that ``module`` belongs to (the longest matching prefix), or None."""
    matches = [name for name in CHAIN if module == name or module.startswith(name + ".")]
    return max(matches, key=len) if matches else None


def imported_modules(path: Path) -> set[str]:
    """Every module an ``import`` or ``from ... import`` in ``path`` names, at any depth (lazy imports too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def sources():
    files = [ROOT / "render.py"]
    for package in ("data", "metrics", "scenes"):
        files += sorted((ROOT / package).rglob("*.py"))
    return files


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_a_later_layer(path):
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    own = CHAIN.index(layer_of(module))
    later = sorted(name for name in imported_modules(path)
                   if layer_of(name) and CHAIN.index(layer_of(name)) > own)
    assert not later, f"{module} ({CHAIN[own]}) imports {later}, which belong to a later layer"


def test_the_check_sees_a_backward_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from scenes.publish.runner import render_scene\n", encoding="utf-8")
    assert "scenes.publish.runner" in imported_modules(bad)
    assert layer_of("scenes.publish.runner") == "scenes.publish" and layer_of("scenes.style") == "scenes"
