"""The bench's output: one block per game, a summary table, and a readable transcript of
everything a game sent (bench/traffic.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.traffic_measure import Figures, dm_channels
from bench.traffic_play import PlayedGame
from bench.traffic_routes import route_label

COLUMNS = [
    ("game", "game", "{}"),
    ("moves", "moves", "{}"),
    ("turn chg", "turn_changes", "{}"),
    ("req/move", "per_move", "{:.2f}"),
    ("glob/move", "global_per_move", "{:.2f}"),
    ("req/action", "per_action", "{:.2f}"),
    ("requests", "requests", "{}"),
    ("moves/s", "bound_global", "{:.1f}"),
    ("naive", "bound_naive", "{:.1f}"),
    ("table/s", "bound_channel", "{:.2f}"),
    ("ch msgs", "channel_messages", "{}"),
    ("/turn chg", "channel_messages_per_turn_change", "{:.2f}"),
]


def _players(values: dict[str, int]) -> str:
    return " ".join(f"{p} {n}" for p, n in values.items())


def summary_table(results: list[Figures]) -> str:
    head = COLUMNS + [
        ("ment max/turn", None, None),
        ("ment mean/turn", None, None),
        ("notif max/turn", None, None),
        ("notif mean/turn", None, None),
        ("DMs/player", None, None),
        ("DM notices/player", None, None),
    ]
    rows = [[h for h, _, _ in head]]
    for f in results:
        row = [fmt.format(getattr(f, attr)) for _, attr, fmt in COLUMNS]
        dms = list(f.dms.values())
        row += [
            f"{f.mentions_per_turn['max']:.0f}",
            f"{f.mentions_per_turn['mean']:.2f}",
            f"{f.notifications_per_turn['max']:.0f}",
            f"{f.notifications_per_turn['mean']:.2f}",
            f"{sum(dms) / max(len(dms), 1):.1f}",
            f"{max(f.dm_notices.values(), default=0)}",
        ]
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = [
        "  ".join(
            c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    lines.insert(1, "-" * len(lines[0]))
    legend = (
        "moves/s: one bot under the global 50 requests/s (interaction endpoints exempt); "
        "naive: counting every request;\ntable/s: one table under its channel's "
        "per-route limits; ment = notifying mentions of one player in one of their turns;\n"
        "notif = mentions + DMs created (each DM notifies) of one player in one of their "
        "turns"
    )
    return "\n".join(["", "SUMMARY", *lines, legend])


def game_block(f: Figures) -> str:
    closed = ", DMs closed" if f.dms_closed else ""
    out = [
        f"== {f.game}: {f.players} players, seed {f.seed}{closed} ({f.seconds:.0f} s)",
        f"moves {f.moves}, player actions {f.actions}, Open-my-prompt clicks "
        f"{f.open_prompt_clicks}, refusals {f.refusals}, turn changes {f.turn_changes} "
        f"(turns begun: {_players(f.turn_starts)})",
        f"requests {f.requests} = {f.per_move:.2f} per move ({f.global_per_move:.2f} on the "
        f"global budget), {f.per_action:.2f} per player action; lobby before Start: "
        f"{f.lobby_requests}",
        f"bound: {f.bound_global:.1f} moves/s per bot under 50 req/s "
        f"({f.bound_naive:.1f} if every request counted); {f.bound_channel:.2f} moves/s "
        f"per table under the channel limits",
    ]
    if f.ack_ms:
        a = f.ack_ms
        out.append(
            f"click answered (first callback) in ms: median {a['median']:.0f}, p95 "
            f"{a['p95']:.0f}, max {a['max']:.0f}; acknowledged first (deferred): "
            f"{a['deferred']:.0f} of {a['clicks']:.0f}"
        )
    out.append(f"  {'route':44} {'count':>6} {'/move':>7}")
    for label, n in f.routes.items():
        out.append(f"  {label:44} {n:6} {n / max(f.moves, 1):7.3f}")
    for tpl, b in f.channel_buckets.items():
        out.append(
            f"  channel bucket {tpl}: {b['per_move']:.3f}/move -> {b['moves_per_s']:.2f} moves/s"
        )
    out += [
        f"channel messages created {f.channel_messages} "
        f"({f.channel_messages_per_turn_change:.2f} per turn change)",
        f"mentions (notifying): {_players(f.mentions)}; per player-turn max "
        f"{f.mentions_per_turn['max']:.0f} mean {f.mentions_per_turn['mean']:.2f}; per turn "
        f"change max {f.mentions_per_turn_change['max']:.0f} mean "
        f"{f.mentions_per_turn_change['mean']:.2f}; to a player not acting "
        f"{f.mentions_off_turn}",
        f"notifications (mentions + DMs created) per player-turn: max "
        f"{f.notifications_per_turn['max']:.0f} mean {f.notifications_per_turn['mean']:.2f}",
        f"DMs created: {_players(f.dms)}; DM edits: {_players(f.dm_edits)}",
        f"  'your hand' DMs: {_players(f.hand_dms)}; of them right after the player's own "
        f"action: {_players(f.hand_dms_after_own_move)}",
        f"channel notices about DMs: {_players(f.dm_notices)}",
        f"'(s)' plurals in {f.plural_versions} message versions: "
        + (", ".join(f"{w} x{n}" for w, n in f.plurals.items()) or "none"),
        "'1 <plural noun>' in message versions: "
        + (", ".join(f"{w!r} x{n}" for w, n in f.one_plurals.items()) or "none"),
    ]
    out += [f"refusal probe, {k}: {v}" for k, v in f.probes.items()]
    out += [f"  note: {n}" for n in f.notes]
    return "\n".join(out) + "\n"


# -- transcript ------------------------------------------------------------------------------
def _audience(played: PlayedGame, req: Any, player: str, dms: dict[int, str]) -> str:
    body = req.json if isinstance(req.json, dict) else {}
    data = body.get("data") or {} if req.path.endswith("/callback") else body
    if int(data.get("flags") or 0) & 64:
        return f"ephemeral to {player}"
    if req.path == "/users/@me/channels":
        return "DM setup"
    for cid, who in dms.items():
        if req.path.startswith(f"/channels/{cid}/"):
            return f"DM to {who}"
    if req.path.startswith(("/interactions/", "/webhooks/")):
        return f"interaction of {player}"
    return "#herna"


def _message_text(req: Any) -> list[str]:
    body = req.json if isinstance(req.json, dict) else {}
    data = (body.get("data") or {}) if req.path.endswith("/callback") else body
    lines = []
    if data.get("content"):
        lines.append(f"    content: {data['content']}")
    for e in data.get("embeds") or []:
        lines.append(f"    [embed] {e.get('title') or ''}")
        lines += [f"      {x}" for x in (e.get("description") or "").splitlines()]
        lines += [f"      ({f.get('name')}) {f.get('value')}" for f in e.get("fields") or []]
    labels = _labels(data.get("components") or [])
    if labels:
        lines.append(f"    components: {' | '.join(labels)}")
    if req.files:
        lines.append(f"    files: {', '.join(n for n, _ in req.files)}")
    return lines


def _labels(components: list[dict[str, Any]]) -> list[str]:
    out = []
    for c in components:
        if c.get("type") == 1:
            out += _labels(c.get("components") or [])
        elif c.get("type") == 2:
            out.append(f"[{c.get('label') or c.get('emoji', {}).get('name', '?')}]")
        elif c.get("options"):
            opts = ", ".join(o.get("label", "") for o in c["options"][:6])
            more = f" +{len(c['options']) - 6}" if len(c["options"]) > 6 else ""
            out.append(f"<{c.get('placeholder') or 'select'}: {opts}{more}>")
    return out


def write_transcript(played: PlayedGame, path: Path) -> None:
    """Every request of the game in order under the action that caused it, with the text of
    every message created or edited (who saw it), and the moves each action made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    dms = dm_channels(played)
    names = {s.player_id: s.name for s in played.record.seats}
    lines: list[str] = []
    done = 0
    for i, step in enumerate(played.steps):
        made = played.moves[done : step.moves_after]
        done = step.moves_after
        moved = "; ".join(f"{names.get(m.player_id)}: {json.dumps(m.move)}" for m in made)
        lines.append(f"\n### step {i}: {step.player} via {step.kind} -> moves {moved or '-'}")
        for req in played.fake.requests[step.first : step.last]:
            label = route_label(req.method, req.path, req.json, set(dms))
            status = "" if req.status and req.status < 400 else f" -> {req.status}"
            lines.append(f"  {label} ({_audience(played, req, step.player, dms)}){status}")
            lines += _message_text(req)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
