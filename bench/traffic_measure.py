"""The figures of one played game (bench/traffic_play.py), read from what the fake Discord
recorded: requests by route, channel messages, mentions that notify, DMs, "(s)" plurals, and
the turn changes replayed from the stored seed and move log."""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

import games
from bench.traffic_play import PlayedGame, users_of
from bench.traffic_routes import (
    CHANNEL_LIMITS,
    GLOBAL_LIMIT,
    channel_bucket,
    counts_globally,
    route_label,
)
from bot.text.i18n import has, t

MENTION = re.compile(r"<@!?(\d+)>")
#: "1 goods"-style number disagreement, over the nouns the four games count
ONE_PLURAL = re.compile(
    r"(?<![\d/.])1 (soldiers|goods|inventions|cards|coins|meeples|points|coats|"
    r"visits|resources|villages|gears|players|moves|regions|territories|"
    r"VPs|mana|wars|alliances|rounds|cubes|workers|knights)\b"
)
PLURAL = re.compile(r"\w+\((?:s|es|ies)\)")
DM_WORDS = re.compile(r"\bDMs?\b|direct message", re.IGNORECASE)


@dataclass
class Mention:
    player: str
    step: int
    moves: int  # moves in the log when it was sent
    text: str


@dataclass
class Figures:
    game: str
    players: int
    seed: int
    dms_closed: bool
    seconds: float
    moves: int
    actions: int
    open_prompt_clicks: int
    refusals: int
    turn_changes: int
    turn_starts: dict[str, int]
    requests: int
    lobby_requests: int
    per_move: float
    global_per_move: float
    #: requests per player action (a click that chose something): a chained choice is two
    #: moves in one action, a move the host played as the only one is no action at all
    per_action: float
    routes: dict[str, int]
    bound_global: float
    bound_naive: float
    channel_buckets: dict[str, dict[str, float]]
    bound_channel: float
    channel_messages: int
    channel_messages_per_turn_change: float
    mentions: dict[str, int]
    mentions_per_turn: dict[str, float]
    mentions_per_turn_change: dict[str, float]
    mentions_off_turn: int
    notifications_per_turn: dict[str, float]
    dm_notices: dict[str, int]
    dms: dict[str, int]
    dm_edits: dict[str, int]
    hand_dms: dict[str, int]
    hand_dms_after_own_move: dict[str, int]
    plurals: dict[str, int]
    plural_versions: int
    one_plurals: dict[str, int]
    probes: dict[str, str]
    #: click -> first callback, milliseconds (the UPDATE_MESSAGE carries the rendered board)
    ack_ms: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def template_regex(key: str) -> re.Pattern[str] | None:
    """A catalogue text as a regex ({placeholders} match anything); None if the key is gone."""
    if not has(key):
        return None
    pieces = re.split(r"\{[^}]*\}", t(key))
    return re.compile(".*".join(re.escape(p) for p in pieces), re.DOTALL)


def actor_sets(played: PlayedGame) -> list[frozenset[str]]:
    """The acting players (names) before the first move and after each move of the log."""
    rec = played.record
    game = games.REGISTRY[rec.game]
    names = {s.player_id: s.name for s in rec.seats}
    state = game.setup(rec.player_ids, dict(rec.options), rec.seed)
    sets = [frozenset(names[p] for p in game.actors(state))]
    for m in played.moves:
        state, _ = game.apply(state, m.player_id, m.move)
        sets.append(
            frozenset(names[p] for p in game.actors(state))
            if not game.is_over(state)
            else frozenset()
        )
    return sets


def turn_starts(sets: list[frozenset[str]]) -> tuple[list[int], dict[str, list[int]]]:
    """Turn changes (move counts at which somebody not acting before now acts) and, per player,
    the move counts at which each of their turns began (0: acting from the start)."""
    changes: list[int] = []
    starts: dict[str, list[int]] = {}
    before: frozenset[str] = frozenset()
    for j, now in enumerate(sets):
        new = now - before
        if new:
            changes.append(j)
            for p in new:
                starts.setdefault(p, []).append(j)
        before = now
    return changes, starts


def step_requests(played: PlayedGame) -> list[tuple[int, Any]]:
    """(step index, request) for every request of the game, from the Start click on."""
    out: list[tuple[int, Any]] = []
    for i, step in enumerate(played.steps):
        out.extend((i, r) for r in played.fake.requests[step.first : step.last])
    return out


def game_channel_id(played: PlayedGame) -> int:
    """The game channel's id."""
    return int(getattr(played.world.channel, "id"))  # noqa: B009


def dm_channels(played: PlayedGame) -> dict[int, str]:
    """DM channel id -> player name."""
    return {
        u.dm_channel.id: name
        for name, u in users_of(played.world).items()
        if u.dm_channel is not None
    }


def creates_message(req: Any, channel_id: int) -> bool:
    """A request that created a message everyone in the game channel sees."""
    body = req.json if isinstance(req.json, dict) else {}
    if req.status is None or req.status >= 400:
        return False
    if req.method == "POST" and req.path == f"/channels/{channel_id}/messages":
        return True
    if req.path.endswith("/callback") and body.get("type") in (4, 5):
        return not int((body.get("data") or {}).get("flags") or 0) & 64
    if req.method == "POST" and req.path.startswith("/webhooks/") and "/messages" not in req.path:
        return not int(body.get("flags") or 0) & 64
    return False


def notified(req: Any, user_id: str) -> bool:
    """Whether a created message's mention of ``user_id`` notifies them (allowed_mentions)."""
    body = req.json if isinstance(req.json, dict) else {}
    if req.path.endswith("/callback"):
        body = body.get("data") or {}
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return True  # Discord's default: every mention in the content notifies
    return "users" in (allowed.get("parse") or []) or user_id in (allowed.get("users") or [])


def content_of(req: Any) -> str:
    body = req.json if isinstance(req.json, dict) else {}
    if req.path.endswith("/callback"):
        body = body.get("data") or {}
    return str(body.get("content") or "")


def mentions(played: PlayedGame, reqs: list[tuple[int, Any]]) -> tuple[list[Mention], int]:
    """Every notifying mention in a created channel message, and the number of such messages."""
    by_id = {str(u.id): name for name, u in users_of(played.world).items()}
    out, created = [], 0
    for i, req in reqs:
        if not creates_message(req, game_channel_id(played)):
            continue
        created += 1
        text = content_of(req)
        for uid in dict.fromkeys(MENTION.findall(text)):
            if uid in by_id and notified(req, uid):
                out.append(Mention(by_id[uid], i, played.steps[i].moves_after, text))
    return out, created


def per_turn(
    ms: list[Mention], starts: dict[str, list[int]], sets: list[frozenset[str]]
) -> tuple[dict[str, float], int]:
    """Mentions of each player within each of their turns (from the move count their turn began
    to the next one's): max and mean over all players' turns; and the mentions of a player who
    was not acting at that moment."""
    counts: Counter[tuple[str, int]] = Counter()
    off = 0
    for m in ms:
        begun = [j for j in starts.get(m.player, []) if j <= m.moves]
        if not begun or m.player not in sets[min(m.moves, len(sets) - 1)]:
            off += 1
            continue
        counts[(m.player, begun[-1])] += 1
    turns = [counts.get((p, j), 0) for p, js in starts.items() for j in js]
    return _max_mean(turns), off


def per_turn_change(ms: list[Mention], changes: list[int]) -> dict[str, float]:
    """Mentions (all players) between one turn change and the next: max and mean."""
    counts: Counter[int] = Counter()
    for m in ms:
        begun = [j for j in changes if j <= m.moves]
        counts[begun[-1] if begun else -1] += 1
    return _max_mean([counts.get(j, 0) for j in changes])


def _max_mean(values: list[int]) -> dict[str, float]:
    return {
        "max": float(max(values, default=0)),
        "mean": round(statistics.fmean(values), 2) if values else 0.0,
    }


def dm_notifications(played: PlayedGame, reqs: list[tuple[int, Any]]) -> list[Mention]:
    """Every DM created (each one notifies its reader), as a Mention of its recipient."""
    channels = dm_channels(played)
    out = []
    for i, req in reqs:
        found = re.match(r"^/channels/(\d+)/messages$", req.path)
        who = channels.get(int(found.group(1))) if found else None
        if who is not None and req.method == "POST" and req.status and req.status < 400:
            out.append(Mention(who, i, played.steps[i].moves_after, "DM"))
    return out


def dm_kind(req: Any, hand_title: re.Pattern[str] | None) -> str:
    body = req.json if isinstance(req.json, dict) else {}
    flat = repr(body.get("components") or [])
    if "ct:m:" in flat or "ct:s:" in flat:
        return "prompt"
    titles = [str(e.get("title") or "") for e in body.get("embeds") or []]
    if hand_title is not None and any(hand_title.fullmatch(x) for x in titles):
        return "hand"
    return "other"


def dm_figures(played: PlayedGame, reqs: list[tuple[int, Any]]) -> dict[str, dict[str, int]]:
    """Per player: DMs created, DM edits, hand DMs, hand DMs caused by their own action."""
    channels = dm_channels(played)
    hand_title = template_regex("hand.title")
    out: dict[str, dict[str, int]] = {
        k: dict.fromkeys(played.humans, 0) for k in ("dms", "edits", "hand", "hand_own")
    }
    for i, req in reqs:
        found = re.match(r"^/channels/(\d+)/messages", req.path)
        who = channels.get(int(found.group(1))) if found else None
        if who is None or req.status is None or req.status >= 400:
            continue
        if req.method == "PATCH":
            out["edits"][who] += 1
        if req.method != "POST":
            continue
        out["dms"][who] += 1
        if dm_kind(req, hand_title) == "hand":
            out["hand"][who] += 1
            step = played.steps[i]
            out["hand_own"][who] += int(step.player == who and step.kind != "start")
    return out


def one_plurals(played: PlayedGame) -> dict[str, int]:
    """ "1 goods"-style disagreements: "1 <noun>s" -> message versions showing it."""
    words: Counter[str] = Counter()
    for msg in played.fake.all_messages(include_deleted=True):
        for v in msg.versions:
            words.update({f"1 {w}" for w in ONE_PLURAL.findall(_version_text(v)) if w != "mana"})
    return dict(words.most_common())


def plurals(played: PlayedGame) -> tuple[dict[str, int], int]:
    """ "card(s)"-style words in every version of every message the bot sent (channel, DMs,
    ephemerals, deleted ones too): word -> versions showing it, and the versions with any."""
    words: Counter[str] = Counter()
    versions = 0
    for msg in played.fake.all_messages(include_deleted=True):
        for v in msg.versions:
            found = set(PLURAL.findall(_version_text(v)))
            words.update(found)
            versions += bool(found)
    return dict(words.most_common()), versions


def _version_text(v: dict[str, Any]) -> str:
    parts = [v.get("content") or ""]
    for e in v.get("embeds") or []:
        parts += [
            e.get("title") or "",
            e.get("description") or "",
            (e.get("footer") or {}).get("text") or "",
        ]
        parts += [f"{f.get('name')} {f.get('value')}" for f in e.get("fields") or []]
    parts.append(repr(v.get("components") or []))
    return "\n".join(parts)


def route_figures(played: PlayedGame, reqs: list[tuple[int, Any]], moves: int) -> dict[str, Any]:
    channels = set(dm_channels(played))
    routes: Counter[str] = Counter()
    buckets: Counter[str] = Counter()
    global_count = 0
    for _, req in reqs:
        routes[route_label(req.method, req.path, req.json, channels)] += 1
        global_count += counts_globally(req.path)
        bucket = channel_bucket(req.method, req.path, channels)
        if bucket and req.path.startswith(f"/channels/{game_channel_id(played)}/"):
            buckets[bucket] += 1
    per = max(moves, 1)
    per_bucket = {}
    for tpl, n in buckets.items():
        limit, window = CHANNEL_LIMITS[tpl]
        per_bucket[tpl] = {
            "per_move": round(n / per, 3),
            "moves_per_s": round(limit / window / (n / per), 2),
        }
    return {
        "requests": len(reqs),
        "per_move": round(len(reqs) / per, 2),
        "global_per_move": round(global_count / per, 2),
        "routes": dict(routes.most_common()),
        "bound_global": round(GLOBAL_LIMIT / max(global_count / per, 1e-9), 1),
        "bound_naive": round(GLOBAL_LIMIT / max(len(reqs) / per, 1e-9), 1),
        "channel_buckets": per_bucket,
        "bound_channel": min((b["moves_per_s"] for b in per_bucket.values()), default=0.0),
    }


def ack_figures(played: PlayedGame) -> dict[str, float]:
    """How long the bot took to answer the clicks of the game (the fake's dispatch -> first
    callback): median, 95th percentile and max in ms, and the share acknowledged first."""
    lat = sorted(
        i.ack_latency * 1000 for i in played.fake.interactions() if i.ack_latency is not None
    )
    if not lat:
        return {}
    deferred = sum(i.response_type == 6 for i in played.fake.interactions())
    return {
        "median": round(statistics.median(lat), 1),
        "p95": round(lat[int(0.95 * (len(lat) - 1))], 1),
        "max": round(lat[-1], 1),
        "deferred": float(deferred),
        "clicks": float(len(lat)),
    }


def figures(played: PlayedGame, seed: int, dms_closed: bool) -> Figures:
    """Everything the bench prints about one game."""
    reqs = step_requests(played)
    sets = actor_sets(played)
    changes, starts = turn_starts(sets)
    ms, created = mentions(played, reqs)
    moves = len(played.moves)
    turns_mean, off = per_turn(ms, starts, sets)
    dms = dm_figures(played, reqs)
    words, plural_versions = plurals(played)
    lobby = played.lobby_requests[1] - played.lobby_requests[0]
    steps = played.steps[1:]
    return Figures(
        game=played.game,
        players=len(played.humans),
        seed=seed,
        dms_closed=dms_closed,
        seconds=round(played.seconds, 1),
        moves=moves,
        actions=sum(s.kind != "open" for s in steps),
        open_prompt_clicks=sum(s.kind == "open" for s in steps),
        refusals=len(played.refusals),
        turn_changes=len(changes),
        turn_starts={p: len(starts.get(p, [])) for p in played.humans},
        lobby_requests=lobby,
        **route_figures(played, reqs, moves),
        per_action=round(len(reqs) / max(sum(s.kind != "open" for s in steps), 1), 2),
        channel_messages=created,
        channel_messages_per_turn_change=round(created / max(len(changes), 1), 2),
        mentions={p: sum(m.player == p for m in ms) for p in played.humans},
        mentions_per_turn=turns_mean,
        mentions_per_turn_change=per_turn_change(ms, changes),
        mentions_off_turn=off,
        notifications_per_turn=per_turn(ms + dm_notifications(played, reqs), starts, sets)[0],
        dm_notices={
            p: sum(m.player == p and bool(DM_WORDS.search(m.text)) for m in ms)
            for p in played.humans
        },
        dms=dms["dms"],
        dm_edits=dms["edits"],
        hand_dms=dms["hand"],
        hand_dms_after_own_move=dms["hand_own"],
        plurals=words,
        plural_versions=plural_versions,
        one_plurals=one_plurals(played),
        probes=played.probes,
        ack_ms=ack_figures(played),
        notes=[f"refused: {r}" for r in played.refusals[:5]],
    )
