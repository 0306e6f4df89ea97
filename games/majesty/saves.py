"""Majesty's saves: the numbered migrations of old dumps and the strict shape check of a loaded
state (contract v2, ``games.base.migrate``; rules: docs/rules/majesty.md §9 "Saves").

``dump`` writes ``{"schema": 2, ...state}``. Schema 0 is every save written before contract
v2 (no ``schema`` key): its shape never changed since the first engine (the same keys from
``40c74e1`` to ``b40a770``), so there is no key sniffing to carry over, and migration 1 only
drops ``last_events``, the copy of the latest move's events the old engine kept in its state
(the host now has them from its move log); migration 2 adds the option ``unbounded_meeples``
(issue 30: false, unless the save's figures already exceed the box's 30). The turn counter
the envelope needs is the state's own ``t``, which every old save has, so an old save loses
nothing it needs.

``checked`` refuses (``ValueError``) anything that is not exactly a Majesty state of the
current schema, so a damaged or foreign save fails at ``load``, not in the middle of a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.majesty.tables import CARDS, MEEPLES_TOTAL, REALM_LOCATIONS, ROUNDS

STATE_KEYS = frozenset(
    {"game", "players", "order", "options", "t", "step", "pending", "display", "deck"}
    | {"realms", "final"}
)
REALM_KEYS = frozenset({"points", "meeples", "taken", "locations", "infirmary"})
STEPS = ("take", "place", "heal_place", "castle_exchange", "over")
PENDING_KIND = {"place": "place", "heal_place": "heal_place", "castle_exchange": "castle_exchange"}


def drop_last_events(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 -> 1: the state no longer keeps the latest move's events."""
    out = dict(data)
    out.pop("last_events", None)
    return out


def supply_option(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: the option ``unbounded_meeples`` (issue 30). An old game goes on with
    the box's 30 figures (the rulebook, the default), unless its figures already exceed 30
    (the old engine's supply was unbounded): that game keeps the unbounded supply."""
    out = dict(data)
    realms = data.get("realms") or {}
    held = sum(int(r.get("meeples", 0)) for r in realms.values() if isinstance(r, dict))
    lying = sum(int(d.get("meeples", 0)) for d in data.get("display") or [] if isinstance(d, dict))
    out["options"] = {
        **dict(data.get("options") or {}),
        "unbounded_meeples": held + lying > MEEPLES_TOTAL,
    }
    return out


MIGRATIONS: tuple[Callable[[dict[str, Any]], dict[str, Any]], ...] = (
    drop_last_events,
    supply_option,
)


class BadSave(ValueError):
    """Not a Majesty state of the current schema."""


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise BadSave(f"not a majesty state: {what}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_options(options: Any) -> None:
    _need(isinstance(options, dict), "options")
    names = {"sides", "mixed_deck", "tiebreak_meeples", "unbounded_meeples"}
    _need(set(options) == names, "option names")
    sides = options["sides"]
    _need(isinstance(sides, str) and len(sides) == 8 and set(sides) <= {"A", "B"}, "sides")
    _need(isinstance(options["mixed_deck"], bool), "mixed_deck")
    _need(isinstance(options["tiebreak_meeples"], bool), "tiebreak_meeples")
    _need(isinstance(options["unbounded_meeples"], bool), "unbounded_meeples")


def _check_card(card: Any, what: str) -> None:
    _need(_is_int(card) and card in CARDS, what)


def _check_realm(realm: Any) -> None:
    _need(isinstance(realm, dict) and set(realm) == REALM_KEYS, "realm keys")
    for key in ("points", "meeples", "taken"):
        _need(_is_int(realm[key]), f"realm {key}")
    locations = realm["locations"]
    # a set: stores may write JSON with sorted keys; the rules never read the dict's order
    _need(isinstance(locations, dict) and set(locations) == set(REALM_LOCATIONS), "locations")
    for cards in locations.values():
        _need(isinstance(cards, list), "location cards")
        for entry in cards:
            _need(isinstance(entry, dict) and set(entry) == {"id", "as"}, "placed card")
            _check_card(entry["id"], "placed card id")
            _need(isinstance(entry["as"], str), "placed card character")
    _need(isinstance(realm["infirmary"], list), "infirmary")
    for card in realm["infirmary"]:
        _check_card(card, "infirmary card")


def _check_table(data: dict[str, Any]) -> None:
    """Display, deck and the open choice."""
    _need(isinstance(data["display"], list), "display")
    for slot in data["display"]:
        _need(isinstance(slot, dict) and set(slot) == {"card", "meeples"}, "display slot")
        _check_card(slot["card"], "display card")
        _need(_is_int(slot["meeples"]) and slot["meeples"] >= 0, "display meeples")
    _need(isinstance(data["deck"], list), "deck")
    for card in data["deck"]:
        _check_card(card, "deck card")
    step, pending = data["step"], data["pending"]
    _need(step in STEPS, "step")
    if step in PENDING_KIND:
        _need(isinstance(pending, dict) and pending.get("kind") == PENDING_KIND[step], "pending")
        if step != "castle_exchange":
            _check_card(pending.get("card"), "pending card")
    else:
        _need(pending is None, "pending outside a choice")


def checked(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` itself when it is exactly a Majesty state of the current schema (every key,
    nothing else, the right types, a consistent turn); ``BadSave`` (a ``ValueError``) saying
    what is wrong otherwise."""
    _need(isinstance(data, dict), "not a dict")
    extra, missing = set(data) - STATE_KEYS, STATE_KEYS - set(data)
    _need(not extra and not missing, f"keys {sorted(extra)} extra, {sorted(missing)} missing")
    _need(data["game"] == "majesty", "game")
    players = data["players"]
    _need(isinstance(players, list) and 2 <= len(players) <= 4, "players")
    _need(all(isinstance(p, str) for p in players) and len(set(players)) == len(players), "ids")
    _need(isinstance(data["order"], list) and sorted(data["order"]) == sorted(players), "order")
    _check_options(data["options"])
    t = data["t"]
    _need(_is_int(t) and 0 <= t <= ROUNDS * len(players), "turn")
    _need((data["step"] == "over") == (t == ROUNDS * len(players)), "turn and step")
    _check_table(data)
    realms = data["realms"]
    _need(isinstance(realms, dict) and sorted(realms) == sorted(players), "realms")
    for realm in realms.values():
        _check_realm(realm)
    final = data["final"]
    _need(final is None if data["step"] != "over" else isinstance(final, list), "final")
    return data
