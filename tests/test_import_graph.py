"""Data flows down, never up: the import graph of ``bot/``, ``games/`` and ``renderers/``.

The graph is read with ``ast`` from every ``import`` statement, at module level and inside
functions (and under ``if TYPE_CHECKING:``: a type-only import is still an arrow). It must have
no cycle, and every arrow must follow the layering:

    games        -> games only
    renderers    -> games (its data), renderers
    bot.text     -> games, bot.text
    bot.core     -> games, renderers, bot.text, bot.core   (never discord nor bot.adapter)
    bot.web      -> games, renderers, bot.text, bot.core, bot.web   (never discord)
    bot.adapter  -> all of the above, and the only importer of discord
    bot.cli      -> anything (the entry point)

Two imports are dynamic and not seen here: ``games`` discovers its packages with ``pkgutil``,
``bot.text.presenters.get`` imports ``bot.text.presenters.<id>`` by name. Both point down.
The last tests plant a cycle and a wrong arrow in a temporary tree and show the checks fail.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "games", "renderers")

#: layer -> the layers it may import (its own included)
ALLOWED: dict[str, set[str]] = {
    "games": {"games"},
    "renderers": {"games", "renderers"},
    "bot.text": {"games", "bot.text"},
    "bot.core": {"games", "renderers", "bot.text", "bot.core"},
    # the web surface (issue 32): below the adapter, which gives it a bridge to the bot
    "bot.web": {"games", "renderers", "bot.text", "bot.core", "bot.web"},
    "bot.adapter": {"games", "renderers", "bot.text", "bot.core", "bot.web", "bot.adapter"},
    "bot.cli": {"games", "renderers", "bot.text", "bot.core", "bot.web", "bot.adapter", "bot.cli"},
    "bot": set(),
}
#: third-party packages only some layers may import
RESTRICTED = {"discord": {"bot.adapter"}}

Graph = dict[str, set[str]]


def modules(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module of ``packages`` under ``root``: dotted name -> file."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The deepest known module that ``name`` (a.b.c) names or lives in."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def _base(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    keep = len(parts) - node.level + (1 if is_package else 0)
    base = parts[:keep]
    return ".".join(base + ([node.module] if node.module else []))


def imported_names(module: str, path: Path) -> set[str]:
    """Every module name ``module`` imports anywhere in its file (absolute, dotted)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, node, path.name == "__init__.py")
            # ``from X import a``: the submodule X.a when there is one, else X itself
            names.update(
                f"{base}.{alias.name}" if alias.name != "*" else base for alias in node.names
            )
    return names


def graph_of(root: Path, packages: Iterable[str]) -> tuple[Graph, dict[str, set[str]]]:
    """(arrows between our modules, third-party top-level packages each module imports)."""
    known = modules(root, packages)
    arrows: Graph = {m: set() for m in known}
    outside: dict[str, set[str]] = {m: set() for m in known}
    for module, path in known.items():
        for name in imported_names(module, path):
            target = _resolve(name, known)
            if target is None:
                outside[module].add(name.split(".")[0])
            elif target != module or name == module:
                arrows[module].add(target)
    return arrows, outside


def cycles(arrows: Graph) -> list[list[str]]:
    """Strongly connected components with more than one module, and self-imports (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(arrows.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in arrows.get(v, ()):
                found.append(sorted(component))

    for v in sorted(arrows):
        if v not in index:
            visit(v)
    return found


def layer(module: str) -> str:
    for name in sorted(ALLOWED, key=len, reverse=True):
        if module == name or module.startswith(name + "."):
            return name
    raise AssertionError(f"{module} is in no layer")


def wrong_arrows(arrows: Graph, outside: dict[str, set[str]]) -> list[str]:
    """Every import against the layering, as readable lines."""
    wrong = []
    for module in sorted(arrows):
        here = layer(module)
        for target in sorted(arrows[module]):
            if layer(target) not in ALLOWED[here]:
                wrong.append(f"{module} ({here}) imports {target} ({layer(target)})")
        for package in sorted(outside[module]):
            if package in RESTRICTED and here not in RESTRICTED[package]:
                wrong.append(f"{module} ({here}) imports {package}")
    return wrong


# -- the project ---------------------------------------------------------------------------
def test_the_project_has_no_import_cycle() -> None:
    arrows, _ = graph_of(ROOT, PACKAGES)
    assert len(arrows) > 50  # the graph really was read
    assert cycles(arrows) == []


def test_every_import_follows_the_layering() -> None:
    arrows, outside = graph_of(ROOT, PACKAGES)
    assert wrong_arrows(arrows, outside) == []


def test_the_graph_sees_the_arrows_that_matter() -> None:
    """Sanity: known arrows (a function-level one included) are in the graph."""
    arrows, outside = graph_of(ROOT, PACKAGES)
    assert "bot.core.host" in arrows["bot.core.verify"]
    assert "bot.adapter.app" in arrows["bot.cli"]  # imported inside cmd_run
    assert "discord" in outside["bot.adapter.client"]
    assert not any("discord" in outside[m] for m in arrows if not m.startswith("bot.adapter"))


# -- the checks fail on planted faults ----------------------------------------------------
def _plant(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_planted_cycle_through_a_function_level_import_is_found(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "bot/__init__.py": "",
            "bot/adapter/__init__.py": "",
            "bot/adapter/items.py": "def callback():\n    from bot.adapter import actions\n",
            "bot/adapter/actions.py": "from bot.adapter.items import callback\n",
            "bot/adapter/leaf.py": "from .actions import callback\n",
        },
    )
    arrows, _ = graph_of(tmp_path, ["bot"])
    assert cycles(arrows) == [["bot.adapter.actions", "bot.adapter.items"]]


def test_a_planted_type_only_cycle_is_found(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "bot/__init__.py": "",
            "bot/adapter/__init__.py": "",
            "bot/adapter/app.py": "from bot.adapter import publish\n",
            "bot/adapter/publish.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from bot.adapter.app import App\n"
            ),
        },
    )
    arrows, _ = graph_of(tmp_path, ["bot"])
    assert cycles(arrows) == [["bot.adapter.app", "bot.adapter.publish"]]


def test_planted_arrows_against_the_layering_are_found(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "bot/__init__.py": "",
            "bot/core/__init__.py": "import discord\n",
            "bot/core/host.py": "def f():\n    from bot.adapter import client\n",
            "bot/adapter/__init__.py": "",
            "bot/adapter/client.py": "import discord\nfrom bot.core import host\n",
            "games/__init__.py": "",
            "games/base.py": "from renderers import draw\n",
            "renderers/__init__.py": "",
            "renderers/draw.py": "from games import base\n",
        },
    )
    arrows, outside = graph_of(tmp_path, PACKAGES)
    assert wrong_arrows(arrows, outside) == [
        "bot.core (bot.core) imports discord",
        "bot.core.host (bot.core) imports bot.adapter.client (bot.adapter)",
        "games.base (games) imports renderers.draw (renderers)",
    ]
    assert cycles(arrows) == [
        ["bot.adapter.client", "bot.core.host"],
        ["games.base", "renderers.draw"],
    ]
