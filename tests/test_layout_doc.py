"""docs/layout.md draws the house as it is: every module it names exists, and it names every module.

The tree in docs/layout.md's code block is read as it looks: a name ending in ``/`` is a folder
and holds the lines indented under it; the names ending in ``.py`` at the start of a line are
modules of the folder above (several may share a line); words after them, and lines that start
with a word, are description. Production code is render.py and every ``.py`` under umbral/,
metrics/, data/ and scenes/: each module must be named (a package's ``__init__.py`` may be left
out, its folder may not), and each name must be a file or folder of the checkout.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYOUT = ROOT / "docs" / "layout.md"
PRODUCTION = ("umbral", "metrics", "data", "scenes")
NAME = re.compile(r"[A-Za-z_]\w*(\.py|/)")


def tree_block(text: str) -> str:
    """The first code block, the one that draws the tree."""
    return re.search(r"^```\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL).group(1)


def listed(block: str) -> tuple[set[str], set[str]]:
    """The modules and the folders the tree names, as paths relative to the checkout."""
    modules, folders, stack = set(), set(), []  # stack: (indent, folder path) of the open folders
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else ""
        for word in line.split():
            if not NAME.fullmatch(word):
                break
            if word.endswith("/"):
                folders.add(parent + word)
                stack.append((indent, parent + word))
                break  # a folder's line goes on with its description
            modules.add(parent + word)
    return modules, folders


def production() -> tuple[set[str], set[str]]:
    """The checkout's production modules (without packages' ``__init__.py``) and their folders."""
    files = {path.relative_to(ROOT) for folder in PRODUCTION for path in (ROOT / folder).rglob("*.py")
             if "__pycache__" not in path.parts}
    modules = {path.as_posix() for path in files if path.name != "__init__.py"} | {"render.py"}
    folders = {f"{path.parent.as_posix()}/" for path in files}
    return modules, folders


def test_layout_names_every_module_and_only_real_ones():
    modules, folders = listed(tree_block(LAYOUT.read_text(encoding="utf-8")))
    real_modules, real_folders = production()
    assert sorted(real_modules - modules) == [], "modules missing from docs/layout.md"
    assert sorted(real_folders - folders) == [], "packages missing from docs/layout.md"
    assert sorted(name for name in modules if not (ROOT / name).is_file()) == [], "no such module"
    assert sorted(name for name in folders if not (ROOT / name).is_dir()) == [], "no such folder"


def test_the_reader_sees_a_missing_and_a_stray_module():
    block = ("render.py        the command\n"
             "metrics/         the core\n"
             "  point.py sweep.py   counts\n"
             "                   point.py at the start of a description line is still a name\n"
             "  gone.py        a module since removed\n"
             "scenes/          drawing\n"
             "  publish/       files\n"
             "    runner.py    one scene\n"
             "  style.py       the look\n")
    modules, folders = listed(block)
    assert modules == {"render.py", "metrics/point.py", "metrics/sweep.py", "metrics/gone.py",
                       "scenes/publish/runner.py", "scenes/style.py"}
    assert folders == {"metrics/", "scenes/", "scenes/publish/"}
    assert not (ROOT / "metrics" / "gone.py").exists()
    real_modules, _ = production()
    assert "metrics/curves.py" in real_modules - modules and "umbral/cli.py" in real_modules
