"""Every Sphinx cross-reference in umbral's sources and docs names something that imports.

The roles checked are ``:mod:``, ``:func:``, ``:class:``, ``:meth:``, ``:data:``, ``:attr:`` and
``:exc:``, wherever they appear in metrics/, data/, scenes/ and umbral/ (docstrings and comments)
and in docs/*.md. A target is read as Sphinx reads it: ``~`` (show the last part only) and a
leading ``.`` are dropped, ``title <target>`` keeps the target, a trailing ``()`` is ignored. Then:

1. A target whose first part is ``umbral`` is absolute: the longest prefix that imports is the
   module, the rest are attributes of it (``umbral.metrics.point.recall``,
   ``umbral.Lecture.from_predictions``).
2. A target that starts with a folder of the checkout (``metrics``, ``data``, ``scenes``,
   ``tests``, ``benchmarks``, ``render``) is wrong: that is not how it imports
   (write ``umbral.metrics.point``, not ``metrics.point``).
3. Any other target is relative to where it is written: it is looked up among the names of the
   module that holds it (what it defines or imports: ``:class:`Sweep```,
   ``:meth:`Sweep.from_scores```), then among the attributes of the classes whose body holds it,
   innermost first (``:meth:`build_layout``` in a method of that class), then among Python's
   builtins (``:exc:`ValueError```). In docs/*.md there is no module, so only rule 4 applies.
4. Failing that, a target whose first part is a module from outside the checkout (the standard
   library, NumPy, Manim, ...) is absolute (``:func:`math.erfc```, ``:mod:`tomllib```).

The object found must be of the role's kind: a module for ``:mod:``, a class for ``:class:``, an
exception class for ``:exc:``, something callable (or a property) for ``:func:`` and ``:meth:``.
``:data:`` and ``:attr:`` take any value; an ``:attr:`` may also name a dataclass field or an
annotated attribute of the class. Each module is imported once (the Manim ones take seconds).
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import functools
import importlib
import importlib.util
import inspect
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"umbral": "umbral", "metrics": "umbral.metrics", "data": "umbral.data", "scenes": "umbral.scenes"}
CHECKOUT_FOLDERS = {"metrics", "data", "scenes", "tests", "benchmarks", "render"}
ROLE = re.compile(r":(mod|func|class|meth|data|attr|exc):`([^`]+)`")


@dataclass(frozen=True)
class Reference:
    """One role as written: where it is, its kind and its target."""

    path: Path
    line: int
    role: str
    target: str

    def __str__(self) -> str:
        where = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path.name
        return f"{where}:{self.line}: :{self.role}:`{self.target}`"


def module_name(path: Path) -> str:
    """The name a source file imports as: metrics/point.py -> umbral.metrics.point."""
    folder, *rest = path.relative_to(ROOT).with_suffix("").parts
    parts = [PACKAGES[folder], *rest]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def references(path: Path) -> list[Reference]:
    text = path.read_text(encoding="utf-8")
    return [Reference(path, text.count("\n", 0, match.start()) + 1, match.group(1), match.group(2))
            for match in ROLE.finditer(text)]


def sources() -> list[Path]:
    files = [path for folder in PACKAGES for path in sorted((ROOT / folder).rglob("*.py"))]
    return [path for path in files if "__pycache__" not in path.parts]


def documents() -> list[Path]:
    return sorted((ROOT / "docs").glob("*.md"))


def plain_target(target: str) -> str:
    titled = re.fullmatch(r".*<(.+)>", target.strip(), flags=re.DOTALL)
    name = titled.group(1) if titled else target.strip()
    return name.lstrip("~.").removesuffix("()")


def walk(obj, attributes: list[str]):
    """``obj.a.b.c``; an attribute that is only annotated (a dataclass field) counts as found."""
    for attribute in attributes:
        try:
            obj = getattr(obj, attribute)
        except AttributeError:
            if inspect.isclass(obj) and attribute == attributes[-1] and declared(obj, attribute):
                return dataclasses.MISSING
            raise
    return obj


def declared(cls: type, name: str) -> bool:
    return any(name in getattr(klass, "__annotations__", {}) or name in getattr(klass, "__slots__", ())
               for klass in cls.__mro__)


def absolute(target: str):
    """The object named by a full dotted name: the longest prefix that imports, then attributes."""
    parts = target.split(".")
    for split in range(len(parts), 0, -1):
        name = ".".join(parts[:split])
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is not None and not name.startswith(error.name + ".") and error.name != name:
                raise  # the module exists but imports something missing: a real failure
            continue
        return walk(module, parts[split:])
    raise LookupError(f"no module of {target!r} imports")


def enclosing_classes(module: ModuleType, path: Path, line: int) -> list[type]:
    """The classes whose body holds ``line``, innermost first."""
    found = []

    def visit(node: ast.AST, prefix: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef) and child.lineno <= line <= child.end_lineno:
                found.append([*prefix, child.name])
                visit(child, [*prefix, child.name])
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) and child.lineno <= line <= child.end_lineno:
                visit(child, prefix)

    visit(syntax_tree(path), [])
    classes = []
    for qualified in reversed(found):
        try:
            classes.append(walk(module, qualified))
        except AttributeError:
            continue
    return classes


@functools.cache
def syntax_tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def outside_checkout(name: str) -> bool:
    spec = importlib.util.find_spec(name)
    if spec is None:
        return False
    places = [*([spec.origin] if spec.has_location else []), *(spec.submodule_search_locations or [])]
    return not any(Path(place).resolve().is_relative_to(ROOT) for place in places)


def resolve(reference: Reference, module: ModuleType | None):
    """The object a reference names, by the rules in this file's docstring; LookupError if none."""
    target = plain_target(reference.target)
    parts = target.split(".")
    if not target or not all(part.isidentifier() for part in parts):
        raise LookupError("not a dotted name")
    if parts[0] == "umbral":
        try:
            return absolute(target)
        except (LookupError, AttributeError) as error:
            raise LookupError(str(error)) from None
    if parts[0] in CHECKOUT_FOLDERS and (len(parts) > 1 or reference.role == "mod"):
        raise LookupError(f"names the checkout's folder {parts[0]!r}; write umbral.{target}" if parts[0]
                          in PACKAGES else f"{parts[0]!r} is not part of umbral")
    if module is not None:
        for scope in (module, *enclosing_classes(module, reference.path, reference.line), builtins):
            try:
                return walk(scope, parts)
            except AttributeError:
                continue
    if outside_checkout(parts[0]):
        try:
            return absolute(target)
        except (LookupError, AttributeError) as error:
            raise LookupError(str(error)) from None
    raise LookupError("not found where it is written, nor as a module outside the checkout")


def check_kind(role: str, obj) -> str | None:
    """Why ``obj`` is not what ``role`` names, or None."""
    if obj is dataclasses.MISSING:
        return None if role in ("attr", "data") else "an annotated attribute, not a callable"
    wants = {
        "mod": (inspect.ismodule, "a module"),
        "class": (inspect.isclass, "a class"),
        "exc": (lambda o: inspect.isclass(o) and issubclass(o, BaseException), "an exception class"),
        "func": (callable, "callable"),
        "meth": (lambda o: callable(o) or isinstance(o, property | functools.cached_property), "a method"),
    }
    if role not in wants:
        return None
    test, what = wants[role]
    return None if test(obj) else f"{type(obj).__name__}, not {what}"


def problems(path: Path, module: ModuleType | None) -> list[str]:
    found = []
    for reference in references(path):
        try:
            why = check_kind(reference.role, resolve(reference, module))
        except LookupError as error:
            why = str(error)
        except ImportError as error:  # the name's module exists but does not import
            why = f"{type(error).__name__}: {error}"
        if why:
            found.append(f"{reference}: {why}")
    return found


SOURCES_WITH_REFERENCES = [path for path in sources() if references(path)]


@pytest.mark.parametrize("path", SOURCES_WITH_REFERENCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_reference_in_a_module_resolves(path):
    module = importlib.import_module(module_name(path))
    assert problems(path, module) == []


@pytest.mark.parametrize("path", documents(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_reference_in_the_docs_resolves(path):
    assert problems(path, None) == []


def test_the_references_are_found():
    assert sum(len(references(path)) for path in SOURCES_WITH_REFERENCES) >= 250
    assert module_name(ROOT / "metrics" / "point.py") == "umbral.metrics.point"
    assert module_name(ROOT / "scenes" / "publish" / "__init__.py") == "umbral.scenes.publish"
    assert module_name(ROOT / "umbral" / "shown.py") == "umbral.shown"


BAD_AND_GOOD = '''
"""A module of references, good and bad.

Good: :func:`umbral.metrics.point.recall`, :func:`~umbral.metrics.point.recall`, :mod:`umbral.data`,
:class:`Thing`, :meth:`Thing.go`, :func:`recall`, :func:`math.erfc`, :mod:`tomllib`,
:class:`Path <pathlib.Path>`, :exc:`ValueError`, :attr:`Thing.size`.

Bad: :mod:`metrics.point`, :func:`~metrics.point.recall`, :func:`umbral.metrics.point.no_such`,
:mod:`umbral.tests`, :class:`NoSuchThing`, :class:`recall`, :exc:`Thing`, :mod:`umbral.render`.
"""
from dataclasses import dataclass

from umbral.metrics.point import recall


@dataclass
class Thing:
    """Good: :meth:`go` (this class's own). Bad: :meth:`stop`."""

    size: int

    def go(self):
        return recall
'''


def test_a_bad_reference_is_flagged(tmp_path, monkeypatch):
    path = tmp_path / "references_good_and_bad.py"
    path.write_text(BAD_AND_GOOD, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("references_good_and_bad")
    found = problems(path, module)
    flagged = [line.split(": ", 2)[1] for line in found]
    assert flagged == [":mod:`metrics.point`", ":func:`~metrics.point.recall`",
                       ":func:`umbral.metrics.point.no_such`", ":mod:`umbral.tests`", ":class:`NoSuchThing`",
                       ":class:`recall`", ":exc:`Thing`", ":mod:`umbral.render`", ":meth:`stop`"], found
