"""metrics/ imports form no circle: each module can be read (and imported) before those that use it."""

from __future__ import annotations

import ast
from pathlib import Path

METRICS = Path(__file__).resolve().parents[2] / "metrics"


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The metrics modules ``path`` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("umbral.metrics"):
            if node.module == "umbral.metrics":
                found |= {alias.name for alias in node.names if alias.name in modules}
            else:
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("umbral.metrics.")}
    return found


def import_graph() -> dict[str, set[str]]:
    modules = {p.stem for p in METRICS.glob("*.py") if p.stem != "__init__"}
    return {name: _imports(METRICS / f"{name}.py", modules) - {name} for name in modules}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import path that comes back to where it started (depth-first search)."""
    found, done = [], set()

    def visit(name, path):
        if name in path:
            found.append(path[path.index(name):] + [name])
            return
        if name in done:
            return
        for other in sorted(graph.get(name, ())):
            visit(other, path + [name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    return found


def test_metrics_imports_form_no_circle():
    graph = import_graph()
    assert graph["validation"] == set(), "validation.py is the bottom: it imports no other metrics module"
    assert circles(graph) == []


def test_the_circle_finder_finds_the_old_circle():
    old = {"point": {"validation"}, "validation": {"sweep"}, "sweep": {"point", "validation"}}
    assert ["point", "validation", "sweep", "point"] in circles(old)
