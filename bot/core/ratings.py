"""Ratings (OpenSkill Plackett-Luce over the human seats) and the standings read from them.

A finished game's rating update runs inside the transaction that stores its last move
(:func:`rank_rating` builds the update the store applies); :class:`Standings` answers
``/standings``, ``/stats`` and the recent results.
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

from bot.core.sessions import Sessions
from bot.core.store.base import RateFn, Rating


def conservative(mu: float, sigma: float) -> float:
    """The displayed skill: mu - 3 sigma, so a newcomer starts at 0 and climbs."""
    return mu - 3 * sigma


def rank_rating(
    outcome: list[dict[str, Any]],
    humans: set[str],
    changes: dict[str, tuple[float, float]] | None = None,
) -> RateFn:
    """An OpenSkill Plackett-Luce update for the human seats of a finished game; ``changes``
    (when given) receives each rated player's displayed skill before and after."""
    model = PlackettLuce()
    rows = [r for r in outcome if r["player"] in humans]

    def rate(current: dict[str, Rating]) -> dict[str, Rating]:
        if len(rows) < 2:
            return {}
        teams: list[list[Any]] = []
        for r in rows:
            old = current.get(r["player"])
            teams.append([model.rating(mu=old.mu, sigma=old.sigma) if old else model.rating()])
        new = model.rate(teams, ranks=[r["rank"] for r in rows])
        out: dict[str, Rating] = {}
        for r, team in zip(rows, new, strict=True):
            old = current.get(r["player"])
            out[r["player"]] = Rating(
                r["player"],
                team[0].mu,
                team[0].sigma,
                (old.games if old else 0) + 1,
                (old.wins if old else 0) + (r["rank"] == 1),
            )
            if changes is not None:
                before = old or Rating(r["player"], model.mu, model.sigma)
                changes[r["player"]] = (
                    conservative(before.mu, before.sigma),
                    conservative(team[0].mu, team[0].sigma),
                )
        return out

    return rate


def final_results(
    outcome: list[dict[str, Any]], humans: set[str]
) -> tuple[list[dict[str, Any]], RateFn, dict[str, tuple[float, float]]]:
    """A finished game's stored results (its human seats' rows), their rating update and the
    dict that update fills with each rated player's skill before and after."""
    results = [r for r in outcome if r["player"] in humans]
    changes: dict[str, tuple[float, float]] = {}
    return results, rank_rating(results, humans, changes), changes


class Standings:
    """The ratings and results of a server, read through the store."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    async def standings(self, guild_id: str | None, game_id: str | None) -> list[dict[str, Any]]:
        """Rated players of a guild (one game or all), best displayed skill first."""
        if game_id is not None:
            self.sessions.game(game_id)
        rows = await self.sessions.store.standings(guild_id, game_id)
        rows.sort(key=lambda r: conservative(r["mu"], r["sigma"]), reverse=True)
        return rows

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]:
        return await self.sessions.store.player_stats(guild_id, player_id)

    async def recent_results(
        self, guild_id: str | None, player_id: str | None, limit: int
    ) -> list[dict[str, Any]]:
        return await self.sessions.store.recent_results(guild_id, player_id, limit)
