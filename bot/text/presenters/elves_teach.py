"""King of the Elves at a table that teaches (issue 24): the rules by topic, a reference page
for every term of the game's vocabulary (:data:`games.elves.vocab.TERMS`), "Why?" for every
option of every decision, teach-mode lines for every step, and the tie note.

Every number comes from the edition data (:mod:`games.elves.data`: the reference pages) or from
the engine's preview of a move (``Elves.preview``: the "Why?" answers), never from a rule
redone here; the tie note reads the final view's ranks (the engine's outcome). The texts are
the catalogue's ``elves.rules.*``, ``elves.ref.*``, ``elves.why.*``, ``elves.teach.*`` and
``elves.tie.*`` entries, in English here and in Czech in the ``.po`` catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.text.i18n import t, tn
from bot.text.presenters.base import NameFn, Preview, Reference, WhyLine
from bot.text.presenters.elves_base import ElvesPresenter, card, typed
from bot.text.presenters.elves_base import _place_text as place_text
from bot.text.presenters.elves_base import _realm_text as realm_text
from games.elves.data import (
    ACTIONS,
    BANK_COINS,
    BANK_GOLD,
    BONUS_ALL,
    BUY_COST,
    CAPACITY,
    CAPACITY_2P,
    COST,
    DEAL_FIRST,
    DEAL_LATER,
    DECK_COUNTS,
    REMOVE_BASE,
    REMOVE_PER_ACTION,
    START_GOLD,
    TELEPORT_CARDS,
    TELEPORT_GOLD,
    TERRAINS,
    THIEF_FEE,
    TOKENS,
    TRAVEL_KINDS,
    VILLAGE_KINDS,
)
from games.elves.views import ElvesView
from games.elves.vocab import TERMS, THINGS
from games.terms import Count

#: move labels as the prompts word them (the base presenter: no import cycle)
_LABELS = ElvesPresenter(game_id="elves", title="King of the Elves")


Move = dict[str, Any]
Facts = Mapping[str, Any]
GOLD = THINGS["gold"]

#: the rulebook's own order: the goal and a turn, setup, the four phases, the seven planning
#: actions, travel, payouts, the end, the two-player rule, the variant and the house rules
TOPICS: tuple[str, ...] = (
    "overview",
    "setup",
    "deal",
    "planning",
    "action.village",
    "action.draw3",
    "action.buy",
    "action.special",
    "action.remove",
    "action.pass",
    "action.no_village",
    "travel",
    "transport",
    "travel_cards",
    "payouts",
    "end",
    "two_players",
    "variants",
)

#: where each kind of thing is in the rules file (docs/rules/elves.md)
_WHERE = {"village": "§2.1", "travel": "§2.1, §7.2", "action": "§2.2, §6, §7.3"}
_THING_WHERE = {
    "realm": "§1, §6 action 1",
    "village": "§2.1, §6 action 1",
    "travel_card": "§2.1, §7.2",
    "action_card": "§2.2",
    "obstacle": "§2.2, §7.2",
    "coat_of_arms": "§2, §6 action 4",
    "dragon_figure": "§3, §8",
    "draw_pile": "§3, §5",
    "discard_pile": "§5, §12",
    "gold": "§2.4, §7.4",
    "coin": "§2.4, §2.5",
    "teleport": "§7.5",
    "bank": "§2.5",
}


def _card_facts(key: str) -> tuple[tuple[str, Any], ...]:
    """The numbers of a card kind, from the edition data."""
    cards = ("elves.ref.fact.cards", DECK_COUNTS[key])
    if key in VILLAGE_KINDS:
        row = TERRAINS[key]
        reach = tuple(
            (f"elves.ref.fact.by.{x}", COST[x][key]) for x in TRAVEL_KINDS if key in COST[x]
        )
        return (
            ("elves.ref.fact.value", Count(row["value"], GOLD)),
            cards,
            ("elves.ref.fact.obstacle", card(row["obstacle"])),
            *reach,
        )
    if key in TRAVEL_KINDS:
        return (cards, *((f"elves.ref.fact.to.{ter}", n) for ter, n in COST[key].items()))
    extra: dict[str, tuple[tuple[str, Any], ...]] = {
        "gold": (("elves.ref.fact.times", 2),),
        "thief": (("elves.ref.fact.fee", Count(THIEF_FEE, GOLD)),),
        "wood": (("elves.ref.fact.extra_cards", 1),),
        "seamonster": (("elves.ref.fact.extra_cards", 1),),
    }
    return (cards, *extra.get(key, ()))


def _thing_facts(key: str) -> tuple[tuple[str, Any], ...]:
    facts: dict[str, tuple[tuple[str, Any], ...]] = {
        "realm": (
            ("elves.ref.fact.capacity", CAPACITY),
            ("elves.ref.fact.capacity_2p", CAPACITY_2P),
        ),
        "village": (("elves.ref.fact.cards", sum(DECK_COUNTS[k] for k in VILLAGE_KINDS)),),
        "travel_card": (("elves.ref.fact.cards", sum(DECK_COUNTS[k] for k in TRAVEL_KINDS)),),
        "action_card": (("elves.ref.fact.cards", sum(a["cards"] for a in ACTIONS.values())),),
        "obstacle": (("elves.ref.fact.extra_cards", 1),),
        "coat_of_arms": (("elves.ref.fact.per_player", TOKENS),),
        "dragon_figure": (("elves.ref.fact.rounds_6p", 5),),
        "draw_pile": (
            ("elves.ref.fact.cards", sum(DECK_COUNTS.values())),
            ("elves.ref.fact.deal_first", DEAL_FIRST),
            ("elves.ref.fact.deal_later", DEAL_LATER),
        ),
        "gold": (
            ("elves.ref.fact.start", Count(START_GOLD, GOLD)),
            ("elves.ref.fact.bonus", Count(BONUS_ALL, GOLD)),
            ("elves.ref.fact.buy", " / ".join(str(c) for c in BUY_COST)),
        ),
        "coin": (("elves.ref.fact.bank_coins", sum(BANK_COINS.values())),),
        "teleport": (
            ("elves.ref.fact.cost", Count(TELEPORT_GOLD, GOLD)),
            ("elves.ref.fact.travel_cards", TELEPORT_CARDS),
        ),
        "bank": (
            ("elves.ref.fact.bank_coins", sum(BANK_COINS.values())),
            ("elves.ref.fact.bank_gold", Count(BANK_GOLD, GOLD)),
        ),
    }
    if key == "village":
        removal = ("elves.ref.fact.remove", f"{REMOVE_BASE} + {REMOVE_PER_ACTION}")
        return (*facts["village"], removal)
    return facts.get(key, ())


def _kind_of(key: str) -> str:
    if key in VILLAGE_KINDS:
        return "village"
    if key in TRAVEL_KINDS:
        return "travel"
    if key in ACTIONS:
        return "action"
    return "thing"


def references() -> dict[str, Reference]:
    """One page per term of the vocabulary (every card kind and every other named thing)."""
    out: dict[str, Reference] = {}
    for key, term in TERMS.items():
        kind = _kind_of(key)
        if kind == "thing":
            out[key] = Reference(
                key, term, _thing_facts(key), _THING_WHERE[key], "elves.ref.kind.thing"
            )
        else:
            kinds = {"village": "village", "travel": "travel_card", "action": "action_card"}
            out[key] = Reference(key, term, _card_facts(key), _WHERE[kind], kinds[kind])
    return out


# -- "?" : what a prompt offers ---------------------------------------------------------------


def _offered_keys(view: ElvesView, move: Move) -> list[str]:
    kind = move.get("type")
    if "card" in move:
        return [str(move["card"])]
    if kind == "travel":
        return [str(move["transport"])]
    if kind in ("escort", "reverse"):
        return [str(kind)]
    if kind == "teleport":
        return ["teleport"]
    if kind in ("buy", "draw3"):
        return ["draw_pile"]
    if kind == "remove_village":
        return ["village"]
    if kind == "place_village":
        return ["realm"]
    if kind == "place_special":
        return [str(view.get("step", {}).get("card", "action_card"))]
    if kind == "no_village":
        return ["village"]
    return []


def offered(view: Mapping[str, Any], moves: list[Move]) -> list[str]:
    """The reference keys of what the options offer, in their order, each once."""
    v = typed(view)
    keys: list[str] = []
    for move in moves:
        for key in _offered_keys(v, move):
            if key in TERMS and key not in keys:
                keys.append(key)
    return keys


# -- Why? --------------------------------------------------------------------------------------

Why = Callable[[ElvesView, Move, Facts, NameFn], str]


def gold(n: int) -> Count:
    return Count(int(n), GOLD)


def counted(key: str, n: int) -> str:
    """``n`` things in the reader's language ("1 card", "5 karet"): a plural entry."""
    return tn(key, int(n), n=int(n))


def _village(view: ElvesView, facts: Facts, name: NameFn) -> str:
    return place_text(view, facts, name)


def _why_play_village(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    return t(
        "elves.why.play_village",
        terrain=card(move["card"]),
        value=gold(facts["value"]),
        realms=counted("elves.why.n_realms", len(facts["realms"])),
    )


def _why_place_village(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    return t(
        "elves.why.place_village",
        realm=realm_text(view, str(facts["realm"]), name),
        n=int(facts["slot"]) + 1,
        value=gold(facts["value"]),
    )


def _why_play_special(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    return t(
        "elves.why.play_special",
        effect=t(f"elves.why.fx.{facts['card']}"),
        villages=counted("elves.why.n_villages", facts["villages"]),
        tokens=facts["tokens_left"],
    )


def _why_place_special(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    v = facts["village"]
    return t(
        "elves.why.place_special",
        village=_village(view, v, name),
        value=gold(v["value"]),
        effect=t(f"elves.why.fx.{facts['card']}"),
        tokens=facts["tokens_left"],
    )


def _why_draw3(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    return t(
        "elves.why.draw3",
        hand=counted("elves.why.n_cards", facts["hand_after"]),
        pile=max(0, int(facts["draw_pile_after"])),
    )


def _why_buy(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    nxt = facts["next_cost"]
    then = t("elves.why.buy.next", cost=gold(nxt)) if nxt is not None else t("elves.why.buy.last")
    return t(
        "elves.why.buy",
        k=facts["purchase"],
        cost=gold(facts["cost"]),
        after=gold(facts["gold_after"]),
        then=then,
    )


def _why_remove_village(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    return t(
        "elves.why.remove_village",
        village=_village(view, facts["village"], name),
        cost=gold(facts["cost"]),
        actions=counted("elves.why.n_actions", len(facts["specials"])),
        after=gold(facts["gold_after"]),
    )


def _why_pass(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    key = "elves.why.pass.ends" if facts["planning_ends"] else "elves.why.pass"
    return t(key, passes=facts["passes"], n=len(view.get("players", [])))


def _why_no_village(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    return t(
        "elves.why.no_village", cards=counted("elves.why.n_cards", sum(facts["shows"].values()))
    )


def _why_take_village(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    key = "elves.why.take_village" if facts["discard"] else "elves.why.take_village.only"
    return t(key, terrain=card(facts["card"]), value=gold(facts["value"]))


def _why_discard(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    key = "elves.why.discard" if facts["left"] else "elves.why.discard.last"
    return t(key, card=card(facts["card"]), held=facts["held"], left=facts["left"])


WHY: dict[str, Why] = {
    "play_village": _why_play_village,
    "place_village": _why_place_village,
    "play_special": _why_play_special,
    "place_special": _why_place_special,
    "draw3": _why_draw3,
    "buy": _why_buy,
    "remove_village": _why_remove_village,
    "pass": _why_pass,
    "no_village": _why_no_village,
    "take_village": _why_take_village,
    "discard": _why_discard,
}


def why(
    view: Mapping[str, Any], player: str, options: list[tuple[Move, Preview]], name: NameFn
) -> list[WhyLine]:
    """One line per option: its button label and what it does now (the engine's preview)."""
    from bot.text.presenters import elves_why_travel

    v = typed(view)
    table = {**WHY, **elves_why_travel.WHY}
    lines = []
    for move, facts in options:
        explain = table.get(str(move.get("type")))
        if explain is None or not facts:
            continue
        label = _LABELS.move_label(dict(view), move, name, facts)
        lines.append(WhyLine(label, explain(v, move, facts, name)))
    return lines


# -- teach mode and the tie note ---------------------------------------------------------------


def tie_note(view: Mapping[str, Any], name: NameFn) -> str | None:
    """Equal gold shares the place (rules §9: "Hráč s nejvíce zlatými se stává vítězem"; the
    rulebook breaks no tie), from the final view's ranks; None when no two players tie."""
    final = typed(view).get("final")
    if not final:
        return None
    ranks, golds = final["ranks"], final["gold"]
    groups: dict[int, list[str]] = {}
    for player, rank in ranks.items():
        groups.setdefault(int(rank), []).append(player)
    lines = [
        t(
            "elves.tie.shared",
            players=", ".join(name(p) for p in sorted(group, key=name)),
            place=rank,
            gold=gold(golds[group[0]]),
        )
        for rank, group in sorted(groups.items())
        if len(group) > 1
    ]
    return "\n".join([*lines, t("elves.tie.rule")]) if lines else None
