"""A game's options checked, not tried (issue 23 item 1): the lobby, ``/game new`` and the
CLI ask the engine (``games.base.GameBase.option_check``) and say its answer by code.

An :class:`~games.base.OptionProblem` is worded from the catalogue: the game's own
``<game id>.option_problem.<code>`` when it has one, else the shared ``option_problem.<code>``
(``unknown_option``, ``bad_value``, ``bad_players``, ``bad_options``), else the engine's
English message; the problem's ``params`` (and ``game``, the game's title) fill it in. A
refusal is :class:`OptionRefused`, a :class:`~bot.core.errors.HostError` whose text is
"These settings do not work: ..." in the reader's language.
"""

from __future__ import annotations

from typing import Any

from bot.core.errors import HostError
from bot.text.i18n import game_title, has, t
from games.base import Game, GameBase, OptionProblem

#: the host error code of a problem (the codes the lobby answered with before contract v2)
CODES = {"unknown_option": "unknown_option", "bad_value": "bad_option"}


def problem_keys(game_id: str | None, problem: OptionProblem) -> list[str]:
    """The catalogue keys tried for ``problem``, in order."""
    keys = [f"{game_id}.option_problem.{problem.code}"] if game_id else []
    return [*keys, f"option_problem.{problem.code}"]


def problem_text(game: Game | None, problem: OptionProblem) -> str:
    """``problem`` in the reader's words (the engine's English when no text has its code)."""
    game_id = game.id if game is not None else None
    params: dict[str, Any] = {
        "game": game_title(game.id, game.title) if game is not None else "",
        **problem.params,
    }
    for key in problem_keys(game_id, problem):
        if has(key):
            return t(key, **params)
    return problem.message


class OptionRefused(HostError):
    """Options that do not work (``problem``): refused before anything is written."""

    def __init__(self, game: Game | None, problem: OptionProblem) -> None:
        self.game, self.problem = game, problem
        super().__init__(CODES.get(problem.code, "bad_setup"), **problem.params)

    def text(self) -> str:
        return t("error.bad_setup", detail=problem_text(self.game, self.problem))


def bad_value(option: str, value: Any, game: Game | None = None) -> OptionRefused:
    """A value a command offers no choice for (a forged or stale command payload)."""
    shown = str(value)[:50]
    message = f"bad value {shown!r} for option {option!r}"
    return OptionRefused(
        game, OptionProblem("bad_value", message, {"option": option, "value": shown})
    )


def option_problem(game: Game, options: Any, n_players: int) -> OptionProblem | None:
    """Why ``options`` do not work with ``n_players`` players (None: they do)."""
    if isinstance(game, GameBase):
        return game.option_check(options, n_players)
    return None  # a bare contract-v1 engine says nothing before setup, which refuses at Start


def check_options(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` when they work with some number of seats the game allows (a new table:
    the seats are not known yet); else :class:`OptionRefused` with the last problem."""
    problem: OptionProblem | None = None
    for n in range(game.min_players, game.max_players + 1):
        problem = option_problem(game, options, n)
        if problem is None:
            return dict(options)
    raise OptionRefused(game, problem or OptionProblem("bad_players", "no seat count works"))


def check_start(game: Game, options: dict[str, Any], n_players: int) -> None:
    """:class:`OptionRefused` when ``options`` do not work with the seated players."""
    problem = option_problem(game, options, n_players)
    if problem is not None:
        raise OptionRefused(game, problem)


def merge_options(game: Game, options: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """``options`` with ``changes`` made, checked as a new table's are (:func:`check_options`:
    an unknown option or value, or options no seat count allows, is :class:`OptionRefused`).
    A value set back to the game's default is left out, as ``/game new`` leaves it out."""
    merged = {**options, **changes}
    for name, value in list(merged.items()):
        default = game.options.get(name, (object(), None))[0]
        if value == default and type(value) is type(default):
            del merged[name]
    return check_options(game, merged)


def start_problem(game: Game, options: dict[str, Any], n_players: int) -> str | None:
    """Why a lobby of ``n_players`` seats cannot start yet, in the reader's words (None: it
    can): too few players, or options that do not fit this many (issue 27 item 1: the lobby
    says so and disables Start, so nothing is refused for the first time at Start)."""
    reasons = []
    if n_players < game.min_players:
        reasons.append(
            t("lobby.wait_players", game=game_title(game.id, game.title), n=game.min_players)
        )
    problem = option_problem(game, options, max(n_players, game.min_players))
    if problem is not None:
        reasons.append(problem_text(game, problem))
    return " ".join(reasons) or None
