"""What the rules say about a session now, asked of its engine (nothing is stored).

Who acts, their legal moves, what a move would do (``preview``), the secret decision a public
move leads to (``follow_ups``), whether a decision is secret, the seats' names as shown.
"""

from __future__ import annotations

from typing import Any

from bot.core.ai_runner import seat_label
from bot.core.sessions import Sessions
from bot.core.store.base import SessionRecord
from games.base import IllegalMove, Move, Previewable


class Queries:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    def engine_view(self, rec: SessionRecord, viewer: str | None) -> dict[str, Any]:
        """The engine's own view of ``rec`` for ``viewer`` (the envelope's ``last`` as the
        engine leaves it: see ``SessionHost.view`` for the one the bot shows)."""
        return self.sessions.game(rec.game).view(self.sessions.state(rec), viewer)

    def actors(self, rec: SessionRecord) -> list[str]:
        if rec.status != "running":
            return []
        return self.sessions.game(rec.game).actors(self.sessions.state(rec))

    def legal_moves(self, rec: SessionRecord, player: str) -> list[dict[str, Any]]:
        if rec.status != "running":
            return []
        return self.sessions.game(rec.game).legal_moves(self.sessions.state(rec), player)

    def preview(self, rec: SessionRecord, player: str, move: Move) -> dict[str, Any]:
        """What ``move`` would do now, in the rules' own numbers (``games.base.Previewable``):
        public facts for ``player`` only; ``{}`` for a game without previews, a table that is
        not running, or a move that is not legal."""
        game = self.sessions.game(rec.game)
        if rec.status != "running" or not isinstance(game, Previewable):
            return {}
        try:
            return game.preview(self.sessions.state(rec), player, move)
        except IllegalMove:
            return {}

    def follow_ups(
        self, rec: SessionRecord, player: str, move: Move
    ) -> tuple[dict[str, Any], list[Move]] | None:
        """When ``player``'s public ``move`` leads straight to a secret decision of theirs alone
        (Empire Engine: the engine card laid, then its action; the gear placed, then which gear
        it is), that decision: ``player``'s view after ``move`` and their moves then, so a
        prompt can offer both parts as one choice (``SessionHost.apply`` with ``then``). None
        otherwise. Nothing is stored."""
        if rec.status != "running":
            return None
        game, state = self.sessions.game(rec.game), self.sessions.state(rec)
        if game.is_secret(state, player, move):
            return None
        try:
            after, _ = game.apply(state, player, move)
        except IllegalMove:
            return None
        if game.is_over(after) or game.actors(after) != [player]:
            return None
        moves = game.legal_moves(after, player)
        if not moves or not all(game.is_secret(after, player, m) for m in moves):
            return None
        return game.view(after, player), moves

    def is_secret_decision(self, rec: SessionRecord, player: str) -> bool:
        """True when any of ``player``'s current moves is secret (prompt them privately)."""
        game, state = self.sessions.game(rec.game), self.sessions.state(rec)
        return any(game.is_secret(state, player, m) for m in game.legal_moves(state, player))

    def names(self, rec: SessionRecord) -> dict[str, str]:
        """Seat names as shown (an AI seat with its level: "AI 1 · hard")."""
        return {s.player_id: seat_label(s) for s in rec.seats}

    def ai_to_move(self, rec: SessionRecord) -> str | None:
        """The first AI seat that owes a move now (None: none does, or not running)."""
        if rec.status != "running" or rec.state is None:
            return None
        ai_ids = {s.player_id for s in rec.seats if s.is_ai}
        return next((p for p in self.actors(rec) if p in ai_ids), None)
