"""How Majesty is shown in Discord: options, move labels, log lines, status and rules summary.

Majesty has no secrets, so prompts may be shown in the channel (``private_prompts`` False) and
``hand_text`` is None. Every text lives in ``catalog`` under ``majesty.*`` keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.text.i18n import t
from bot.text.presenters.base import NameFn, OptionSpec, Presenter
from games.majesty.engine import preview

CHARACTER_NAMES = {
    "miller": "Miller", "brewer": "Brewer", "witch": "Witch", "guard": "Guard",
    "knight": "Knight", "innkeeper": "Innkeeper", "noble": "Noble",
}
LOCATION_NAMES = {
    "mill": "Mill", "brewery": "Brewery", "cottage": "Cottage", "guardhouse": "Guardhouse",
    "barracks": "Barracks", "inn": "Inn", "castle": "Castle", "infirmary": "Infirmary",
}
HOME = {"miller": "mill", "brewer": "brewery", "witch": "cottage", "guard": "guardhouse",
        "knight": "barracks", "innkeeper": "inn", "noble": "castle"}
LOCATION_ORDER = list(LOCATION_NAMES)

CATALOG: dict[str, str] = {
    # options
    "majesty.opt.sides": "Location sides: A (basic), B, or a mix",
    "majesty.opt.mixed_deck": "Shuffle both decks together and keep all 60 cards",
    "majesty.opt.tiebreak_meeples": "Break equal final scores by meeples held",
    "majesty.sides.all_a": "All side A (basic game)",
    "majesty.sides.all_b": "All side B",
    "majesty.sides.one_b": "Side A, but {location} on B",
    "majesty.sides.one_a": "Side B, but {location} on A",
    # moves
    "majesty.move.take_free": "Take {card} (free)",
    "majesty.move.take_cost": "Take {card} (cost {cost} meeple{s})",
    "majesty.move.take_cost_gain": "Take {card} (cost {cost} meeple{s}, +{gain} on it)",
    "majesty.move.take_free_gain": "Take {card} (free, +{gain} on it)",
    "majesty.move.place": "Place as {character} at the {location}",
    "majesty.move.heal_place": "Heal back as {character} to the {location}",
    "majesty.move.buy": "Buy {n} meeple{s} for {n} point{s}",
    "majesty.move.sell": "Sell {n} meeple{s} for {n} point{s}",
    "majesty.move.skip": "No exchange",
    "majesty.desc.take_single": "Goes to the {location} ({side}): {effect}",
    "majesty.desc.take_split": "Split card: {a} ({la}) or {b} ({lb})",
    "majesty.desc.place": "{location} ({side}): {effect}",
    "majesty.desc.buy": "Points {points} -> {after}; meeples over 5 return for 1 point each",
    "majesty.desc.sell": "Meeples {held} -> {after}, +{n} point{s}",
    "majesty.desc.skip": "Keep {held} meeples and {points} points",
    "majesty.desc.result": "{location} ({side}): {result}",
    "majesty.desc.exchange_result": "Ends with {points} points and {meeples} meeple{s}",
    "majesty.res.points": "you {n:+d} point{s}",
    "majesty.res.no_points": "no points",
    "majesty.res.meeples": "meeples {before} -> {after}",
    "majesty.res.others": "{who} +{n}",
    "majesty.res.wounds": "wounds {n} card{s}",
    "majesty.res.then_exchange": "then choose a Castle exchange",
    "majesty.res.then_heal": "heals a split card: choose its half next",
    # location effects (short)
    "majesty.fx.mill.A": "+2 per Miller",
    "majesty.fx.mill.B": "+2 per Miller; everyone with a Witch +3",
    "majesty.fx.brewery.A": "+2 and 1 meeple per Brewer; everyone with a Miller +2",
    "majesty.fx.brewery.B": "1 meeple per Miller and Brewer; +10 with Innkeeper and Noble",
    "majesty.fx.cottage.A": "heal; +2 per Miller, Brewer and Witch",
    "majesty.fx.cottage.B": "heal; +3 per Witch",
    "majesty.fx.guardhouse.A": "+2 per Guard, Knight and Innkeeper",
    "majesty.fx.guardhouse.B": "+2 per Brewer, Witch, Guard; everyone with an Innkeeper +3",
    "majesty.fx.barracks.A": "attack; +3 per Knight",
    "majesty.fx.barracks.B": "attack; +3 per Knight, Innkeeper and Noble",
    "majesty.fx.inn.A": "+4 per Innkeeper; everyone with a Brewer +3",
    "majesty.fx.inn.B": "+2 per Innkeeper times your largest location",
    "majesty.fx.castle.A": "+5 and 1 meeple per Noble",
    "majesty.fx.castle.B": "trade points/meeples 1:1; +4 per Noble and Infirmary card",
    # prompts
    "majesty.prompt.take": "{player}, take a card. You hold {held} meeple{s} and {points} points.",
    "majesty.prompt.place": "{player}, place the split card {card}: which character?",
    "majesty.prompt.heal_place": (
        "{player}, your Witch heals {card}: bring it back as which character?"
    ),
    "majesty.prompt.castle_exchange": (
        "{player}, Castle exchange at 1 point per meeple "
        "(you hold {held} meeple{s} and {points} points)."
    ),
    "majesty.prompt.over": "The game is over.",
    # events
    "majesty.ev.take": "{player} takes {card} (paid {cost}, picked up {gained}).",
    "majesty.ev.take_free": "{player} takes {card} from the front.",
    "majesty.ev.place": "{player} places {article} {character} at the {location}.",
    "majesty.ev.heal": "{player} heals {card} back to the {location} as {character}.",
    "majesty.ev.attack.defended": (
        "{player} attacks {target} with {knights} Knight{ks}: {guards} Guard{gs} defend."
    ),
    "majesty.ev.attack.wounded": (
        "{player} attacks {target} with {knights} Knight{ks}: their {character} at the "
        "{location} goes to the Infirmary."
    ),
    "majesty.ev.attack.nothing_to_wound": "{player} attacks {target}, who has no card to wound.",
    "majesty.ev.castle_exchange.buy": "{player} buys {n} meeple{s} at the Castle.",
    "majesty.ev.castle_exchange.sell": "{player} sells {n} meeple{s} at the Castle.",
    "majesty.ev.castle_exchange.skip": "{player} makes no Castle exchange.",
    "majesty.ev.gain": "{player} {what} ({location}: {reason}).",
    "majesty.ev.meeples_returned": "{player} returns {meeples} meeple{s} for {points} point{ps}.",
    "majesty.ev.turn": "Round {round}: {player}'s turn.",
    "majesty.ev.final_infirmary": "{player}: {cards} Infirmary card{s}, {points} points.",
    "majesty.ev.final_variety": "{player}: {locations} different location{s}, +{points} points.",
    "majesty.ev.final_majority": "Majority at the {location} ({count}): {players} {points:+d}.",
    "majesty.ev.game_over": "Game over. {ranking}",
    # status
    "majesty.status.head": "Round {round}/{rounds}, turn {turn}: {player} to play ({step}).",
    "majesty.status.over": "Game over after {rounds} rounds.",
    "majesty.status.deck": "Deck: {deck} card{s} left.",
    "majesty.status.line": (
        "{player}: {points} points, {meeples} meeple{s}, {taken}/12 cards, "
        "Infirmary {inf} (if it ended now: {projection})"
    ),
    "majesty.status.final": "{rank}. {player}: {score} points",
    "majesty.step.take": "take a card",
    "majesty.step.place": "place a split card",
    "majesty.step.heal_place": "place a healed card",
    "majesty.step.castle_exchange": "Castle exchange",
    "majesty.card": "{a}",
    "majesty.card.split": "{a}/{b}",
    "majesty.rules": (
        "**Majesty: For the Realm** (2-4 players, 12 rounds)\n"
        "Build a realm of 8 locations: Mill, Brewery, Cottage, Guardhouse, Barracks, Inn, Castle "
        "and Infirmary. Each character (Miller, Brewer, Witch, Guard, Knight, Innkeeper, Noble) "
        "lives at one location.\n\n"
        "**Your turn.** Take one of the 6 face-up cards. The front card is free; card *n* costs "
        "*n* meeples: one meeple goes onto each card in front of it. You pick up any meeples lying "
        "on the card you take. A split card shows two characters: you choose one when placing it. "
        "The location then pays out at once (only when a card arrives there). You may hold at most "
        "5 meeples: at the end of your turn each extra meeple becomes 1 point.\n\n"
        "**Abilities.** Cottage: *heal*, the top Infirmary card comes back (a split card as either "
        "half) and triggers nothing. Barracks: *attack*, every opponent with fewer Guards than "
        "your Knights loses the most recent card of their leftmost location to their Infirmary. "
        "Guardhouse: your Guards *defend*. Castle B: buy or sell meeples at 1 point each.\n\n"
        "**Side A payouts.** Mill +2/Miller. Brewery +2 and 1 meeple/Brewer, everyone with a "
        "Miller +2. Cottage +2/Miller, Brewer, Witch. Guardhouse +2/Guard, Knight, Innkeeper. "
        "Barracks +3/Knight. Inn +4/Innkeeper, everyone with a Brewer +3. Castle +5 and 1 "
        "meeple/Noble.\n"
        "**Side B payouts.** Mill +2/Miller, everyone with a Witch +3. Brewery 1 meeple/Miller "
        "and Brewer, +10 with an Innkeeper and a Noble. Cottage +3/Witch. Guardhouse "
        "+2/Brewer, Witch, Guard, everyone with an Innkeeper +3. Barracks +3/Knight, Innkeeper, "
        "Noble. Inn +2/Innkeeper times your largest location. Castle +4/Noble and Infirmary "
        "card.\n\n"
        "**End (after 12 cards each).** Infirmary: -1 per card (B: -2, and -10 for the most). "
        "Variety: (number of different locations)^2. Majorities: most cards at a location scores "
        "its value (A: 10-16; B: 14, 12, 12, 8, 8, 12, 16); ties all score in full. Highest total "
        "wins; equal scores share the rank.\n\n"
        "**Options.** `sides`: A (basic), B, or one location switched. `mixed_deck`: both decks "
        "shuffled together, all 60 cards. `tiebreak_meeples`: more meeples wins a tie."
    ),
}


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def card_name(card: dict[str, Any]) -> str:
    names = [CHARACTER_NAMES.get(c, c) for c in card.get("characters", [])]
    if len(names) == 2:
        return t("majesty.card.split", a=names[0], b=names[1])
    return t("majesty.card", a=names[0] if names else "?")


def _side(view: dict[str, Any], location: str) -> str:
    sides = str(view.get("options", {}).get("sides", "AAAAAAAA"))
    i = LOCATION_ORDER.index(location)
    return sides[i] if i < len(sides) else "A"


def _effect(view: dict[str, Any], location: str) -> str:
    return t(f"majesty.fx.{location}.{_side(view, location)}")


def side_choices() -> tuple[tuple[str, str], ...]:
    """All A, all B, then every single location switched (18 choices, Discord allows 25)."""
    out: list[tuple[str, str]] = [(t("majesty.sides.all_a"), "AAAAAAAA"),
                                  (t("majesty.sides.all_b"), "BBBBBBBB")]
    for i, loc in enumerate(LOCATION_ORDER):
        out.append((t("majesty.sides.one_b", location=LOCATION_NAMES[loc]),
                    "A" * i + "B" + "A" * (7 - i)))
    for i, loc in enumerate(LOCATION_ORDER):
        out.append((t("majesty.sides.one_a", location=LOCATION_NAMES[loc]),
                    "B" * i + "A" + "B" * (7 - i)))
    return tuple(out)


def _register() -> None:
    from bot.text import i18n

    i18n.register(CATALOG)


_register()


@dataclass
class MajestyPresenter(Presenter):
    """Presenter for ``majesty``."""

    catalog: dict[str, str] = field(default_factory=lambda: dict(CATALOG))
    option_specs: tuple[OptionSpec, ...] = field(default_factory=lambda: (
        OptionSpec("sides", t("majesty.opt.sides"), "choice", "AAAAAAAA", side_choices()),
        OptionSpec("mixed_deck", t("majesty.opt.mixed_deck"), "bool", False),
        OptionSpec("tiebreak_meeples", t("majesty.opt.tiebreak_meeples"), "bool", False),
    ))
    private_prompts: bool = False

    # -- moves ---------------------------------------------------------------------------------

    def _display_slot(self, view: dict[str, Any], index: int) -> dict[str, Any] | None:
        for slot in view.get("display", []):
            if slot.get("index") == index:
                return dict(slot)
        return None

    def _pending_card(self, view: dict[str, Any]) -> dict[str, Any]:
        pending = view.get("pending") or {}
        return dict(pending.get("card") or {"characters": []})

    def move_label(self, view: dict[str, Any], move: dict[str, Any], name: NameFn) -> str:
        mtype = move.get("type")
        if mtype == "take":
            index = int(move.get("index", 0))
            slot = self._display_slot(view, index)
            card = card_name(slot["card"]) if slot else f"card {index + 1}"
            gain = int(slot["meeples"]) if slot else 0
            if index == 0:
                key = "majesty.move.take_free_gain" if gain else "majesty.move.take_free"
            else:
                key = "majesty.move.take_cost_gain" if gain else "majesty.move.take_cost"
            label = t(key, card=card, cost=index, s=_s(index), gain=gain)
        elif mtype in ("place", "heal_place"):
            ch = str(move.get("character"))
            label = t(f"majesty.move.{mtype}", character=CHARACTER_NAMES.get(ch, ch),
                      location=LOCATION_NAMES.get(HOME.get(ch, ""), "?"))
        elif mtype == "castle_exchange":
            k = int(move.get("meeples", 0))
            if k > 0:
                label = t("majesty.move.buy", n=k, s=_s(k))
            elif k < 0:
                label = t("majesty.move.sell", n=-k, s=_s(-k))
            else:
                label = t("majesty.move.skip")
        else:
            label = super().move_label(view, move, name)
        return label[:80]

    def _result(self, view: dict[str, Any], move: dict[str, Any], name: NameFn) -> str | None:
        """The exact outcome of ``move`` for the mover (engine preview), as a short phrase."""
        pre = preview(view, move)
        if pre is None:
            return None
        parts = [t("majesty.res.points", n=pre["points"], s=_s(abs(pre["points"])))
                 if pre["points"] else t("majesty.res.no_points")]
        me = (view.get("realms") or {}).get(view.get("active") or "", {})
        held = int(me.get("meeples", 0))
        if pre["meeples"]:
            parts.append(t("majesty.res.meeples", before=held, after=held + pre["meeples"]))
        if pre["wounds"]:
            parts.append(t("majesty.res.wounds", n=pre["wounds"], s=_s(pre["wounds"])))
        for q, n in pre["others"].items():
            parts.append(t("majesty.res.others", who=name(q), n=n))
        if pre["next_step"] == "castle_exchange":
            parts.append(t("majesty.res.then_exchange"))
        elif pre["next_step"] == "heal_place":
            parts.append(t("majesty.res.then_heal"))
        return ", ".join(parts)

    def move_description(
        self, view: dict[str, Any], move: dict[str, Any], name: NameFn
    ) -> str | None:
        mtype = move.get("type")
        text: str | None = None
        if mtype == "take":
            slot = self._display_slot(view, int(move.get("index", 0)))
            if slot is None:
                return None
            chars = list(slot["card"].get("characters", []))
            if len(chars) == 1:
                loc = HOME[chars[0]]
                result = self._result(view, move, name)
                if result:
                    text = t("majesty.desc.result", location=LOCATION_NAMES[loc],
                             side=_side(view, loc), result=result)
                else:
                    text = t("majesty.desc.take_single", location=LOCATION_NAMES[loc],
                             side=_side(view, loc), effect=_effect(view, loc))
            elif len(chars) == 2:
                a, b = chars
                text = t("majesty.desc.take_split", a=CHARACTER_NAMES[a], b=CHARACTER_NAMES[b],
                         la=LOCATION_NAMES[HOME[a]], lb=LOCATION_NAMES[HOME[b]])
        elif mtype in ("place", "heal_place"):
            ch = str(move.get("character"))
            home = HOME.get(ch)
            if home:
                result = self._result(view, move, name)
                where = "cottage" if mtype == "heal_place" else home
                if result:
                    text = t("majesty.desc.result", location=LOCATION_NAMES[where],
                             side=_side(view, where), result=result)
                else:
                    text = t("majesty.desc.place", location=LOCATION_NAMES[home],
                             side=_side(view, home), effect=_effect(view, home))
        elif mtype == "castle_exchange":
            pre = preview(view, move)
            me = (view.get("realms") or {}).get(view.get("active") or "", {})
            held, points = int(me.get("meeples", 0)), int(me.get("points", 0))
            k = int(move.get("meeples", 0))
            if pre is not None:
                m = held + pre["meeples"]
                text = t("majesty.desc.exchange_result", points=points + pre["points"],
                         meeples=m, s=_s(m))
            elif k > 0:
                text = t("majesty.desc.buy", points=points, after=points - k)
            elif k < 0:
                text = t("majesty.desc.sell", held=held, after=held + k, n=-k, s=_s(-k))
            else:
                text = t("majesty.desc.skip", held=held, points=points)
        if text and len(text) > 100:
            text = text[:99] + "…"
        return text

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        step = view.get("step")
        me = (view.get("realms") or {}).get(player, {})
        held, points = int(me.get("meeples", 0)), int(me.get("points", 0))
        if step == "over":
            return t("majesty.prompt.over")
        if step in ("place", "heal_place"):
            return t(f"majesty.prompt.{step}", player=name(player),
                     card=card_name(self._pending_card(view)))
        if step == "castle_exchange":
            return t("majesty.prompt.castle_exchange", player=name(player), held=held,
                     s=_s(held), points=points)
        return t("majesty.prompt.take", player=name(player), held=held, s=_s(held),
                 points=points)

    # -- events ----------------------------------------------------------------------------------

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        et = event.get("type")
        who = name(event["player"]) if isinstance(event.get("player"), str) else ""
        ch = CHARACTER_NAMES.get(str(event.get("character")), str(event.get("character")))
        loc = LOCATION_NAMES.get(str(event.get("location")), str(event.get("location")))
        if et == "take":
            card = card_name({"characters": _characters_of(event.get("card"))})
            if event.get("cost", 0) == 0 and event.get("meeples_gained", 0) == 0:
                return t("majesty.ev.take_free", player=who, card=card)
            return t("majesty.ev.take", player=who, card=card, cost=event.get("cost", 0),
                     gained=event.get("meeples_gained", 0))
        if et == "place":
            article = "an" if ch[:1] in "AEIOU" else "a"
            return t("majesty.ev.place", player=who, article=article, character=ch,
                     location=loc)
        if et == "heal":
            card = card_name({"characters": _characters_of(event.get("card"))})
            return t("majesty.ev.heal", player=who, card=card, character=ch, location=loc)
        if et == "attack":
            knights, guards = int(event.get("knights", 0)), int(event.get("guards", 0))
            return t(f"majesty.ev.attack.{event.get('result')}", player=who,
                     target=name(str(event.get("target"))), knights=knights, ks=_s(knights),
                     guards=guards, gs=_s(guards), character=ch, location=loc)
        if et == "castle_exchange":
            k = int(event.get("meeples", 0))
            key = "buy" if k > 0 else "sell" if k < 0 else "skip"
            return t(f"majesty.ev.castle_exchange.{key}", player=who, n=abs(k), s=_s(abs(k)))
        if et == "gain":
            parts = []
            if event.get("points"):
                parts.append(f"+{event['points']} point{_s(int(event['points']))}")
            if event.get("meeples"):
                parts.append(f"+{event['meeples']} meeple{_s(int(event['meeples']))}")
            return t("majesty.ev.gain", player=who, what=" and ".join(parts), location=loc,
                     reason=event.get("reason", ""))
        if et == "meeples_returned":
            m, p = int(event.get("meeples", 0)), int(event.get("points", 0))
            return t("majesty.ev.meeples_returned", player=who, meeples=m, s=_s(m), points=p,
                     ps=_s(p))
        if et == "refill":
            return None
        if et == "turn":
            return t("majesty.ev.turn", player=who, round=event.get("round"))
        if et == "final_infirmary":
            c = int(event.get("cards", 0))
            return t("majesty.ev.final_infirmary", player=who, cards=c, s=_s(c),
                     points=event.get("points", 0))
        if et == "final_variety":
            k = int(event.get("locations", 0))
            return t("majesty.ev.final_variety", player=who, locations=k, s=_s(k),
                     points=event.get("points", 0))
        if et == "final_majority":
            players = ", ".join(name(p) for p in event.get("players", []))
            return t("majesty.ev.final_majority", location=loc, count=event.get("count", 0),
                     players=players, points=int(event.get("points", 0)))
        if et == "game_over":
            ranking = "; ".join(f"{r['rank']}. {name(r['player'])} {r['score']}"
                                for r in event.get("ranking", []))
            return t("majesty.ev.game_over", ranking=ranking)
        return super().event_text(event, name)

    # -- status ----------------------------------------------------------------------------------

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        lines: list[str] = []
        realms = view.get("realms") or {}
        if view.get("step") == "over":
            lines.append(t("majesty.status.over", rounds=view.get("rounds", 12)))
            for row in view.get("final") or []:
                lines.append(t("majesty.status.final", rank=row["rank"],
                               player=name(row["player"]), score=row["score"]))
            return "\n".join(lines)
        active = view.get("active") or ""
        lines.append(t("majesty.status.head", round=view.get("round"), rounds=view.get("rounds"),
                       turn=view.get("turn"), player=name(active),
                       step=t(f"majesty.step.{view.get('step')}")))
        deck = int(view.get("deck_count", 0))
        lines.append(t("majesty.status.deck", deck=deck, s=_s(deck)))
        projection = view.get("projection") or {}
        for p in view.get("order", []):
            r = realms.get(p, {})
            m = int(r.get("meeples", 0))
            lines.append(t("majesty.status.line", player=name(p), points=r.get("points", 0),
                           meeples=m, s=_s(m), taken=r.get("taken", 0),
                           inf=len(r.get("infirmary", [])), projection=projection.get(p, 0)))
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        return None  # Majesty has no secrets: everything is on the board

    def rules_text(self) -> str:
        return t("majesty.rules")


def _characters_of(card: Any) -> list[str]:
    """The characters on card ``card`` (the id catalogue is public data)."""
    from games.majesty.tables import card_characters

    try:
        return list(card_characters(int(card)))
    except (KeyError, TypeError, ValueError):
        return []


PRESENTER = MajestyPresenter(game_id="majesty", title="Majesty: For the Realm")
