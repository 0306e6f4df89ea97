"""custom_id formats. Every component carries the session id (and the version it was made at),
so it keeps working after a restart and a stale click can be recognised.

    ct:l:<session>:<action>              lobby button (join, leave, ai, start, cancel,
                                         options, invite)
    ct:lo:<session>                      the lobby's options panel: which option to change
    ct:lm:<session>:<option>             the modal changing one option (in memory only)
    ct:iv:<session>                      the lobby's "invite these members" user select
    ct:ij:<session>                      an invitation's Join, in the invitee's DM
    ct:a:<session>                       the lobby's "add an AI of this level" select
    ct:m:<session>:<version>:<hash>      a move button (<hash>.<hash>: a public move and
                                         the secret decision it leads to, in one choice)
    ct:s:<session>:<version>:<page>      a move select menu (values are move hashes)
    ct:p:<session>:<version>:<page>      a page button of a long prompt
    ct:o:<session>                       "open my prompt" (ephemeral fallback for closed DMs)
    ct:h:<session>                       "my hand / my view" (ephemeral private image)
    ct:rp:<session>:<frame>:<action>     a replay's ⏮ ◀ ▶ ⏭ (first, prev, next, last) at a frame
    ct:r:<session>                       "rematch" under a finished game's final standings
    ct:u:<session>:<seq>                 "undo": take back move <seq> of the log (its mover)
    ct:w:<session>:<on|off>              "watch" on a board / "stop watching" in the DM
    ct:q:<session>:<version>             a prompt's "?": the reference of what it offers
    ct:y:<session>:<version>             a prompt's "Why?": what each option does now
    ct:rt:<game>                         the rules' topic select (values are topic ids)
    ct:hr:<game>                         /help's button to a game's rules
"""

from __future__ import annotations

import hashlib
from typing import Any

from games.base import canonical

HASH_LEN = 10


def move_hash(move: dict[str, Any]) -> str:
    return hashlib.sha1(canonical(move).encode()).hexdigest()[:HASH_LEN]


CHAIN = "."  # joins the two move hashes of a chained choice


def chain_hash(move: dict[str, Any], then: dict[str, Any]) -> str:
    return f"{move_hash(move)}{CHAIN}{move_hash(then)}"


def split_digest(digest: str) -> tuple[str, str | None]:
    """(first move hash, the follow-up's hash or None) of a button's or option's digest."""
    first, _, then = digest.partition(CHAIN)
    return first, (then or None)


def find_move(moves: list[dict[str, Any]], digest: str) -> dict[str, Any] | None:
    return next((m for m in moves if move_hash(m) == digest), None)


def lobby_id(session: int, action: str) -> str:
    return f"ct:l:{session}:{action}"


def lobby_ai_id(session: int) -> str:
    return f"ct:a:{session}"


def move_id(session: int, version: int, move: dict[str, Any]) -> str:
    return f"ct:m:{session}:{version}:{move_hash(move)}"


def select_id(session: int, version: int, page: int) -> str:
    return f"ct:s:{session}:{version}:{page}"


def page_id(session: int, version: int, page: int) -> str:
    return f"ct:p:{session}:{version}:{page}"


def open_id(session: int) -> str:
    return f"ct:o:{session}"


def hand_id(session: int) -> str:
    return f"ct:h:{session}"


def rematch_id(session: int) -> str:
    return f"ct:r:{session}"


def undo_id(session: int, seq: int) -> str:
    return f"ct:u:{session}:{seq}"


def watch_id(session: int, on: bool) -> str:
    return f"ct:w:{session}:{'on' if on else 'off'}"


def replay_id(session: int, frame: int, action: str) -> str:
    return f"ct:rp:{session}:{frame}:{action}"


def refs_id(session: int, version: int) -> str:
    return f"ct:q:{session}:{version}"


def why_id(session: int, version: int) -> str:
    return f"ct:y:{session}:{version}"


def rules_topic_id(game: str) -> str:
    return f"ct:rt:{game}"


def help_rules_id(game: str) -> str:
    return f"ct:hr:{game}"
