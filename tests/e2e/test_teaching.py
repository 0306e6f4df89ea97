"""A table that teaches (issue 24), through the fake Discord: ``/help`` (slash, a mention, a
DM), ``/game rules`` by topic (the select edits the page, an unknown topic lists the valid
ones), ``/game card`` (autocomplete in the reader's language, the page, an unknown name),
the prompts' **?** and **Why?** on a board prompt and a DM prompt (refused for a player whose
decision it is not, "passed" on an old prompt), and teach mode (``/teach on|off``, the table's
``teach:true``) across a restart.

The game is Token race (``tests/fifthgame.py``) with a presenter that fills every teaching
member, so the bot's side is checked against what a presenter says, whatever the shipped
presenters say today."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.text import i18n, presenters
from bot.text.i18n import t, tn
from bot.text.presenters.base import Reference, WhyLine
from games.terms import Term, term
from tests import fifthgame
from tests.e2e.driver import board_message, move_components, waiting_names
from tests.e2e.helpers import open_table, table_id
from tests.fakediscord import models as fm
from tests.fakediscord.models import walk_components

GAME = fifthgame.GAME_ID

EN: dict[str, str | tuple[str, ...]] = {
    "tokenrace.rules.overview.title": "Overview",
    "tokenrace.rules.overview.text": "Take the last token. Each round: bid in secret, then take.",
    "tokenrace.rules.bid.title": "The bid",
    "tokenrace.rules.bid.text": "Everyone bids 0-2 of their own tokens in secret; bids are paid.",
    "tokenrace.rules.take.title": "Taking",
    "tokenrace.rules.take.text": "In bid order, each takes 1-3 tokens from the pile.",
    "tokenrace.rules.end.title": "The end",
    "tokenrace.rules.end.text": "The last token brings 3 more and ends the game.",
    "tokenrace.kind.rule": "rule",
    "tokenrace.ref.token": "What you count: most tokens wins.",
    "tokenrace.ref.bid": "Paid from your tokens; the highest bid takes first.",
    "tokenrace.ref.take": "Take 1-3 tokens from the pile.",
    "tokenrace.ref.bonus": "Whoever takes the last token gets 3 more.",
    "tokenrace.ref.fact.start": "At the start",
    "tokenrace.why.bid": "you pay {cost} and keep {after}",
    "tokenrace.why.take": "the pile keeps {pile}, you hold {after}",
    "tokenrace.teach.bid": "Bidding: pay tokens in secret to take before the others.",
    "tokenrace.teach.take": "Taking: 1-3 tokens; the last one gives a bonus of 3.",
}
CS: dict[str, str | tuple[str, ...]] = {
    "tokenrace.rules.overview.title": "Přehled",
    "tokenrace.rules.overview.text": "Vezmi poslední žeton. Každé kolo: tajný příhoz, pak braní.",
    "tokenrace.rules.bid.title": "Příhoz",
    "tokenrace.rules.bid.text": "Všichni tajně přihodí 0-2 svých žetonů; příhozy se platí.",
    "tokenrace.rules.take.title": "Braní",
    "tokenrace.rules.take.text": "V pořadí příhozů každý vezme 1-3 žetony z hromádky.",
    "tokenrace.rules.end.title": "Konec",
    "tokenrace.rules.end.text": "Poslední žeton přidá 3 a hra končí.",
    "tokenrace.kind.rule": "pravidlo",
    "tokenrace.ref.token": "Co se počítá: vyhrává nejvíc žetonů.",
    "tokenrace.ref.bid": "Platí se ze tvých žetonů; kdo dá nejvíc, bere první.",
    "tokenrace.ref.take": "Vezmi 1-3 žetony z hromádky.",
    "tokenrace.ref.bonus": "Kdo vezme poslední žeton, dostane 3 navíc.",
    "tokenrace.ref.fact.start": "Na začátku",
    "tokenrace.why.bid": "zaplatíš {cost} a zůstane ti {after}",
    "tokenrace.why.take": "na hromádce zbude {pile}, budeš mít {after}",
    "tokenrace.teach.bid": "Příhoz: tajně zaplať žetony, abys bral před ostatními.",
    "tokenrace.teach.take": "Braní: 1-3 žetony; poslední dává bonus 3.",
}

TERMS: dict[str, Term] = {
    "token": term("tokenrace.token", {"nom": "Token"}, {"nom": "Žeton"}, gender="i"),
    "bid": term("tokenrace.bid", {"nom": "Bid"}, {"nom": "Příhoz"}, gender="i"),
    "take": term("tokenrace.take", {"nom": "Take"}, {"nom": "Braní"}, gender="n"),
    "bonus": term("tokenrace.bonus", {"nom": "Last token"}, {"nom": "Poslední žeton"}),
}


@dataclass
class TeachingRace(fifthgame.TokenRacePresenter):
    """Token race's presenter with every teaching member filled (issue 24's API)."""

    def rules_topics(self) -> tuple[str, ...]:
        return ("overview", "bid", "take", "end")

    def references(self) -> dict[str, Reference]:
        kind = "tokenrace.kind.rule"
        return {
            "token": Reference("token", TERMS["token"], (("tokenrace.ref.fact.start", 2),), "§1"),
            "bid": Reference("bid", TERMS["bid"], (), "§2", kind),
            "take": Reference("take", TERMS["take"], (), "§3", kind),
            "bonus": Reference("bonus", TERMS["bonus"], (), "§4", kind),
        }

    def offered(self, view: dict[str, Any], moves: list[dict[str, Any]]) -> list[str]:
        kinds = {m["type"] for m in moves}
        return (["bid", "token"] if "bid" in kinds else []) + (
            ["take", "bonus"] if "take" in kinds else []
        )

    def why(self, view, player, options, name):  # type: ignore[no-untyped-def]
        lines = []
        for move, p in options:
            label = self.move_label(view, move, name)
            if move["type"] == "bid":
                text = t("tokenrace.why.bid", cost=p["cost"], after=p["tokens_after"])
            else:
                text = t("tokenrace.why.take", pile=p["pile_after"], after=p["tokens_after"])
            lines.append(WhyLine(label, text))
        return lines


@pytest.fixture
def teaching(monkeypatch: pytest.MonkeyPatch) -> Iterator[TeachingRace]:
    fifthgame.install(monkeypatch)
    for key, text in EN.items():
        monkeypatch.setitem(i18n.CATALOGS["en"], key, text)
    overlay = fifthgame.CzechOverlay(CS, i18n.translations("cs"))
    monkeypatch.setitem(i18n._compiled, "cs", overlay)
    presenter = TeachingRace()
    presenters.register(presenter)
    yield presenter


@pytest.fixture
def world(teaching: TeachingRace, world: Any) -> Any:
    """The e2e world with the teaching Token race registered before the bot starts."""
    return world


async def say(world: Any, user: Any, text: str, channel: Any = None, mention: bool = False) -> Any:
    """``user`` posts ``text`` (in ``channel``, else a DM to the bot), as Discord delivers it
    to a bot without the message-content intent: a guild message's text only if it mentions
    the bot."""
    fake = world.fake
    where = channel if channel is not None else fake._dm_channel(user)
    msg = fm.Message(id=fm.snowflake(), channel=where, author=user, content=text)
    msg.snapshot()
    fake._store(msg)
    payload = msg.payload()
    if mention:
        payload["mentions"] = [fake.bot_user.payload()]
    elif channel is not None:
        payload["content"] = ""  # no message-content intent
    await fake.gateway.dispatch("MESSAGE_CREATE", payload, guild=where.guild)
    await fake.idle(quiet=0.4)  # the bot's answer, if any, is sent by then
    return msg


def bot_messages(fake: Any, channel: Any) -> list[Any]:
    return [m for m in fake.messages(channel) if m.author.id == fake.bot_user.id and not m.deleted]


def help_title(msg: Any) -> str:
    return (msg.embeds[0] if msg.embeds else {}).get("title", "")


def labels_of(msg: Any) -> list[str]:
    return [b.get("label") or "" for b in msg.buttons()]


def button(msg: Any, prefix: str) -> dict:
    return next(b for b in msg.buttons() if b["custom_id"].startswith(prefix))


def latest_dm_prompt(fake: Any, user: Any) -> Any:
    dms = [m for m in fake.dms(user) if any(move_components(m))]
    return dms[-1] if dms else None


async def dm_prompt(world: Any, name: str) -> Any:
    fake, user = world.fake, world.users[name]
    return await fake.wait_for(
        lambda: latest_dm_prompt(fake, user), timeout=10, what=f"{name}'s DM prompt"
    )


async def bid(world: Any, name: str, n: int) -> None:
    msg = await dm_prompt(world, name)
    label = tn("tokenrace.move.bid", n)
    await world.fake.click(world.users[name], msg, label)
    await world.fake.idle()


async def take_step(world: Any) -> Any:
    fake, ch = world.fake, world.channel
    return await fake.wait_for(
        lambda: (b := board_message(fake, ch)) and move_components(b)[1] and b,
        timeout=10,
        what="a take on the board",
    )


# -- /help ------------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_help_by_slash_mention_and_dm(world, caplog) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    res = await fake.slash(u["alice"], ch, "help")
    assert res.ephemeral and help_title(res.message) == t("help.title")
    text = res.embeds[0]["description"]
    for word in ("/game new", "Open my prompt", "Undo", "Watch", "/game history", "/teach on"):
        assert word in text, word
    assert len(text) <= 2000
    titles = [g.title for g in world.bot.host.registry.values()]
    assert labels_of(res.message) == [t("help.rules_button", game=g) for g in titles]
    # its button to a game's rules: that game's first page, only to the presser
    rules = await fake.click(u["alice"], res.message, t("help.rules_button", game="Token race"))
    assert rules.ephemeral and t("tokenrace.rules.overview.text") in rules.text()
    assert fake.messages(ch) == []  # nothing public so far

    # a mention in the channel: the same page as a reply; a message without one: nothing
    await say(world, u["bob"], "what can you do?", channel=ch)
    assert bot_messages(fake, ch) == []
    await say(world, u["bob"], f"<@{fake.bot_user.id}> help", channel=ch, mention=True)
    [reply] = await fake.wait_for(lambda: bot_messages(fake, ch), timeout=5, what="the reply")
    assert help_title(reply) == t("help.title") and reply.embeds[0]["description"] == text
    # a DM saying "help" (any case, a slash); "pomoc" in Czech; anything else: nothing
    await say(world, u["cyril"], "/Help")
    await say(world, u["cyril"], "hello there")
    await say(world, u["cyril"], "Pomoc")
    answers = await fake.wait_for(
        lambda: (
            len(a := [m for m in fake.dms(u["cyril"]) if m.author.id == fake.bot_user.id]) >= 2
            and a
        ),
        timeout=5,
        what="two answers in cyril's DM",
    )
    assert [help_title(m) for m in answers] == [t("help.title"), t("help.title", "cs")]
    assert "`/hra nová`" in answers[1].embeds[0]["description"]


# -- rules by topic, the reference -----------------------------------------------------------
@pytest.mark.asyncio
async def test_rules_topics_and_the_select(world) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    res = await fake.slash(u["alice"], ch, "game rules", game=GAME)
    assert res.ephemeral and t("tokenrace.rules.overview.text") in res.text()
    assert t("rules.footer", n=1, total=4) in res.text()
    [select] = res.message.selects()
    assert [o["label"] for o in select["options"]] == ["Overview", "The bid", "Taking", "The end"]
    # choosing a topic edits the same ephemeral message
    chosen = await fake.select(u["alice"], res.message, select["custom_id"], ["take"])
    assert chosen.type == 7
    page = res.message.text(history=False)
    assert t("tokenrace.rules.take.text") in page and "**Taking**" in page
    assert t("rules.footer", n=3, total=4) in page
    # a topic by name; an unknown one lists the valid ones and changes nothing
    res = await fake.slash(u["alice"], ch, "game rules", game=GAME, topic="end")
    assert t("tokenrace.rules.end.text") in res.text()
    res = await fake.slash(u["alice"], ch, "game rules", game=GAME, topic="dragons")
    assert res.ephemeral and not res.embeds
    assert res.content == t(
        "rules.unknown_topic",
        game="Token race",
        topic="dragons",
        topics="Overview (`overview`), The bid (`bid`), Taking (`take`), The end (`end`)",
    )
    # autocomplete in the reader's language, accents aside
    u["dana"].locale = "cs"
    found = await fake.autocomplete(u["dana"], ch, "game rules", "topic", "prih", game=GAME)
    assert found == [{"name": "Příhoz", "value": "bid"}]
    res = await fake.slash(u["dana"], ch, "game rules", game=GAME, topic="Braní")
    assert "V pořadí příhozů" in res.text() and "Téma 3 z 4" in res.text()
    assert fake.messages(ch) == []


@pytest.mark.asyncio
async def test_card_autocomplete_page_and_unknown_name(world) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    found = await fake.autocomplete(u["alice"], ch, "game card", "name", "to", game=GAME)
    assert [c["value"] for c in found] == ["token", "bonus"]  # starts with, then contains
    assert found[1]["name"] == "Last token · rule"
    res = await fake.slash(u["alice"], ch, "game card", game=GAME, name="token")
    embed = res.embeds[0]
    assert res.ephemeral and embed["title"] == "Token race · Token"
    assert embed["description"] == (
        f"{t('tokenrace.ref.token')}\nAt the start: 2\n{t('card.where', where='§1')}"
    )
    res = await fake.slash(u["alice"], ch, "game card", game=GAME, name="bonus")
    assert res.embeds[0]["author"]["name"] == "rule"
    # Czech: names and texts in Czech, found without accents, by name as typed
    u["bob"].locale = "cs"
    found = await fake.autocomplete(u["bob"], ch, "game card", "name", "zet", game=GAME)
    assert [c["name"] for c in found] == ["Žeton", "Poslední žeton · pravidlo"]
    res = await fake.slash(u["bob"], ch, "game card", game=GAME, name="prihoz")
    assert res.embeds[0]["title"] == "Závod o žetony · Příhoz"
    assert "Platí se ze tvých žetonů" in res.embeds[0]["description"]
    # an unknown name: the closest valid ones, nothing else
    res = await fake.slash(u["alice"], ch, "game card", game=GAME, name="tokn")
    assert res.ephemeral and res.content.startswith("Token race has nothing called “tokn”")
    assert "Token" in res.content.split("Closest:")[1]
    assert fake.messages(ch) == []


# -- "?" and "Why?" ---------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_why_and_references_on_dm_and_board_prompts(world) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    host = world.bot.host
    lobby = await open_table(world, GAME, join=("bob",))
    sid = table_id(lobby)
    rec = await host.current(sid)
    # a DM prompt (the secret bid): ? and Why? beside the bids, within Discord's limits
    prompt = await dm_prompt(world, "alice")
    assert labels_of(prompt)[-2:] == ["?", t("why.button")]
    why = await fake.click(u["alice"], prompt, button(prompt, "ct:y:")["custom_id"])
    alice = str(u["alice"].id)
    for move in host.legal_moves(rec, alice):  # the engine's own numbers
        p = host.preview(rec, alice, move)
        line = f"**{tn('tokenrace.move.bid', move['n'])}**: you pay {p['cost']} and keep"
        assert f"{line} {p['tokens_after']}" in why.text(), why.text()
    assert why.text().startswith(t("why.title"))
    refs = await fake.click(u["alice"], prompt, "?")
    assert refs.text().index("**Bid** (rule)") < refs.text().index("**Token**")
    assert "the highest bid takes first" in refs.text() and "At the start: 2" in refs.text()
    assert latest_dm_prompt(fake, u["alice"]).id == prompt.id  # the prompt stays as it was

    await bid(world, "alice", 2)
    await bid(world, "bob", 0)
    board = await take_step(world)
    [taker] = waiting_names(board)
    assert taker == "alice"
    assert labels_of(board)[:4] == [tn("tokenrace.move.take", n) for n in (1, 2, 3)] + ["?"]
    rows = [c for c in walk_components(board.components) if c.get("type") == 1]
    assert rows and all(len(row["components"]) <= 5 for row in rows)
    # Why? on the board: the taker's numbers; for anyone else a refusal
    rec = await host.current(sid)
    why_id = button(board, "ct:y:")["custom_id"]
    answer = await fake.click(u["alice"], board, why_id)
    pile = host.view(rec, None)["pile"]
    for n in (1, 2, 3):
        line = f"**{tn('tokenrace.move.take', n)}**: the pile keeps {pile - n}, you hold {n}"
        assert line in answer.text(), answer.text()
    refused = await fake.click(u["bob"], board, why_id)
    assert refused.ephemeral and refused.content == t("why.not_yours")
    # "?" on the board: anyone may read what it offers
    refs = await fake.click(u["outsider"], board, "?")
    assert "**Take** (rule)" in refs.text() and "**Last token** (rule)" in refs.text()
    # her prompt as /game hand showed it (ephemeral, left as it was): after the take, its
    # buttons answer that the decision has passed
    hand = await fake.slash(u["alice"], ch, "game hand")
    assert button(hand.message, "ct:y:")["custom_id"] == why_id
    await fake.click(u["alice"], board, tn("tokenrace.move.take", 1))
    await fake.idle()
    for target in (why_id, "?"):
        old = await fake.click(u["alice"], hand.message, target)
        assert old.ephemeral and old.content == t("why.passed"), target
    assert (await host.current(sid)).version == rec.version + 1  # nothing else changed


# -- teach mode -------------------------------------------------------------------------------
def intro(key: str, locale: str = "en") -> str:
    return t("teach.intro", locale, text=t(key, locale))


def prompt_text(msg: Any) -> str:
    return msg.text(history=False)


@pytest.mark.asyncio
async def test_teach_mode_across_a_restart(world) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    res = await fake.slash(u["alice"], ch, "teach on")
    assert res.ephemeral and res.content == t("teach.on")
    lobby = await open_table(world, GAME, join=("bob",))
    sid = table_id(lobby)
    assert t("teach.lobby") not in lobby.text()
    # alice meets the bid for the first time: her prompt opens with it; bob's does not
    first = await dm_prompt(world, "alice")
    assert intro("tokenrace.teach.bid") in prompt_text(first)
    assert intro("tokenrace.teach.bid") not in prompt_text(await dm_prompt(world, "bob"))
    await bid(world, "alice", 2)
    await bid(world, "bob", 0)
    board = await take_step(world)
    assert intro("tokenrace.teach.take") in board.text(history=False)
    await fake.click(u["alice"], board, tn("tokenrace.move.take", 1))
    await fake.idle()
    board = await take_step(world)
    assert waiting_names(board) == ["bob"]
    assert intro("tokenrace.teach.take") not in board.text(history=False)
    await fake.click(u["bob"], board, tn("tokenrace.move.take", 1))
    await fake.idle()
    await fake.idle()
    # round 2's bid: alice has met it, her prompt is plain
    alice, bob = str(u["alice"].id), str(u["bob"].id)
    assert intro("tokenrace.teach.bid") not in prompt_text(latest_dm_prompt(fake, u["alice"]))
    # remembered in the database, across a restart
    con = sqlite3.connect(world.db)
    seen = con.execute("SELECT user_id, game, step FROM teach_seen ORDER BY step").fetchall()
    con.close()
    assert seen == [(alice, GAME, "bid"), (alice, GAME, "take")]
    await world.stop_bot()
    await world.start_bot()
    host = world.bot.host
    assert await host.store.user_teach([alice, bob]) == {alice: True}
    res = await fake.slash(u["alice"], ch, "game hand")  # her prompt, drawn by the new process
    assert res.ephemeral and t("tokenrace.prompt.bid", player="alice", held=1) in res.text()
    assert "📘" not in res.text()
    # bob turns it on now: his prompt (drawn anew) explains the bid he has not been taught
    await fake.slash(u["bob"], ch, "teach on")
    res = await fake.slash(u["bob"], ch, "game hand")
    assert intro("tokenrace.teach.bid") in res.text(), res.text()
    await fake.slash(u["bob"], ch, "teach off")
    res = await fake.slash(u["alice"], ch, "game abandon")
    await fake.idle()

    # a teaching table: cyril (who never chose) is taught, in his language; bob and alice,
    # who turned it off themselves, are not
    res = await fake.slash(u["alice"], ch, "teach off")
    assert res.content == t("teach.off")
    u["cyril"].locale = "cs"
    lobby = await open_table(world, GAME, join=("bob", "cyril"), teach=True)
    assert t("teach.lobby") in lobby.text() and table_id(lobby) != sid

    async def prompt_at(name: str) -> Any:
        return await fake.wait_for(
            lambda: (p := latest_dm_prompt(fake, u[name])) and table_id(p) == table_id(lobby) and p,
            timeout=10,
            what=f"{name}'s bid at the teaching table",
        )

    assert intro("tokenrace.teach.bid", "cs") in prompt_text(await prompt_at("cyril"))
    for name in ("alice", "bob"):
        assert "📘" not in prompt_text(await prompt_at(name)), name
