"""A fifth game defined in the tests, never shipped (issue 23, "Done when"): **Token race**.

Its parts are exactly what ``docs/adding-a-game.md`` asks of a game and nothing else: a
:class:`games.base.GameBase` subclass (with its envelope, event roles, ``determinize``,
``undoable`` and ``preview``), a presenter (a :class:`bot.text.presenters.Presenter` subclass
with its English and Czech texts) and a renderer (``render`` and ``summary`` drawn with
:mod:`renderers.kit`). :func:`install` puts them where the bot finds a game (``games.REGISTRY``,
the presenters, the renderers, the catalogue) for one test only, through ``monkeypatch``.

The rules. A pile of ``pile`` tokens lies on the table; every player holds 2 tokens to start.
Each round has two steps:

1. **Bid** (simultaneous, secret): every player picks, in secret, how many of their own tokens
   (0-2, at most what they hold) they pay to take early. When all have bid, the bids are
   revealed and paid (those tokens leave the game), and the order of the round is settled: the
   highest bid first, ties in seat order starting from the round's first seat (seat 1 in round
   1, seat 2 in round 2...).
2. **Take** (public, one at a time, in that order): each player takes 1-3 tokens from the pile
   (never more than it holds). A take gives nothing away and may be taken back.

Whoever takes the **last token** also gets the 3-token bonus, and the game ends at once. Most
tokens wins; equal holdings share a rank. Hidden from the others: a player's bid until the
reveal, nothing else (the game has no chance at all).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from gettext import NullTranslations
from typing import Any

import games
import renderers
from bot.text import i18n, presenters
from bot.text.i18n import t
from bot.text.presenters import OptionSpec, Presenter
from bot.text.presenters.base import NameFn, Preview
from games.ai import hints
from games.base import (
    PICK,
    PLAIN,
    REVEAL,
    TURN_END,
    EventRole,
    GameBase,
    IllegalMove,
    Step,
    clone,
    envelope,
    is_listed,
)
from renderers import kit, text_en
from renderers.palette import Theme
from renderers.text_en import Tr

GAME_ID = "tokenrace"
START_TOKENS = 2
MAX_BID = 2
MAX_TAKE = 3
LAST_TOKEN_BONUS = 3

State = dict[str, Any]


# -- the engine -----------------------------------------------------------------------------------


class TokenRace(GameBase):
    id = GAME_ID
    title = "Token race"
    min_players = 2
    max_players = 4
    options: dict[str, tuple[Any, Any]] = {"pile": (12, [8, 12, 16])}
    move_types = frozenset({"bid", "take"})
    events: Mapping[str, EventRole] = {
        "bid": PICK,  # "alice has bid": only that she chose
        "bids_revealed": REVEAL,  # every bid turns up: the simultaneous step is over
        "took": TURN_END,
        "last_token": PLAIN,  # with the took that emptied the pile
    }

    def start(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        return {
            "players": list(players),
            "pile": options["pile"],
            "start_pile": options["pile"],
            "round": 1,
            "phase": "bid",
            "bids": {},
            "order": [],
            "at": 0,
            "tokens": {p: START_TOKENS for p in players},
            "taken": {p: 0 for p in players},
            "paid": {p: 0 for p in players},
            "winner": None,
            "turns": 0,
        }

    def actors(self, s: State) -> list[str]:
        if s["phase"] == "bid":
            return [p for p in s["players"] if p not in s["bids"]]
        if s["phase"] == "take":
            return [s["order"][s["at"]]]
        return []

    def moves(self, s: State, player: str) -> list[dict[str, Any]]:
        if s["phase"] == "bid":
            most = min(MAX_BID, s["tokens"][player])
            return [{"type": "bid", "n": n} for n in range(most + 1)]
        return [{"type": "take", "n": n} for n in range(1, min(MAX_TAKE, s["pile"]) + 1)]

    def play(self, s: State, player: str, move: dict[str, Any]) -> tuple[State, list[Any]]:
        s = clone(s)
        events = self._bid(s, player, move["n"]) if move["type"] == "bid" else []
        if move["type"] == "take":
            events = self._take(s, player, move["n"])
        if any(self.events[e["type"]].turn_end for e in events):
            s["turns"] += 1
        return s, events

    def _bid(self, s: State, player: str, n: int) -> list[dict[str, Any]]:
        s["bids"][player] = n
        events: list[dict[str, Any]] = [{"type": "bid", "player": player}]
        if len(s["bids"]) < len(s["players"]):
            return events
        seats = s["players"]
        first = (s["round"] - 1) % len(seats)
        rotation = seats[first:] + seats[:first]
        order = sorted(rotation, key=lambda p: (-s["bids"][p], rotation.index(p)))
        bids = {p: s["bids"][p] for p in seats}  # in seat order
        for p, paid in bids.items():
            s["tokens"][p] -= paid
            s["paid"][p] += paid
        events.append({"type": "bids_revealed", "round": s["round"], "bids": bids, "order": order})
        s.update(bids={}, order=order, at=0, phase="take")
        return events

    def _take(self, s: State, player: str, n: int) -> list[dict[str, Any]]:
        s["pile"] -= n
        s["tokens"][player] += n
        s["taken"][player] += n
        events: list[dict[str, Any]] = [
            {"type": "took", "player": player, "n": n, "pile": s["pile"]}
        ]
        if s["pile"] == 0:
            s["tokens"][player] += LAST_TOKEN_BONUS
            s.update(phase="over", winner=player)
            events.append({"type": "last_token", "player": player, "bonus": LAST_TOKEN_BONUS})
        elif s["at"] + 1 < len(s["order"]):
            s["at"] += 1
        else:
            s.update(round=s["round"] + 1, phase="bid", order=[], at=0)
        return events

    def is_secret(self, s: State, player: str, move: dict[str, Any]) -> bool:
        return move.get("type") == "bid"

    def show(self, s: State, viewer: str | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": self.id,
            "viewer": viewer,
            "players": list(s["players"]),
            "pile": s["pile"],
            "start_pile": s["start_pile"],
            "round": s["round"],
            "phase": s["phase"],
            "tokens": dict(s["tokens"]),
            "order": list(s["order"]),
            "at": s["at"],
            "bid_made": {p: p in s["bids"] for p in s["players"]},
        }
        if viewer in s["bids"]:
            view["my_bid"] = s["bids"][viewer]
        return view

    def step(self, s: State) -> Step:
        return {"id": s["phase"], "params": {"round": s["round"], "pile": s["pile"]}}

    def turn(self, s: State) -> int:
        return int(s["turns"])

    def is_over(self, s: State) -> bool:
        return bool(s["phase"] == "over")

    def outcome(self, s: State) -> list[dict[str, Any]]:
        if s["phase"] != "over":
            return []
        held = s["tokens"]
        rows = [
            {
                "player": p,
                "score": held[p],
                "rank": 1 + sum(1 for q in s["players"] if held[q] > held[p]),
                "taken": s["taken"][p],
                "paid": s["paid"][p],
                "bonus": LAST_TOKEN_BONUS if p == s["winner"] else 0,
            }
            for p in s["players"]
        ]
        return sorted(rows, key=lambda r: r["rank"])

    # -- the optional members ----------------------------------------------------------------
    def determinize(self, s: State, player: str, rng: random.Random) -> State:
        """The other players' bids of this round are the only hidden thing: drawn again, in
        seat order, among the bids each could make."""
        twin = clone(s)
        for p in s["players"]:
            if p != player and p in s["bids"]:
                twin["bids"][p] = rng.randint(0, min(MAX_BID, s["tokens"][p]))
        return twin

    def undoable(self, before: State, player: str, move: dict[str, Any], after: State) -> bool:
        """A take that does not end the game: the pile and the holdings are public, nothing
        is drawn or shown."""
        return move.get("type") == "take" and not self.is_over(after)

    def preview(self, s: State, player: str, move: dict[str, Any]) -> dict[str, Any]:
        """What the move does to ``player``'s tokens now (public numbers only)."""
        if not is_listed(move, self.legal_moves(s, player)):
            raise IllegalMove("not_legal", "That move is not available now.")
        held = s["tokens"][player]
        if move["type"] == "bid":
            return {"cost": move["n"], "tokens_after": held - move["n"]}
        last = move["n"] == s["pile"]
        bonus = LAST_TOKEN_BONUS if last else 0
        return {
            "tokens": move["n"],
            "pile_after": s["pile"] - move["n"],
            "last": last,
            "bonus": bonus,
            "tokens_after": held + move["n"] + bonus,
        }


GAME = TokenRace()


# -- the words: English and Czech -----------------------------------------------------------------

Entry = str | tuple[str, ...]

EN: dict[str, Entry] = {
    "tokenrace.opt.pile": "Tokens in the pile at the start",
    "tokenrace.move.bid": ("Bid {n} token", "Bid {n} tokens"),
    "tokenrace.move.take": ("Take {n} token", "Take {n} tokens"),
    "tokenrace.desc.bid": "You keep {after}",
    "tokenrace.desc.take": "Pile left: {pile}; you hold {after}",
    "tokenrace.desc.take_last": "The last token: +{bonus} bonus, you end with {after}",
    "tokenrace.prompt.bid": "{player}, how many of your {held} tokens do you bid to take early?",
    "tokenrace.prompt.take": "{player}, take 1-3 tokens from the pile of {pile}.",
    "tokenrace.prompt.over": "The game is over.",
    "tokenrace.doing.bid": "bidding in secret",
    "tokenrace.doing.take": "taking tokens",
    "tokenrace.ev.bid": "{player} has bid.",
    "tokenrace.ev.revealed": "Bids of round {round}: {bids}. Order: {order}.",
    "tokenrace.ev.bid_part": "{player} {n}",
    "tokenrace.ev.took": (
        "{player} takes {n} token ({pile} left).",
        "{player} takes {n} tokens ({pile} left).",
    ),
    "tokenrace.ev.last_token": "{player} took the last token: +{bonus} bonus!",
    "tokenrace.status.head": "Round {round} · pile {pile} · {step}",
    "tokenrace.status.line": ("{player}: {n} token", "{player}: {n} tokens"),
    "tokenrace.status.over": "The pile is empty.",
    "tokenrace.hand": "Your bid this round: {n}.",
    "tokenrace.final.breakdown": "{taken} taken · {paid} paid in bids · last-token bonus {bonus}",
    "tokenrace.unit": ("{n} token", "{n} tokens"),
    "tokenrace.rules": (
        "**Token race**: take the last token. Each round everybody first bids 0-2 of their "
        "own tokens in secret (paid, highest goes first), then each takes 1-3 tokens from the "
        "pile in that order. The last token brings a bonus of 3 and ends the game; most "
        "tokens wins."
    ),
}

CS: dict[str, Entry] = {
    "tokenrace.opt.pile": "Žetonů na hromádce na začátku",
    "tokenrace.move.bid": ("Přihodit {n} žeton", "Přihodit {n} žetony", "Přihodit {n} žetonů"),
    "tokenrace.move.take": ("Vzít {n} žeton", "Vzít {n} žetony", "Vzít {n} žetonů"),
    "tokenrace.desc.bid": "Zůstane ti {after}",
    "tokenrace.desc.take": "Na hromádce zbude {pile}; budeš mít {after}",
    "tokenrace.desc.take_last": "Poslední žeton: bonus +{bonus}, skončíš s {after}",
    "tokenrace.prompt.bid": "{player}, kolik ze svých {held} žetonů přihodíš, abys bral dřív?",
    "tokenrace.prompt.take": "{player}, vezmi 1-3 žetony z hromádky ({pile}).",
    "tokenrace.prompt.over": "Hra skončila.",
    "tokenrace.doing.bid": "tajně přihazuje",
    "tokenrace.doing.take": "bere žetony",
    "tokenrace.ev.bid": "{player} má příhoz.",
    "tokenrace.ev.revealed": "Příhozy {round}. kola: {bids}. Pořadí: {order}.",
    "tokenrace.ev.bid_part": "{player} {n}",
    "tokenrace.ev.took": (
        "{player} bere {n} žeton (zbývá {pile}).",
        "{player} bere {n} žetony (zbývá {pile}).",
        "{player} bere {n} žetonů (zbývá {pile}).",
    ),
    "tokenrace.ev.last_token": "{player} bere poslední žeton: bonus +{bonus}!",
    "tokenrace.status.head": "Kolo {round} · hromádka {pile} · {step}",
    "tokenrace.status.line": (
        "{player}: {n} žeton",
        "{player}: {n} žetony",
        "{player}: {n} žetonů",
    ),
    "tokenrace.status.over": "Hromádka je prázdná.",
    "tokenrace.hand": "Tvůj příhoz v tomto kole: {n}.",
    "tokenrace.final.breakdown": "vzato {taken} · zaplaceno {paid} · bonus za poslední {bonus}",
    "tokenrace.unit": ("{n} žeton", "{n} žetony", "{n} žetonů"),
    "tokenrace.rules": (
        "**Závod o žetony**: vezmi poslední žeton. Každé kolo nejdřív všichni tajně přihodí "
        "0-2 svých žetonů (zaplatí je, kdo dá nejvíc, bere první), pak každý v tom pořadí "
        "vezme 1-3 žetony z hromádky. Poslední žeton dává bonus 3 a končí hru; vyhrává, kdo "
        "má nejvíc žetonů."
    ),
}

#: the game's title and its command and option names (a shipped game's are in
#: ``bot/text/catalog_commands.py`` and the Czech catalogue)
COMMANDS_EN: dict[str, Entry] = {
    "game.tokenrace.title": TokenRace.title,
    "command.game.new.tokenrace.name": GAME_ID,
    "option.pile.name": "pile",
}
COMMANDS_CS: dict[str, Entry] = {
    "game.tokenrace.title": "Závod o žetony",
    "command.game.new.tokenrace.name": "závod-o-žetony",
    "option.pile.name": "hromádka",
}

#: the words the board image draws (``renderers.text_en`` keys; in the catalogue as ``img.*``)
IMAGE_EN: dict[str, Entry] = {
    "tokenrace.title": "Token race",
    "tokenrace.round": "Round {round}",
    "tokenrace.pile": ("Pile: {n} token", "Pile: {n} tokens"),
    "tokenrace.now.bid": "Everyone bids in secret. Still bidding: {names}",
    "tokenrace.now.take": "{name} takes 1-3 tokens",
    "tokenrace.held": ("{n} token", "{n} tokens"),
    "tokenrace.bid_made": "has bid",
    "tokenrace.your_bid": "your bid: {n}",
    "tokenrace.legend": "The last token scores +3 and ends the game. Bids are paid; the "
    "highest bid takes first.",
}
IMAGE_CS: dict[str, Entry] = {
    "tokenrace.title": "Závod o žetony",
    "tokenrace.round": "Kolo {round}",
    "tokenrace.pile": ("Hromádka: {n} žeton", "Hromádka: {n} žetony", "Hromádka: {n} žetonů"),
    "tokenrace.now.bid": "Všichni tajně přihazují. Ještě: {names}",
    "tokenrace.now.take": "{name} bere 1-3 žetony",
    "tokenrace.held": ("{n} žeton", "{n} žetony", "{n} žetonů"),
    "tokenrace.bid_made": "příhoz dán",
    "tokenrace.your_bid": "tvůj příhoz: {n}",
    "tokenrace.legend": "Poslední žeton dává +3 a končí hru. Příhozy se platí; kdo dá nejvíc, "
    "bere první.",
}


# -- the presenter --------------------------------------------------------------------------------


def option_specs() -> tuple[OptionSpec, ...]:
    """One option spec per entry of the engine's ``options`` (labels only)."""
    default, allowed = GAME.options["pile"]
    choices = tuple((str(v), v) for v in allowed)  # a number reads the same in every language
    return (OptionSpec("pile", t("tokenrace.opt.pile", "en"), "choice", default, choices),)


def _names(players: list[str], name: NameFn) -> str:
    return ", ".join(name(p) for p in players)


@dataclass
class TokenRacePresenter(Presenter):
    game_id: str = GAME_ID
    title: str = TokenRace.title
    catalog: dict[str, str] = field(
        default_factory=lambda: {k: v for k, v in EN.items() if isinstance(v, str)}
    )
    option_specs: tuple[OptionSpec, ...] = field(default_factory=option_specs)
    score_unit: str = "tokenrace.unit"

    def move_label(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str:
        return i18n.tn(f"tokenrace.move.{move['type']}", int(move["n"]))[:80]

    def move_description(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str | None:
        p = preview or {}
        if move["type"] == "bid":
            return t("tokenrace.desc.bid", after=p.get("tokens_after", "?"))
        if p.get("last"):
            return t("tokenrace.desc.take_last", bonus=p["bonus"], after=p["tokens_after"])
        return t("tokenrace.desc.take", pile=p.get("pile_after", "?"), after=p.get("tokens_after"))

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        phase = view["phase"]
        if phase == "bid":
            return t("tokenrace.prompt.bid", player=name(player), held=view["tokens"][player])
        if phase == "take":
            return t("tokenrace.prompt.take", player=name(player), pile=view["pile"])
        return t("tokenrace.prompt.over")

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        kind = event["type"]
        who = name(event["player"]) if isinstance(event.get("player"), str) else ""
        if kind == "bid":
            return t("tokenrace.ev.bid", player=who)
        if kind == "took":
            return i18n.tn("tokenrace.ev.took", event["n"], player=who, pile=event["pile"])
        if kind == "last_token":
            return t("tokenrace.ev.last_token", player=who, bonus=event["bonus"])
        if kind == "bids_revealed":
            bids = ", ".join(
                t("tokenrace.ev.bid_part", player=name(p), n=n) for p, n in event["bids"].items()
            )
            order = _names(event["order"], name)
            return t("tokenrace.ev.revealed", round=event["round"], bids=bids, order=order)
        return super().event_text(event, name)

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        env = envelope(view)
        if env is not None and env["over"]:
            head = t("tokenrace.status.over")
        else:
            step = t(f"tokenrace.doing.{view['phase']}")
            head = t("tokenrace.status.head", round=view["round"], pile=view["pile"], step=step)
        lines = [
            i18n.tn("tokenrace.status.line", view["tokens"][p], player=name(p))
            for p in view["players"]
        ]
        return "\n".join([head, *lines])

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        return t("tokenrace.hand", n=view["my_bid"]) if "my_bid" in view else None

    def activity(self, view: dict[str, Any], actor: str, name: NameFn) -> str | None:
        phase = view.get("phase")
        return t(f"tokenrace.doing.{phase}") if phase in ("bid", "take") else None

    def final_breakdown(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        env = envelope(view)
        row = next((r for r in env["results"] if r["player"] == player), None) if env else None
        if row is None:
            return None
        return t(
            "tokenrace.final.breakdown", taken=row["taken"], paid=row["paid"], bonus=row["bonus"]
        )

    def rules_text(self) -> str:
        return t("tokenrace.rules")


# -- the renderer ---------------------------------------------------------------------------------

ROW_H = 58
PILE_H = 76
TOKEN = 22


class TokenRaceRenderer:
    """``render`` and ``summary`` as a ``renderers/<id>.py`` module has them (a module-like
    object: :func:`renderers.register` takes anything with those two)."""

    TITLE_KEY = "tokenrace.title"

    @staticmethod
    def height(seats: int) -> int:
        return kit.HEADER_H + PILE_H + seats * ROW_H + 60

    def now_text(self, board: kit.Board, view: Mapping[str, Any]) -> str:
        env = envelope(view)
        assert env is not None
        if env["over"]:
            return kit.ranks_line(board, self.final_rows(board, view))
        if env["step"]["id"] == "bid":
            names = ", ".join(board.name(p) for p in env["actors"])
            return board.tr("tokenrace.now.bid", names=names)
        return board.tr("tokenrace.now.take", name=board.name(env["actors"][0]))

    def final_rows(self, board: kit.Board, view: Mapping[str, Any]) -> list[kit.FinalRow]:
        env = envelope(view)
        results = env["results"] if env else []
        return [
            kit.FinalRow(r["player"], int(r["rank"]), board.tr("tokenrace.held", n=r["score"]), ())
            for r in results
        ]

    def _pile(self, board: kit.Board, view: Mapping[str, Any], y: int) -> None:
        m = kit.MARGIN
        board.text(m, y + 6, board.tr("tokenrace.pile", n=view["pile"]), kit.BIG, True)
        per_row = (board.width - 2 * m) // (TOKEN + 4)
        for i in range(view["start_pile"]):
            x, ty = m + (i % per_row) * (TOKEN + 4), y + 38 + (i // per_row) * (TOKEN + 4)
            fill = board.theme.highlight if i < view["pile"] else board.theme.panel
            board.draw.ellipse((x, ty, x + TOKEN, ty + TOKEN), fill=fill, outline=board.theme.line)

    def _seat(self, board: kit.Board, view: Mapping[str, Any], p: str, y: int) -> None:
        m, tr = kit.MARGIN, board.tr
        mine = p == view.get("viewer")
        board.panel((m, y, board.width - m, y + ROW_H - 6), p, mine)
        board.name_tag(m + 12, y + 14, p, 260)
        held = tr("tokenrace.held", n=view["tokens"][p])
        board.text(board.width - m - 10, y + 26, held, kit.BIG, True, anchor="rm")
        note = ""
        if view["phase"] == "bid" and view["bid_made"][p]:
            note = tr("tokenrace.bid_made")
        if mine and "my_bid" in view:
            note = tr("tokenrace.your_bid", n=view["my_bid"])
        board.text(300, y + 26, note, kit.BODY, anchor="lm")

    def render(
        self,
        view: Mapping[str, Any],
        *,
        names: dict[str, str] | None = None,
        theme: Theme | None = None,
        tr: Tr | None = None,
        last: str | None = None,
    ) -> Any:
        seats = list(view["players"])
        board = kit.Board.new(self.height(len(seats)), seats, names, theme, tr)
        env = envelope(view)
        assert env is not None
        right = board.tr("tokenrace.round", round=view["round"])
        said = last or (board.tr("board.nothing_yet") if env["turn"] == 0 else "")
        y = board.header(board.tr(self.TITLE_KEY), right, self.now_text(board, view), said)
        if env["over"]:
            kit.draw_final(board, y + 6, self.final_rows(board, view), view.get("viewer"))
        else:
            self._pile(board, view, y + 4)
            y += PILE_H
            order = list(view["order"]) or seats
            for p in order:
                self._seat(board, view, p, y)
                y += ROW_H
        board.legend(board.image.height - 48, board.tr("tokenrace.legend"))
        return board.image

    def summary(
        self, board: kit.Board, view: Mapping[str, Any]
    ) -> tuple[str, str, list[tuple[str, str]]]:
        right = board.tr("tokenrace.round", round=view["round"])
        scores = [(p, board.tr("tokenrace.held", n=n)) for p, n in view["tokens"].items()]
        return right, self.now_text(board, view), scores


RENDERER = TokenRaceRenderer()


# -- putting the parts where the bot finds a game, for one test -----------------------------------


class CzechOverlay:
    """The compiled Czech catalogue with this game's Czech texts in front (a shipped game has
    them in ``bot/text/locale/cs/LC_MESSAGES/crowntable.po``)."""

    def __init__(self, texts: Mapping[str, Entry], base: Any) -> None:
        self.texts, self.base = texts, base or NullTranslations()

    def gettext(self, key: str) -> str:
        text = self.texts.get(key)
        return text if isinstance(text, str) else str(self.base.gettext(key))

    def ngettext(self, key: str, plural: str, n: int) -> str:
        forms = self.texts.get(key)
        if not isinstance(forms, tuple):
            return str(self.base.ngettext(key, plural, n))
        category = i18n.plural_category(n, "cs")
        return forms[{"one": 0, "few": 1}.get(category, 2)]


def texts(monkeypatch: Any) -> None:
    """This game's texts in the catalogue (English and Czech, the image's ``img.*`` words
    too) until the test ends: a shipped presenter registers them for the process, but a test's
    would make the catalogue tests in the same worker find English keys without Czech."""
    english = {**EN, **COMMANDS_EN}
    czech = {**CS, **COMMANDS_CS}
    for key, text in IMAGE_EN.items():
        english[f"img.{key}"] = text
        monkeypatch.setitem(text_en.CATALOG, key, text)
    czech.update({f"img.{key}": text for key, text in IMAGE_CS.items()})
    for key, text in english.items():
        monkeypatch.setitem(i18n.CATALOGS["en"], key, text)
    base = i18n.translations("cs")
    monkeypatch.setitem(i18n._compiled, "cs", CzechOverlay(czech, base))


def install(monkeypatch: Any) -> TokenRacePresenter:
    """Register Token race like a shipped game for one test: ``games.REGISTRY``,
    ``presenters.register``, ``renderers.register`` and its texts; all gone after the test
    (``monkeypatch`` remembers each table without the game and puts it back)."""
    texts(monkeypatch)
    monkeypatch.setitem(games.REGISTRY, GAME_ID, GAME)
    # the AI's per-game cache of hints (the defaults here: a test game has no ai_hints module)
    monkeypatch.setattr(hints, "_CACHE", dict(hints._CACHE))
    presenter = TokenRacePresenter()  # its option labels are read now: after the texts
    monkeypatch.setitem(presenters._CACHE, GAME_ID, None)  # remembered as absent
    presenters.register(presenter)
    monkeypatch.setitem(renderers.REGISTERED, GAME_ID, None)
    renderers.register(GAME_ID, RENDERER)
    assert presenters.get(GAME_ID) is presenter and renderers.renderer(GAME_ID) is RENDERER
    return presenter
