"""A player's own tables and data (issue 27 item 3, issue 31 item 4) in the store and the
host, on both backends: ``/game mine``'s list, the export of everything stored about a
player, and forgetting them (refused at an open table; finished games replay afterwards,
under a stable anonymous id)."""

from __future__ import annotations

import json

import pytest

from bot.core import replay, userdata
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from bot.core.store.userdata import ANON_PREFIX, anon_id, swap_in_texts, swap_json
from bot.core.verify import check_session
from tests.host import pg
from tests.host.test_history import PICK3, finished
from tests.toygame import HighCard


async def running(host, channel: str, players=("u1", "u2"), guild: str = "g") -> int:
    await host.create(
        guild_id=guild,
        channel_id=channel,
        game_id="toy",
        options={"rounds": 2},
        user_id=players[0],
        user_name=players[0].upper(),
        turn_secs=3600,
    )
    for p in players[1:]:
        await host.join(channel, p, p.upper())
    return (await host.start(channel, players[0])).record.id


@pytest.mark.asyncio
async def test_my_tables_turns_first_then_others_then_lobbies(host, store, clock) -> None:
    old = await running(host, "c1", ("u2", "u1"))  # the oldest wait: but not u1's turn
    await host.apply(old, "u1", PICK3)  # u1 picked; waiting for u2 only
    clock.t += 100
    await running(host, "c2", ("u1", "u3"), guild="h")  # waits for both
    clock.t += 100
    await host.create(
        guild_id="g", channel_id="c3", game_id="toy", options={}, user_id="u1", user_name="U1"
    )
    await finished(host, clock, "c4")  # finished: not listed
    await running(host, "c5", ("u4", "u5"))  # not theirs
    tables = await userdata.my_tables(host, "u1")
    assert [(m.rec.channel_id, m.my_turn) for m in tables] == [
        ("c2", True),
        ("c1", False),
        ("c3", False),
    ]
    first = tables[0]
    assert sorted(first.waiting) == ["u1", "u3"]
    assert first.due == pytest.approx(first.since + 3600)
    assert first.since == pytest.approx(1_000_100.0)
    assert tables[1].waiting == ["u2"] and tables[1].due is not None
    assert tables[2].rec.status == "lobby" and tables[2].due is None
    # a server the bot does not share with them is left out
    only_g = await userdata.my_tables(host, "u1", shares=lambda guild: guild == "g")
    assert [m.rec.channel_id for m in only_g] == ["c1", "c3"]
    assert await userdata.my_tables(host, "nobody") == []


@pytest.mark.asyncio
async def test_the_export_holds_every_row_about_the_player(host, store, clock) -> None:
    sid = await finished(host, clock, "c1")
    await store.set_user_locale("u1", "cs")
    await store.set_user_teach("u1", True)
    await store.mark_seen("u1", "toy", ["pick"])
    other = await finished(host, clock, "c2", players=("u3", "u4"))
    await store.add_watcher(other, "u1")
    data = await userdata.export_user(host, "u1")
    assert data["format"] == "crowntable-player-data" and data["user"] == "u1"
    assert data["users"]["locale"] == "cs" and data["users"]["teach"] in (1, True)
    assert [(r["game"], r["step"]) for r in data["teach_seen"]] == [("toy", "pick")]
    assert [r["session_id"] for r in data["watching"]] == [other]
    assert [(r["session_id"], r["seat"], r["is_ai"]) for r in data["seats"]] == [(sid, 0, False)]
    assert [r["session_id"] for r in data["hosted"]] == [sid]
    assert [m["move"] for m in data["moves"]] == [PICK3, {"type": "bank"}]
    assert [(r["rank"], r["score"]) for r in data["results"]] == [(1, 4)]
    assert [r["games"] for r in data["ratings"]] == [1]
    assert data["away_log"] == []  # migration 6's table, nothing in it
    json.dumps(data)  # JSON as it stands
    # nothing of the other players
    assert all(m["session_id"] == sid for m in data["moves"])
    empty = await userdata.export_user(host, "stranger")
    assert empty["users"] is None and empty["seats"] == [] and empty["moves"] == []


@pytest.mark.asyncio
async def test_forget_me_is_refused_at_an_open_table_and_changes_nothing(host, store) -> None:
    sid = await running(host, "c1")
    await store.set_user_locale("u1", "cs")
    before = await userdata.export_user(host, "u1")
    with pytest.raises(HostError) as refused:
        await userdata.forget_user(host, "u1")
    assert refused.value.code == "still_playing" and f"#{sid}" in str(refused.value)
    after = await userdata.export_user(host, "u1")
    assert {k: v for k, v in after.items() if k != "at"} == {
        k: v for k, v in before.items() if k != "at"
    }
    # a lobby counts too, and so does a seat the AI now plays for them
    await host.abandon("c1", "u1", True)
    await host.create(
        guild_id="g", channel_id="c2", game_id="toy", options={}, user_id="u1", user_name="U1"
    )
    with pytest.raises(HostError, match="#"):
        await userdata.forget_user(host, "u1")


@pytest.mark.asyncio
async def test_forget_me_anonymises_finished_games_that_still_replay(host, store, clock) -> None:
    first = await finished(host, clock, "c1")
    second = await finished(host, clock, "c2", players=("u2", "u1"))
    await store.set_user_locale("u1", "cs")
    await store.set_user_teach("u1", True)
    await store.mark_seen("u1", "toy", ["pick", "bank"])
    await store.add_watcher(second, "u1")
    await store.set_user_locale("u2", "en")
    others_before = await store.standings("g", "toy")
    replay.CACHE.forget(first)  # (the process-wide cache: another test's table 1)
    shown = await replay.load(host, await host.get(first))  # a replay cached before
    assert "u1" in shown.names
    done = await userdata.forget_user(host, "u1")
    anon = done.anon
    assert anon.startswith(ANON_PREFIX) and anon == anon_id(await store.anon_key(), "u1")
    assert done.renamed == {"seats": 2, "moves": 3, "results": 2}
    assert done.deleted == {"ratings": 1, "users": 1, "teach_seen": 2, "watchers": 1, "away_log": 0}
    assert done.sessions == 2
    # nothing is left under their id
    data = await userdata.export_user(host, "u1")
    assert data["users"] is None
    assert all(data[k] == [] for k in ("seats", "hosted", "moves", "results", "ratings"))
    assert data["teach_seen"] == [] and data["watching"] == []
    # the games replay and verify, the id replaced everywhere in them
    for sid in (first, second):
        rec = await host.get(sid)
        assert "u1" not in rec.player_ids and anon in rec.player_ids
        assert rec.seat_of(anon).name == anon
        assert "u1" not in json.dumps(rec.state) and "u1" != rec.host_id
        assert await host.replay(sid) == (True, "")
        assert await check_session(host, sid) is None
        assert all(m.player_id != "u1" for m in await host.moves(sid))
    assert (await host.get(first)).host_id == anon
    again_shown = await replay.load(host, await host.get(first))
    assert "u1" not in again_shown.names and again_shown.names[anon] == anon
    # the others keep their ratings and settings; the anonymous id has none
    standings = await store.standings("g", "toy")
    assert [r for r in others_before if r["player_id"] != "u1"] == standings
    assert await store.user_locale("u2") == "en"
    # the history shows the stranger in their place
    rows = await store.finished_games("g", None, None, 10)
    assert {r["player_id"] for g in rows for r in g["results"]} == {anon, "u2"}
    # a second request has nothing left to do, and the same player becomes the same stranger
    again = await userdata.forget_user(host, "u1")
    assert again.anon == anon and again.sessions == 0 and again.renamed == {}


@pytest.mark.asyncio
async def test_the_anonymous_key_is_kept_and_differs_per_database(store, tmp_path) -> None:
    key = await store.anon_key()
    assert len(key) == 64 and await store.anon_key() == key
    other = SQLiteStore(tmp_path / "other.db")
    await other.open()
    try:
        assert await other.anon_key() != key
    finally:
        await other.close()
    assert anon_id(key, "u1") == anon_id(key, "u1") != anon_id(key, "u2")


@pytest.mark.asyncio
async def test_an_away_log_table_is_exported_and_cleared_when_there(host, store, clock) -> None:
    """Migration 6's ``away_log`` (vacations) is exported and cleared."""
    row = "INSERT INTO away_log VALUES ('u1', 1, 2, NULL)"
    await pg.write_behind_the_hosts_back(store, row, row)
    await finished(host, clock, "c1")
    data = await userdata.export_user(host, "u1")
    assert [(r["started"], r["until"], r["ended"]) for r in data["away_log"]] == [(1, 2, None)]
    done = await userdata.forget_user(host, "u1")
    assert done.deleted["away_log"] == 1
    assert (await userdata.export_user(host, "u1"))["away_log"] == []


def test_ids_are_replaced_by_value_and_in_the_bookkeeping_texts() -> None:
    text = json.dumps({"block": {"attacker": "42", "target": "7"}, "42": [42, "420", "x42"]})
    swapped = json.loads(swap_json(text, "42", "anon-x"))
    assert swapped == {"anon-x": [42, "420", "x42"], "block": {"attacker": "anon-x", "target": "7"}}
    assert swap_json(text, "99", "anon-x") == text  # untouched rows stay as they are
    log = {"log": ["<@42> took a card", "<@!42> passed; <@420> too", "420 and 42"]}
    assert swap_in_texts(log, "42", "anon-x") == {
        "log": ["anon-x took a card", "anon-x passed; <@420> too", "420 and anon-x"]
    }


@pytest.mark.asyncio
async def test_bookkeeping_mentions_are_rewritten(host, store, clock) -> None:
    sid = await finished(host, clock, "c1")
    rec = await host.get(sid)
    await store.set_meta(sid, {"log": ["<@u1> picked"], "players": {"u1": {"seen": 3}}}, None)
    await userdata.forget_user(host, "u1")
    after = await host.get(sid)
    anon = [p for p in after.player_ids if p.startswith(ANON_PREFIX)][0]
    assert after.meta == {"log": [f"{anon} picked"], "players": {anon: {"seen": 3}}}
    assert after.version == rec.version + 1  # other processes' caches see it changed


class Tagged(HighCard):
    """High card whose state also spells the players inside one text (a composite string the
    exact rewrite cannot see): renaming a player would break its replay."""

    def start(self, players, options, seed):
        return {**super().start(players, options, seed), "tag": "+".join(players)}


@pytest.mark.asyncio
async def test_a_game_that_would_not_replay_stops_forgetting(store, clock) -> None:
    seeds = iter(range(1, 100))
    tagged = SessionHost(
        store, registry={"toy": Tagged()}, now=clock, seed_source=lambda: next(seeds)
    )
    sid = await finished(tagged, clock, "c1")
    await store.set_user_locale("u1", "cs")
    with pytest.raises(HostError) as refused:
        await userdata.forget_user(tagged, "u1")
    assert refused.value.code == "forget_unsafe" and f"#{sid}" in str(refused.value)
    # nothing changed
    assert "u1" in (await tagged.get(sid)).player_ids
    assert await store.user_locale("u1") == "cs"
    assert await tagged.replay(sid) == (True, "")


async def empire_engine_with_a_steal(store, clock) -> tuple[SessionHost, int, str]:
    """A whole 3-player Empire Engine game through the host, random moves, until one of them
    names another player (a ``steal`` has a target): (host, table, that player)."""
    import random

    import games

    for seed in range(2, 8):
        registry = dict(games.REGISTRY)
        ee = SessionHost(store, registry=registry, now=clock, seed_source=lambda s=seed: s)
        channel = f"ee{seed}"
        await ee.create(
            guild_id="g", channel_id=channel, game_id="empire_engine", options={},
            user_id="p1", user_name="P1",
        )  # fmt: skip
        for p in ("p2", "p3"):
            await ee.join(channel, p, p.upper())
        sid = (await ee.start(channel, "p1")).record.id
        rng, named = random.Random(seed), None
        while (rec := await ee.current(sid)).status == "running":
            player = ee.actors(rec)[0]
            move = rng.choice(ee.legal_moves(rec, player))
            named = named or next((v for v in move.values() if v in ("p1", "p2", "p3")), None)
            await ee.apply(sid, player, move)
        if named is not None:
            return ee, sid, named
    raise AssertionError("no move named a player")


@pytest.mark.asyncio
async def test_a_move_naming_the_player_is_rewritten_and_replays(store, clock) -> None:
    ee, sid, target = await empire_engine_with_a_steal(store, clock)
    before = [m.move for m in await ee.moves(sid)]
    done = await userdata.forget_user(ee, target)
    after = await ee.moves(sid)
    assert all(target not in json.dumps(m.move) and m.player_id != target for m in after)
    changed = [a.move for a, b in zip(after, before, strict=True) if a.move != b]
    assert changed and all(done.anon in json.dumps(m) for m in changed)
    assert await ee.replay(sid) == (True, "")
    assert await check_session(ee, sid) is None
