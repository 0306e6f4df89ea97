"""A fifth game through the fake Discord (issue 23, "Done when"): Token race
(``tests/fifthgame.py``), defined in the tests only, made of nothing but a ``GameBase``
subclass with its envelope, a presenter and a renderer, registered for one test
(``games.REGISTRY``, ``presenters.register``, ``renderers.register``, its texts) and played
like a shipped game:

* ``/game new tokenrace`` with its option, Join, an AI seat (medium: the search over the
  game's ``determinize``, in a thread: ``ai_workers=0``, since worker processes do not know a
  game registered by a test), Start; secret bids from DM prompts, public takes on the board, to
  the final standings; ``/game rules``; the stored log replayed to the stored state (what
  ``crowntable verify`` checks);
* ``/game replay`` of the finished table: a frame a turn, stepped through to the final board,
  and the animation with a frame a turn;
* **Undo** of a take: someone else's click refused, the mover's restores the board, the log
  says so; a bid is never offered for taking back;
* the turn clock: an idle player's secret bid played by the AI at the deadline (after a
  reminder), the round revealed, then an idle taker's take.

Nothing of the game stays registered after a test (checked by the fixture).
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

import games
import renderers
from bot.core.ai_runner import seat_label
from bot.core.export import replay_export
from bot.core.takeback import LogReplay
from bot.core.verify import run_verify
from bot.text import i18n, presenters
from bot.text.i18n import t, tn
from games.ai import hints
from renderers import kit, text_en
from tests import fifthgame
from tests import test_catalogues as catalogues
from tests.e2e.driver import (
    Driver,
    Player,
    board_message,
    board_status,
    move_components,
    waiting_names,
)
from tests.e2e.helpers import (
    board_png,
    board_state,
    is_png,
    move_count,
    open_table,
    prompt_versions,
    receipts,
    refusal,
    table_id,
)
from tests.e2e.test_czech import _forms, _phrase, _pieces, czech_world
from tests.e2e.test_history import replay_message, shown_turn, step
from tests.e2e.test_undo_watch import snapshot, undo_button
from tests.invariants import check_playout

GAME = fifthgame.GAME_ID


def leftovers() -> list[str]:
    """Whatever of Token race is registered anywhere the bot looks for a game."""
    found = [
        where
        for where, table in (
            ("games.REGISTRY", games.REGISTRY),
            ("presenters", presenters._CACHE),
            ("renderers", renderers.REGISTERED),
            ("AI hints", hints._CACHE),
        )
        if GAME in table
    ]
    texts = {*fifthgame.EN, *fifthgame.COMMANDS_EN, *(f"img.{k}" for k in fifthgame.IMAGE_EN)}
    found += sorted(texts & set(i18n.CATALOGS["en"]))
    found += sorted(set(fifthgame.IMAGE_EN) & set(text_en.CATALOG))
    if isinstance(i18n._compiled.get("cs"), fifthgame.CzechOverlay):
        found.append("the Czech overlay")
    return found


@pytest.fixture
def fifth() -> Iterator[fifthgame.TokenRacePresenter]:
    """Token race registered for this test only (``fifthgame.install``), taken out again and
    checked gone."""
    assert leftovers() == [], "Token race was registered before the test"
    patch = pytest.MonkeyPatch()
    try:
        yield fifthgame.install(patch)
    finally:
        patch.undo()
    assert leftovers() == [], "Token race left behind"


@pytest.fixture
def world(fifth: fifthgame.TokenRacePresenter, world: Any) -> Any:
    """The e2e world (``tests/e2e/conftest.py``) with Token race registered first, so that the
    bot has stopped (the world's teardown) before the game is taken out again."""
    return world


def standings(final: Any) -> list[tuple[str, int, str]]:
    """(name, score, the row's text) of each row of the final standings, in order."""
    rows = [line for line in final.embeds[0]["description"].splitlines() if "**" in line]
    return [
        (
            re.search(r"\*\*(.+?)\*\*", row).group(1),  # type: ignore[union-attr]
            int(re.search(r"— (-?\d+)", row).group(1)),  # type: ignore[union-attr]
            row,
        )
        for row in rows
    ]


def same_below_header(a: bytes, b: bytes) -> bool:
    """Whether two board images show the same under their header (whose turn, the latest
    change), up to the palette's rounding (the PNG's 256 colours are chosen per image)."""
    crops = []
    for png in (a, b):
        image = Image.open(io.BytesIO(png)).convert("RGB")
        crops.append(image.crop((0, kit.HEADER_H, image.width, image.height)))
    if crops[0].size != crops[1].size:
        return False
    extrema = ImageChops.difference(crops[0], crops[1]).getextrema()
    return max(high for _, high in extrema) <= 8  # type: ignore[union-attr]


def name_of(rec: Any) -> Any:
    names = {s.player_id: seat_label(s) for s in rec.seats}
    return lambda p: names.get(p, p)


async def dm_move(world: Any, name: str, rng: random.Random) -> None:
    """``name`` answers the move prompt of their latest DM (a random option)."""
    fake, user = world.fake, world.users[name]

    def prompt() -> Any:
        dms = [m for m in fake.dms(user) if not m.deleted]
        return dms[-1] if dms and any(move_components(dms[-1])) else None

    msg = await fake.wait_for(prompt, timeout=10, what=f"{name}'s DM prompt")
    selects, buttons = move_components(msg)
    if selects:
        option = rng.choice(selects[0]["options"])
        await fake.select(user, msg, selects[0]["custom_id"], [option["value"]])
    else:
        await fake.click(user, msg, rng.choice(buttons)["custom_id"])
    await fake.idle()


async def check_finished_game(world: Any, sid: int, final: Any, humans: list[str]) -> None:
    """The final standings name every seat once, with the engine's scores, units and
    breakdowns; the board shows the end; the log replays to the stored state."""
    host = world.bot.host
    rec = await host.get(sid)
    assert rec.status == "finished" and rec.options == {"pile": 12}
    outcome = fifthgame.GAME.outcome(host.state(rec))
    rows = standings(final)
    assert sorted(n for n, _, _ in rows) == sorted([*humans, "AI 1 · medium"]), rows
    assert sorted((seat_label(rec.seat_of(r["player"])), r["score"]) for r in outcome) == sorted(
        (n, s) for n, s, _ in rows
    )
    assert rows[0][2].startswith("🥇")
    for _name, score, row in rows:
        assert row.endswith(tn("tokenrace.unit", score)), row
    text = final.embeds[0]["description"]
    for r in outcome:  # each score explained by the presenter's breakdown, from the envelope
        line = t("tokenrace.final.breakdown", taken=r["taken"], paid=r["paid"], bonus=r["bonus"])
        assert line in text, (line, text)
    winner = next(r for r in outcome if r["bonus"])  # whoever took the last token
    # an AI seat is named in full once per message, then by its own name (issue 27 item 6)
    seat = next(s for s in rec.seats if s.player_id == winner["player"])
    said = {
        t("tokenrace.ev.last_token", player=p, bonus=3)
        for p in (name_of(rec)(seat.player_id), seat.name)
    }
    board_text = board_message(world.fake, world.channel).text()
    assert any(line in board_text for line in said), (said, board_text)
    board = board_message(world.fake, world.channel)
    assert t("board.finished") in board.text(history=False)
    assert not [c for c in board.custom_ids if c.startswith(("ct:m:", "ct:s:", "ct:u:"))]
    assert await host.replay(sid) == (True, "")  # crowntable verify's check


async def check_replay(world: Any, sid: int) -> None:
    """``/game replay``: the setup, then a frame a turn (the envelope's turn counter of the
    final state: every take and every reveal of the bids), the last one the final board;
    stepped through one by one; the animation has the setup and a frame a turn."""
    fake, ch, u = world.fake, world.channel, world.users
    host = world.bot.host
    rec = await host.get(sid)
    moves = await host.moves(sid)
    takes = sum(1 for m in moves if m.move["type"] == "take")
    rounds = sum(1 for m in moves if m.move["type"] == "bid") // len(rec.seats)
    turns = fifthgame.GAME.turn(host.state(rec))
    assert turns == takes + rounds, (turns, takes, rounds)
    final_board = board_png(fake, board_message(fake, ch))

    res = await fake.slash(u["cyril"], ch, "game replay", table=str(sid))
    assert not res.ephemeral
    await res.wait_followups(1, timeout=60)
    msg = replay_message(fake, ch, sid)
    assert t("replay.setup") in msg.embeds[0]["description"]
    setup_png = msg.attachment("replay.png")
    assert is_png(setup_png) and setup_png != final_board
    seen = []
    while True:
        msg = await step(world, msg, "▶")
        seen.append(shown_turn(msg))
        if seen[-1][0] == seen[-1][1]:
            break
    assert seen == [(i, turns) for i in range(1, turns + 1)], seen
    assert msg.attachment("replay.png") == final_board  # the last frame is the final board
    msg = await step(world, msg, "⏮")
    assert shown_turn(msg)[0] == 0 and msg.attachment("replay.png") == setup_png

    [anim] = [
        f for f in res.followups if any(a.filename == f"table-{sid}.gif" for a in f.attachments)
    ]
    image = Image.open(io.BytesIO(anim.attachment(f"table-{sid}.gif")))
    assert image.format == "GIF" and image.n_frames == turns + 1


@pytest.mark.asyncio
async def test_a_whole_game_with_an_ai_seat_then_its_replay(world, fifth, capsys) -> None:
    await world.start_bot(ai_workers=0)
    fake, ch, u = world.fake, world.channel, world.users
    host = world.bot.host
    assert host.ai.workers == 0

    res = await fake.slash(u["cyril"], ch, "game rules", game=GAME)
    assert t("tokenrace.rules") in res.text()
    lobby = await open_table(world, GAME, join=("bob",), ai=1, pile="1")  # the 2nd: 12 tokens
    sid = table_id(lobby)
    assert t("lobby.running") in lobby.text(history=False)
    board = board_message(fake, ch)
    assert board is not None and table_id(board) == sid and is_png(board_png(fake, board))
    # the first step is the secret bid: nothing on the board to click, everyone is waiting
    assert move_components(board) == ([], [])
    assert {"alice", "bob"} <= set(waiting_names(board))  # (the AI seat may have bid already)
    # the image's alt text from the renderer's summary; /game status from the presenter
    [picture] = [a for a in board.attachments if a.filename == "board.png"]
    assert (picture.description or "").startswith("Token race, Round 1."), picture.description
    res = await fake.slash(u["alice"], ch, "game status")
    assert "Round 1 · pile 12 · bidding in secret" in res.text(), res.text()

    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=2)
    final = await driver.play()
    assert driver.stats.refusals == []
    assert driver.stats.via["dm"] > 0 and driver.stats.via["board"] > 0, driver.stats.via
    await fake.idle()
    assert f"table #{sid}" in final.embeds[0]["title"]
    assert fifthgame.TokenRace.title in final.embeds[0]["title"]
    await check_finished_game(world, sid, final, ["alice", "bob"])

    # the AI seat bid and took with its own search (no fallback to a random move)
    rec = await host.get(sid)
    assert [s.ai_level for s in rec.seats] == [None, None, "medium"]
    moves = await host.moves(sid)
    assert {m.move["type"] for m in moves if m.source == "ai"} == {"bid", "take"}
    assert {m.player_id for m in moves if m.source == "ai"} == {"ai:1"}
    assert host.ai.fallbacks == 0

    # every human's bids were made from their DM prompts (the private image attached), and
    # the DM says what they chose; no public message ever showed a bid before its reveal
    game, name = fifthgame.GAME, name_of(rec)
    state = LogReplay.start(game, rec)
    chosen: dict[str, list[str]] = {"alice": [], "bob": []}
    for m in moves:
        if m.move["type"] == "bid" and m.source == "player":
            who = rec.seat_of(m.player_id).name
            label = fifth.move_label(game.view(state.state, m.player_id), m.move, name)
            chosen[who].append(label)
        state.step(m)
    for who, labels in chosen.items():
        dms = fake.dms(u[who])
        prompts = [v for msg in dms for v in prompt_versions(msg)]
        assert prompts and all("only you see this" in v["embeds"][0]["title"] for v in prompts)
        assert all("board.png" in v["attachments"] for v in prompts)
        shown = [r for msg in dms for r in receipts(msg)]
        assert labels and all(any(label in r for r in shown) for label in labels), (labels, shown)
    assert not any(t("private.chosen", move="") in msg.text() for msg in fake.public_messages()), (
        "a receipt in public"
    )

    await check_replay(world, sid)

    # /game export, replayed by the engine to the same result; /standings of the game
    res = await fake.slash(u["bob"], ch, "game export", table=f"#{sid}")
    data = json.loads(res.message.attachment(f"crowntable-table-{sid}.json"))
    assert data["game"] == GAME and replay_export(data, games.REGISTRY) == data["results"]
    res = await fake.slash(u["alice"], ch, "standings", game=GAME)
    rated = [line for line in res.text().splitlines() if "<@" in line]
    assert len(rated) == 2 and all(" · 1 game · " in line for line in rated), rated
    assert not fake.problems()

    # crowntable verify over the bot's database: the game replays to its stored snapshot
    await world.stop_bot()
    assert await run_verify(f"sqlite:///{world.db}") == 0
    assert "1 sessions checked, 0 differ" in capsys.readouterr().out


async def bids_then_board(world: Any, names: tuple[str, ...], rng: random.Random) -> Any:
    """Every player bids from their DM; returns the board of the take step."""
    for name in names:
        await dm_move(world, name, rng)
    board = await world.fake.wait_for(
        lambda: (b := board_message(world.fake, world.channel)) and any(move_components(b)) and b,
        timeout=10,
        what="the take step on the board",
    )
    return board


@pytest.mark.asyncio
async def test_undo_of_a_take_restores_the_board(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot(seed=5, ai_workers=0)
    host = world.bot.host
    lobby = await open_table(world, GAME, join=("bob",), pile="1")
    sid = table_id(lobby)
    rng = random.Random(5)
    board = await bids_then_board(world, ("alice", "bob"), rng)
    # a bid was secret: it is never offered for taking back
    assert undo_button(board) is None
    assert [m.move["type"] for m in await host.moves(sid)] == ["bid", "bid"]

    [first] = waiting_names(board)
    mover = u[first]
    other = u["bob"] if mover is u["alice"] else u["alice"]
    before = snapshot(fake, board)
    _, buttons = move_components(board)
    assert [b["label"] for b in buttons][:1] == [tn("tokenrace.move.take", 1)]
    await fake.click(mover, board, buttons[-1]["custom_id"])  # takes 3
    await fake.idle()
    board = board_message(fake, ch)
    button = undo_button(board)
    assert button is not None and mover.name in button["label"], board.buttons()
    assert tn("tokenrace.ev.took", 3, player=first, pile=9) in board.text(history=False)
    moves = await move_count(world, sid)

    # someone else may not take it back
    state = board_state(fake, ch)
    assert await refusal(await fake.click(other, board, button["custom_id"])) == t(
        "error.undo_not_yours"
    )
    await fake.idle()
    assert board_state(fake, ch) == state and await move_count(world, sid) == moves

    # the mover's restores the board of before (image and prompt), and the log says so
    await fake.click(mover, board, button["custom_id"])
    await fake.idle()
    board = board_message(fake, ch)
    after = snapshot(fake, board)
    assert after[1] == before[1]  # the same take buttons
    # the same board (pile, holdings, whose turn); only its "Last:" line tells of the undo
    assert same_below_header(after[0], before[0]) and after[0] != before[0]
    assert t("host.undo", name=first) in board_status(board)
    assert waiting_names(board) == [first]
    records = await host.moves(sid)
    assert records[-1].source == "undo" and records[-1].move == {
        "type": "undo",
        "seq": int(button["custom_id"].rsplit(":", 1)[1]),
    }
    rec = await host.get(sid)
    assert host.state(rec)["pile"] == 12
    assert await host.replay(sid) == (True, "")

    # and the game goes on to its end from there
    final = await Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=5).play()
    assert sorted(n for n, _, _ in standings(final)) == ["alice", "bob"]
    assert await host.replay(sid) == (True, "")


@pytest.mark.asyncio
async def test_the_turn_clock_plays_an_idle_players_bid_and_take(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot(seed=3, ai_workers=0)
    host = world.bot.host
    lobby = await open_table(world, GAME, join=("bob",), clock="5m")
    sid = table_id(lobby)
    assert t("clock.5m") in lobby.text(history=False)
    assert "Time runs out <t:" in board_message(fake, ch).text(history=False)

    # alice bids; bob does nothing
    await dm_move(world, "alice", random.Random(1))
    assert waiting_names(board_message(fake, ch)) == ["bob"]
    [bid] = [m.move for m in await host.moves(sid)]
    res = await fake.slash(u["alice"], ch, "game hand")  # her bid, to her only
    assert res.ephemeral and t("tokenrace.hand", n=bid["n"]) in res.text(), res.text()
    # half time: bob is reminded by DM, nothing is played for him yet
    world.skew = 160
    await fake.wait_for(
        lambda: [m for m in fake.dms(u["bob"]) if m.content.startswith("⏳ Reminder")],
        timeout=5,
        what="bob's half-time reminder",
    )
    assert await move_count(world, sid) == 1
    # past the deadline: the AI bids for bob, the bids are revealed, the takes begin
    world.skew = 305
    timeout_line = t("host.timeout", name="bob")
    board = await fake.wait_for(
        lambda: (b := board_message(fake, ch)) and timeout_line in b.text(history=False) and b,
        timeout=5,
        what="bob's bid timed out on the board",
    )
    moves = await host.moves(sid)
    assert [(m.move["type"], m.source) for m in moves] == [("bid", "player"), ("bid", "timeout")]
    assert moves[1].player_id == str(u["bob"].id)
    assert "Bids of round 1:" in board.text(history=False)
    assert any(move_components(board))  # the take step, on the board
    # the taker's decision started at the reveal, with a fresh deadline: nothing more yet
    await fake.idle(quiet=0.6)
    assert await move_count(world, sid) == 2

    # the first taker is idle too: at their deadline the AI takes for them, once
    [taker] = waiting_names(board)
    world.skew = 305 + 305
    took = re.compile(re.escape(taker) + r" takes \d tokens? \(\d+ left\)")
    await fake.wait_for(
        lambda: took.search(board_message(fake, ch).text(history=False)),
        timeout=5,
        what=f"{taker}'s take timed out",
    )
    await fake.idle(quiet=0.6)
    moves = await host.moves(sid)
    assert [(m.move["type"], m.source) for m in moves][2:] == [("take", "timeout")], moves
    text = board_message(fake, ch).text(history=False)
    assert text.count(t("host.timeout", name=taker)) >= 1
    assert await host.replay(sid) == (True, "")


def english_phrases() -> set[str]:
    """The English phrases a Czech reader must never see, of the catalogue as it is now (this
    game's texts in it): ``test_czech``'s rule, not its cache (made without this game)."""
    phrases = set()
    for key, entry in i18n.CATALOGS["en"].items():
        for n, form in zip((1, 5), _forms(entry) * 2, strict=False):
            czech = i18n.translated(key, "cs", n if isinstance(entry, tuple) else None)
            if czech == form:
                continue
            for piece in _pieces(form):
                piece = " ".join(piece.replace("*", " ").replace("`", " ").split())
                piece = piece.strip(" .,:;()·—-")
                if _phrase(piece) and piece not in (czech or ""):
                    phrases.add(piece)
    return phrases


@pytest.mark.asyncio
async def test_a_czech_table_plays_in_czech(world, caplog) -> None:
    """The game's Czech texts (given with it, as a shipped game's are in the Czech
    catalogue) reach every reader: board, image words, DMs, final standings, the commands."""
    czech_world(world)
    await world.start_bot(ai_workers=0)
    i18n.set_current("cs")  # the test's own label lookups
    fake, ch, u = world.fake, world.channel, world.users
    lobby = await open_table(world, GAME, join=("bob",))
    sid = table_id(lobby)
    final = await Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=4).play()
    assert f"stůl č. {sid}" in final.embeds[0]["title"]
    assert "Závod o žetony" in final.embeds[0]["title"]
    await fake.slash(u["alice"], ch, "game rules", game=GAME)
    await fake.slash(u["alice"], ch, "game log")
    await fake.idle()
    texts = [m.text(history=True) for m in fake.all_messages(include_deleted=True)]
    phrases = english_phrases()
    assert {"has bid", "Bids of round"} <= phrases  # the check has teeth
    leaks = sorted({p for p in phrases for text in texts if p in text})
    assert leaks == [], leaks
    board = board_message(fake, ch)
    assert "bere poslední žeton: bonus +3!" in board.text(), board.text()
    [picture] = [a for a in board.attachments if a.filename == "board.png"]
    assert (picture.description or "").startswith("Závod o žetony, Kolo"), picture.description
    # /game new tokenrace carries its Czech name, description and option name
    commands = fake.commands.get(None) or next(iter(fake.commands.values()))
    game = next(c for c in commands if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    ours = next(o for o in new["options"] if o["name"] == GAME)
    assert ours["name_localizations"]["cs"] == "závod-o-žetony"
    assert "Závod o žetony" in ours["description_localizations"]["cs"]
    pile = next(o for o in ours["options"] if o["name"] == "pile")
    assert pile["name_localizations"]["cs"] == "hromádka"
    assert pile["description_localizations"]["cs"] == fifthgame.CS["tokenrace.opt.pile"]
    untranslated = [r.getMessage() for r in caplog.records if "translation for" in r.getMessage()]
    assert untranslated == [], untranslated


# -- the parts on their own ------------------------------------------------------------------


def test_the_czech_texts_pass_the_catalogue_checks() -> None:
    """What ``tests/test_catalogues.py`` asks of every shipped text, asked of this game's
    (the bot's, the image's and the commands'): a Czech entry for each, all three plural
    forms, the same fields, no "karta(y)" plurals, every character in the bundled font."""
    english = {
        **fifthgame.EN,
        **fifthgame.COMMANDS_EN,
        **{f"img.{k}": v for k, v in fifthgame.IMAGE_EN.items()},
    }
    czech = catalogues._planted(
        {
            **fifthgame.CS,
            **fifthgame.COMMANDS_CS,
            **{f"img.{k}": v for k, v in fifthgame.IMAGE_CS.items()},
        }
    )
    for check in (
        catalogues.missing_keys,
        catalogues.untranslated,
        catalogues.plural_problems,
        catalogues.placeholder_problems,
    ):
        assert check(english, czech) == [], check.__name__
    assert catalogues.paren_plurals(czech) == []
    for font in catalogues.FONTS:
        assert catalogues.missing_glyphs(english, czech, font) == []
    assert catalogues.english_paren_plurals(english) == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pile", [8, 12, 16])
def test_the_engine_keeps_the_contract(players: int, pile: int) -> None:
    """The shared invariant suite over Token race: seeded random playouts (legal moves apply,
    illegal ones are refused, views leak no bid, the envelope agrees with the engine, every
    event has its role and turns advance with turn_end events, previews and take-backs reveal
    nothing, dump/load round-trips), as every registered game gets."""
    for seed in range(2):
        assert check_playout(fifthgame.GAME, players, {"pile": pile}, seed, deep_every=1)
