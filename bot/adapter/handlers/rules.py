"""A game's rules by topic and its reference (issue 24 items 2 and 3): ``/game rules <game>
[topic]`` with a select of the topics that edits the page in place, ``/game card <game>
<name>``, their autocompletes in the reader's language, and the entries' pages (also the
prompts' **?** answers, :mod:`bot.adapter.handlers.why`).

Everything is ephemeral and in the reader's language; an unknown topic or name is answered
with the valid ones (the closest first) and changes nothing."""

from __future__ import annotations

import difflib
import importlib
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

import discord
from discord import app_commands

from bot.adapter.boundary import edge, note_game, say
from bot.adapter.components_teach import RulesTopicSelect
from bot.adapter.handlers.common import Interaction
from bot.adapter.prompts import clip, clip_block, make_view
from bot.core.errors import HostError
from bot.text import presenters
from bot.text.i18n import current, game_title, has, t, using
from bot.text.presenters import Presenter
from bot.text.presenters.base import Reference

SUGGESTED = 25  # Discord's most autocomplete choices and select options
MESSAGE_MAX = 2000
CLOSEST = 8


def fold(text: str) -> str:
    """``text`` for matching: no accents, no case (``"Mlynářka"`` -> ``"mlynarka"``)."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold().strip()


def known_game(interaction: Interaction, game_id: str) -> str:
    """``game_id`` when it is a registered game (else the unknown-game refusal)."""
    registry = interaction.client.host.registry
    if game_id not in registry:
        raise HostError("unknown_game", game=clip(game_id, 40), known=", ".join(registry))
    note_game(interaction, game_id)
    return game_id


def title_of(interaction: Interaction, game_id: str) -> str:
    return game_title(game_id, interaction.client.host.game(game_id).title)


def ranked(typed: str, named: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (name, value) pairs whose name matches ``typed``, accents and case aside: those
    starting with it first, then those containing it, each in their order."""
    want = fold(typed)
    starts, inside = [], []
    for name, value in named:
        folded = fold(name)
        if folded.startswith(want):
            starts.append((name, value))
        elif want in folded:
            inside.append((name, value))
    return starts + inside


# -- rules by topic -----------------------------------------------------------------------------
def topics(presenter: Presenter) -> list[str]:
    return list(dict.fromkeys(presenter.rules_topics())) or ["overview"]


def topic_titles(presenter: Presenter) -> list[tuple[str, str]]:
    """(title in the current language, topic id) of every topic, in the rulebook's order."""
    return [(presenter.rules_page(topic)[0], topic) for topic in topics(presenter)]


def rules_page(interaction: Interaction, game_id: str, topic: str) -> dict[str, Any]:
    """The embed of one topic and the select of all of them (a window of 25 around it)."""
    presenter = presenters.get(game_id)
    order = topics(presenter)
    title, text = presenter.rules_page(topic)
    at = order.index(topic)
    game = title_of(interaction, game_id)
    if title not in (game, presenter.title, game_id):  # not the one-page summary's own title
        text = f"**{title}**\n{text}"
    embed = discord.Embed(
        title=clip(t("rules.title", game=game), 256),
        description=clip_block(text, 4000),
        colour=discord.Colour.dark_teal(),
    )
    embed.set_footer(text=t("rules.footer", n=at + 1, total=len(order)))
    if len(order) < 2:
        return {"embed": embed, "view": None}
    first = max(0, min(at - SUGGESTED // 2, len(order) - SUGGESTED))
    options = [
        discord.SelectOption(
            label=clip(presenter.rules_page(tp)[0], 100), value=tp, default=tp == topic
        )
        for tp in order[first : first + SUGGESTED]
    ]
    select = RulesTopicSelect(game_id, options=options, placeholder=clip(t("rules.choose"), 150))
    return {"embed": embed, "view": make_view([select])}


def find_topic(presenter: Presenter, typed: str) -> str | None:
    """The topic ``typed`` names: its id, or its title in the reader's language."""
    order = topics(presenter)
    if typed in order:
        return typed
    want = fold(typed)
    return next((tp for title, tp in topic_titles(presenter) if fold(title) == want), None)


@edge
async def rules(interaction: Interaction, game_id: str, topic: str | None = None) -> None:
    known_game(interaction, game_id)
    presenter = presenters.get(game_id)
    chosen = topics(presenter)[0] if not topic else find_topic(presenter, topic)
    if chosen is None:
        listed = ", ".join(f"{title} (`{tp}`)" for title, tp in topic_titles(presenter))
        text = t(
            "rules.unknown_topic",
            game=title_of(interaction, game_id),
            topic=clip(topic or "", 60),
            topics=listed,
        )
        await say(interaction, clip_block(text, MESSAGE_MAX))
        return
    payload = rules_page(interaction, game_id, chosen)
    await say(interaction, **{k: v for k, v in payload.items() if v is not None})


@edge
async def rules_topic(interaction: Interaction, game_id: str, topic: str | None) -> None:
    """A topic chosen under a rules page (the page changes in place), or /help's button to a
    game's rules (its first page, a new message only the presser sees)."""
    known_game(interaction, game_id)
    presenter = presenters.get(game_id)
    if topic is None:
        payload = rules_page(interaction, game_id, topics(presenter)[0])
        await say(interaction, **{k: v for k, v in payload.items() if v is not None})
        return
    if topic not in topics(presenter):  # a select of an older version of the topics
        raise HostError("stale")
    payload = rules_page(interaction, game_id, topic)
    await interaction.response.edit_message(embed=payload["embed"], view=payload["view"])


async def suggest_topic(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """``topic`` while typing: the chosen game's topics in the typist's language."""
    game_id = str(getattr(interaction.namespace, "game", "") or "")
    if game_id not in interaction.client.host.registry:
        return []
    with using(interaction.locale):
        named = topic_titles(presenters.get(game_id))
    return [
        app_commands.Choice(name=clip(name, 100), value=value[:100])
        for name, value in ranked(typed, named)[:SUGGESTED]
    ]


# -- the reference ------------------------------------------------------------------------------
def kind_text(game_id: str, kind: str) -> str:
    """A reference's kind in the current language: a catalogue key or a term of the game's
    vocabulary (by its key in ``TERMS`` or its own key)."""
    if not kind:
        return ""
    if has(kind):
        return t(kind)
    try:
        terms: Mapping[str, Any] = getattr(
            importlib.import_module(f"games.{game_id}.vocab"), "TERMS", {}
        )
    except ImportError:
        terms = {}
    found = terms.get(kind) or next((v for v in terms.values() if v.key == kind), None)
    return found.form(current()) if found is not None else kind.replace("_", " ")


def ref_name(ref: Reference) -> str:
    return ref.term.form(current())


def fact_lines(ref: Reference) -> list[str]:
    return [t("card.fact", label=t(label), value=value) for label, value in ref.facts]


def entry_text(presenter: Presenter, ref: Reference, heading: bool = True) -> str:
    """One entry as text: (its name and kind,) its rule, its numbers, where it is."""
    parts = []
    if heading:
        kind = kind_text(presenter.game_id, ref.kind)
        head = f"**{ref_name(ref)}**"
        parts.append(t("card.heading", name=head, kind=kind) if kind else head)
    parts.append(presenter.reference_text(ref.key))
    facts = fact_lines(ref)
    if facts:
        parts.append(" · ".join(facts))
    if ref.where:
        parts.append(t("card.where", where=ref.where))
    return "\n".join(parts)


def card_embed(interaction: Interaction, presenter: Presenter, ref: Reference) -> discord.Embed:
    kind = kind_text(presenter.game_id, ref.kind)
    embed = discord.Embed(
        title=clip(
            t("card.title", game=title_of(interaction, presenter.game_id), name=ref_name(ref)), 256
        ),
        description=clip_block(entry_text(presenter, ref, heading=False), 4000),
        colour=discord.Colour.dark_teal(),
    )
    if kind:
        embed.set_author(name=clip(kind, 256))
    return embed


def named(refs: Mapping[str, Reference]) -> list[tuple[str, str]]:
    """(name in the current language, key) of every entry, by name."""
    return sorted(((ref_name(r), k) for k, r in refs.items()), key=lambda p: fold(p[0]))


def find_ref(refs: Mapping[str, Reference], typed: str) -> Reference | None:
    """The entry ``typed`` names: its key (what autocomplete sends), or its name in the
    reader's language or in English, accents and case aside."""
    if typed in refs:
        return refs[typed]
    want = fold(typed)
    for ref in refs.values():
        if want in (fold(ref_name(ref)), fold(ref.term.form("en"))):
            return ref
    return None


def closest(refs: Mapping[str, Reference], typed: str) -> list[str]:
    """The names closest to ``typed``: those it starts or is part of, then the similar."""
    pairs = named(refs)
    hits = [name for name, _ in ranked(typed, pairs)]
    by_fold = {fold(name): name for name, _ in pairs}
    similar = difflib.get_close_matches(fold(typed), list(by_fold), n=CLOSEST, cutoff=0.4)
    found = list(dict.fromkeys(hits + [by_fold[s] for s in similar]))[:CLOSEST]
    return found or [name for name, _ in pairs][:CLOSEST]


@edge
async def card(interaction: Interaction, game_id: str, name: str) -> None:
    known_game(interaction, game_id)
    presenter = presenters.get(game_id)
    refs = presenter.references()
    game = title_of(interaction, game_id)
    if not refs:
        await say(interaction, t("card.none", game=game))
        return
    ref = find_ref(refs, name)
    if ref is None:
        names = ", ".join(closest(refs, name))
        text = t("card.unknown", game=game, name=clip(name, 60), names=names)
        await say(interaction, clip_block(text, MESSAGE_MAX))
        return
    await say(interaction, embed=card_embed(interaction, presenter, ref))


async def suggest_card(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """``name`` while typing: the chosen game's entries in the typist's language."""
    game_id = str(getattr(interaction.namespace, "game", "") or "")
    if game_id not in interaction.client.host.registry:
        return []
    presenter = presenters.get(game_id)
    with using(interaction.locale):
        refs = presenter.references()
        shown = [
            (
                clip(
                    f"{name} · {kind}" if (kind := kind_text(game_id, refs[key].kind)) else name,
                    100,
                ),
                key,
            )
            for name, key in ranked(typed, named(refs))[:SUGGESTED]
        ]
    return [app_commands.Choice(name=label, value=key[:100]) for label, key in shown]


def pages(entries: list[str], limit: int = MESSAGE_MAX) -> list[str]:
    """``entries`` joined into messages of at most ``limit`` characters (an entry longer than
    that is cut), none split in the middle."""
    out: list[str] = []
    for entry in entries:
        entry = clip_block(entry, limit)
        if out and len(out[-1]) + 2 + len(entry) <= limit:
            out[-1] += "\n\n" + entry
        else:
            out.append(entry)
    return out
