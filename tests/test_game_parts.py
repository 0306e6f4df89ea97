"""docs/adding-a-game.md as a test: every game in ``games.REGISTRY`` has each part the
checklist names, and a failure says which game, which part and the file it is expected in.

``PARTS`` is the checklist, item by item (``item`` is its number there); each part's
``where`` is written in the checklist too (``test_the_checklist_names_every_part``), so the
two cannot drift apart. The checks look for a part, not at how good it is: the rules, the
contract and the texts have their own tests (``tests/<id>/``, ``tests/test_invariants.py``,
``tests/bot/``, ``tests/test_catalogues.py``).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import games
from games.base import Determinizable, EventRole, Game, GameBase, Undoable
from tests.toygame import TOY

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT / "docs" / "adding-a-game.md"

#: What a check answers: None when the part is there, else what is missing.
Check = Callable[[str, Game], "str | None"]


@dataclass(frozen=True)
class Part:
    key: str  # short, for test ids (``-k majesty-presenter``)
    name: str  # what the checklist calls it
    where: str  # the file (or folder) it is expected in; ``<id>`` is the game id
    item: str  # "create 3": the checklist's list and number
    check: Check

    def expected(self, game_id: str) -> str:
        return self.where.replace("<id>", game_id)


def _module(name: str) -> Any | None:
    """The module ``name``, or None when there is no such file."""
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None
    return None if found is None else importlib.import_module(name)


def _game_module(part: str) -> Check:
    def check(game_id: str, game: Game) -> str | None:
        return None if _module(f"games.{game_id}.{part}") else "no such module"

    return check


def _file(where: str) -> Check:
    def check(game_id: str, game: Game) -> str | None:
        return None if (ROOT / where.replace("<id>", game_id)).is_file() else "no such file"

    return check


# -- the engine -----------------------------------------------------------------------------
def _engine(game_id: str, game: Game) -> str | None:
    if not isinstance(game, GameBase):
        return f"{type(game).__qualname__} is not a games.base.GameBase subclass"
    return None if game.id == game_id else f"its id is {game.id!r}"


def _events(game_id: str, game: Game) -> str | None:
    roles = getattr(type(game), "events", None)
    if not isinstance(roles, Mapping) or not roles or not isinstance(game, GameBase):
        return "no `events` (event type -> games.base.EventRole) declared on the engine class"
    wrong = sorted(str(k) for k, v in roles.items() if not isinstance(v, EventRole))
    return f"not EventRoles: {wrong}" if wrong else None


def _move_types(game_id: str, game: Game) -> str | None:
    types = getattr(type(game), "move_types", None)
    if not types or not isinstance(game, GameBase):
        return "no `move_types` (every move type the game lists) declared on the engine class"
    wrong = sorted(repr(t) for t in types if not isinstance(t, str))
    return f"not strings: {wrong}" if wrong else None


def _views(game_id: str, game: Game) -> str | None:
    module = _module(f"games.{game_id}.views")
    if module is None:
        return "no such module"
    typed = [v for v in vars(module).values() if typing.is_typeddict(v)]
    return None if typed else "no TypedDict of the view's fields in it"


def _determinize(game_id: str, game: Game) -> str | None:
    if _module(f"games.{game_id}.determinize") is None:
        return "no such module"
    return None if isinstance(game, Determinizable) else "the engine has no `determinize`"


def _undo(game_id: str, game: Game) -> str | None:
    if _module(f"games.{game_id}.undo") is None:
        return "no such module"
    return None if isinstance(game, Undoable) else "the engine has no `undoable`"


# -- what players see -----------------------------------------------------------------------
def _renderer(game_id: str, game: Game) -> str | None:
    module = _module(f"renderers.{game_id}")
    if module is None:
        return "no such module"
    missing = [f for f in ("render", "summary") if not callable(getattr(module, f, None))]
    return f"no {' and no '.join(missing)} function" if missing else None


#: the presenter methods the host hands the engine's preview to (``preview=``)
PREVIEWED = ("move_label", "move_description", "chain_label", "chain_description")


def _presenter(game_id: str, game: Game) -> str | None:
    from bot.text.presenters import Presenter

    module = _module(f"bot.text.presenters.{game_id}")
    if module is None:
        return "no such module"
    presenter = getattr(module, "PRESENTER", None)
    if not isinstance(presenter, Presenter):
        return "no PRESENTER (an instance of a bot.text.presenters.Presenter subclass)"
    if presenter.game_id != game_id:
        return f"PRESENTER.game_id is {presenter.game_id!r}"
    deaf = [
        m for m in PREVIEWED if "preview" not in inspect.signature(getattr(presenter, m)).parameters
    ]
    return f"{', '.join(deaf)} take no `preview=`" if deaf else None


@cache
def _command_tree() -> Any:
    from bot.adapter.commands.game import build

    return build(games.REGISTRY)


def _czech_names(game_id: str, game: Game) -> str | None:
    """`/game new <id>`, each of its options and the game's choice of `/game rules` have a
    Czech name (what discord.py's translator gets from the catalogue when it syncs)."""
    from discord import Locale, app_commands
    from discord.app_commands import TranslationContext
    from discord.app_commands import TranslationContextLocation as Where

    from bot.adapter.translator import CatalogTranslator

    tree, translator = _command_tree(), CatalogTranslator()
    new = tree.get_command("new").get_command(game_id)
    if new is None:
        return "no `/game new` subcommand"
    asks: list[tuple[str, app_commands.locale_str, Where, Any]] = [
        (
            f"/game new {game_id}",
            new._locale_name or app_commands.locale_str(new.name),
            Where.command_name,
            new,
        )
    ]
    for param in new.parameters:
        text = param.locale_name or app_commands.locale_str(param.name)
        asks.append((f"option {param.name}", text, Where.parameter_name, param))
    rules = tree.get_command("rules").parameters[0]
    choice = next((c for c in rules.choices if c.value == game_id), None)
    if choice is None:
        return "no choice for it in the `game` option of /game rules"
    asks.append(
        (f"its /game rules choice {choice.name!r}", choice._locale_name, Where.choice_name, choice)
    )

    async def untranslated() -> list[str]:
        missing = []
        for what, text, where, data in asks:
            if not await translator.translate(text, Locale.czech, TranslationContext(where, data)):
                missing.append(what)
        return missing

    missing = asyncio.run(untranslated())
    return f"no Czech name for {', '.join(missing)}" if missing else None


def _readme(game_id: str, game: Game) -> str | None:
    table = [line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith("|")]
    return None if any(f"`{game_id}`" in line for line in table) else "not in the games table"


# -- tests and benchmarks -------------------------------------------------------------------
TEST_FILES = (
    "test_examples.py",
    "test_rules.py",
    "test_presenter.py",
    "test_renderer.py",
    "test_determinize.py",
    "helpers.py",
)


def _tests(game_id: str, game: Game) -> str | None:
    folder = ROOT / "tests" / game_id
    if not folder.is_dir():
        return "no such folder"
    missing = [f for f in TEST_FILES if not (folder / f).is_file()]
    return f"no {', '.join(missing)}" if missing else None


PARTS: tuple[Part, ...] = (
    Part(
        "engine", "the engine, a GameBase subclass", "games/<id>/__init__.py", "create 1", _engine
    ),
    Part("events", "the event roles (`events`)", "games/<id>/", "create 2", _events),
    Part("move_types", "the move types (`move_types`)", "games/<id>/", "create 2", _move_types),
    Part(
        "refusals",
        "the precise refusals",
        "games/<id>/refusals.py",
        "create 3",
        _game_module("refusals"),
    ),
    Part("views", "the view TypedDicts", "games/<id>/views.py", "create 4", _views),
    Part("vocab", "the vocabulary", "games/<id>/vocab.py", "create 5", _game_module("vocab")),
    Part("determinize", "determinize", "games/<id>/determinize.py", "create 7", _determinize),
    Part(
        "ai_hints", "the AI hints", "games/<id>/ai_hints.py", "create 7", _game_module("ai_hints")
    ),
    Part("undo", "the take-backs (`undoable`)", "games/<id>/undo.py", "create 7", _undo),
    Part(
        "renderer", "the renderer's render and summary", "renderers/<id>.py", "create 8", _renderer
    ),
    Part("presenter", "the presenter", "bot/text/presenters/<id>.py", "create 9", _presenter),
    Part("rules", "the rules file", "docs/rules/<id>.md", "create 10", _file("docs/rules/<id>.md")),
    Part("tests", "the scenario tests", "tests/<id>/", "create 11", _tests),
    Part("bench", "the benchmark", "bench/<id>.py", "create 12", _file("bench/<id>.py")),
    Part("readme", "the games table", "README.md", "edit 1", _readme),
    Part(
        "czech",
        "the Czech command names",
        "bot/text/locale/cs/LC_MESSAGES/crowntable.po",
        "edit 2",
        _czech_names,
    ),
)


def _params() -> list[Any]:
    return [
        pytest.param(game_id, part, id=f"{game_id}-{part.key}")
        for game_id in sorted(games.REGISTRY)
        for part in PARTS
    ]


def problem(game_id: str, game: Game, part: Part) -> str | None:
    """The failure message of ``part`` for the game, or None when it is there."""
    detail = part.check(game_id, game)
    if detail is None:
        return None
    return (
        f"{game_id}: {part.name} is missing: {detail} (expected in {part.expected(game_id)}; "
        f"docs/adding-a-game.md, files to {part.item})"
    )


@pytest.mark.parametrize(("game_id", "part"), _params())
def test_every_game_has_each_part_of_the_checklist(game_id: str, part: Part) -> None:
    message = problem(game_id, games.REGISTRY[game_id], part)
    assert message is None, message


def test_the_checklist_names_every_part() -> None:
    text = CHECKLIST.read_text()
    for part in PARTS:
        assert f"`{part.where}`" in text, f"docs/adding-a-game.md does not name `{part.where}`"
    for name in TEST_FILES:
        assert f"`{name}`" in text, f"docs/adding-a-game.md does not name `{name}`"


def test_a_game_without_its_parts_is_told_which_part_and_where() -> None:
    """The toy game (tests/toygame.py, never registered) is a bare GameBase subclass: the
    engine parts hold, every file of its own is missing, and each message says so."""
    messages = {part.name: problem(TOY.id, TOY, part) for part in PARTS}
    for name in ("the engine, a GameBase subclass", "the event roles (`events`)"):
        assert messages[name] is None, messages[name]
    assert messages["the move types (`move_types`)"] is None
    assert messages["the renderer's render and summary"] == (
        "toy: the renderer's render and summary is missing: no such module "
        "(expected in renderers/toy.py; docs/adding-a-game.md, files to create 8)"
    )
    assert "no `/game new` subcommand" in str(messages["the Czech command names"])
    for name, message in messages.items():
        if name.startswith("the engine") or "(`" in name:
            continue
        assert message is not None and message.startswith(f"toy: {name} is missing: "), name


def test_a_missing_czech_name_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.text import i18n

    real = i18n.translated
    gone = {"command.game.new.majesty.name", "option.mixed_deck.name", "game.majesty.title"}

    def translated(key: str, locale: Any, n: int | None = None) -> str | None:
        return None if key in gone else real(key, locale, n)

    monkeypatch.setattr(i18n, "translated", translated)
    part = next(p for p in PARTS if p.key == "czech")
    message = str(problem("majesty", games.REGISTRY["majesty"], part))
    assert "no Czech name for /game new majesty, option mixed_deck, its /game rules choice" in (
        message
    ), message
    assert message.startswith("majesty: the Czech command names is missing")
