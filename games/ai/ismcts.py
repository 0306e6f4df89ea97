"""Information-set Monte Carlo tree search (single observer), generic over every game.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012), as in
OpenSpiel's ``ismcts.py``: each iteration draws a fresh state with
``game.determinize(state, me, rng)`` (never the real state), walks one tree whose edges are
moves, and counts, beside visits, how often each move was *available* in the determinisations
that reached the node (UCB uses that count instead of the parent's visits, so moves legal
only in some determinisations, such as a card an opponent may or may not hold, are fair).

Several actors at once (simultaneous secret picks: ``actors()`` lists them all): the node
keeps separate statistics per actor and each actor picks from its own, without seeing the
others' picks (decoupled UCT); the child is keyed by the joint pick. Rewards are per player
(max^n): each actor maximises its own.

Below the tree a rollout follows the game's cheap hints and stops at the hints'
``ROLLOUT_DEPTH``; a game not over by then is valued by its "score if the game ended now".
"""

from __future__ import annotations

import math
import random

from games.ai.budget import Budget
from games.ai.hints import Hints
from games.ai.playout import determinize, move_key, reward_of, rewards, rollout
from games.base import Game, IllegalMove, Move, State

EXPLORATION = 0.7

Pick = tuple[str, str, Move]  # actor, move key, move


class Edge:
    """Statistics of one move of one actor at one node."""

    __slots__ = ("visits", "total", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    """The edges per actor, and the children per joint pick."""

    __slots__ = ("edges", "children")

    def __init__(self) -> None:
        self.edges: dict[str, dict[str, Edge]] = {}
        self.children: dict[str, Node] = {}


class Search:
    """One decision's search for ``me`` (see the module docstring)."""

    def __init__(
        self, game: Game, hints: Hints, rng: random.Random, budget: Budget, me: str, depth: int
    ) -> None:
        self.game, self.hints, self.rng, self.budget = game, hints, rng, budget
        self.me, self.depth = me, depth
        self.root = Node()
        self.iterations = 0

    def run(self, state: State) -> dict[str, Edge]:
        """Iterate until the budget is spent (at least once); the root edges of ``me``."""
        while True:
            self.iterate(state)
            self.iterations += 1
            if self.budget.exhausted():
                return self.root.edges.get(self.me, {})

    def iterate(self, state: State) -> None:
        s = determinize(self.game, state, self.me, self.rng)
        self.budget.spend(1)
        node = self.root
        path: list[tuple[Node, list[Pick]]] = []
        while not self.game.is_over(s):
            picks = self.select(node, s)
            s, applied = self.play(s, picks)
            path.append((node, applied))
            key = "|".join(k for _, k, _ in applied)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
        s = rollout(self.game, s, self.hints, self.rng, self.budget, self.depth)
        values = rewards(self.game, s, self.hints)
        for visited, applied in path:
            for actor, key, _ in applied:
                edge = visited.edges[actor][key]
                edge.visits += 1
                edge.total += reward_of(values, actor)

    def select(self, node: Node, s: State) -> list[Pick]:
        """Each actor's move at ``node``: an untried one (by the hints' weights) or by UCB."""
        picks: list[Pick] = []
        for actor in self.game.actors(s):
            moves = self.game.legal_moves(s, actor)
            stats = node.edges.setdefault(actor, {})
            keyed = [(move_key(m), m) for m in moves]
            for key, _ in keyed:
                edge = stats.get(key)
                if edge is None:
                    edge = stats[key] = Edge()
                edge.available += 1
            untried = [m for key, m in keyed if stats[key].visits == 0]
            if untried:
                move = self.hints.pick(s, actor, untried, self.rng)
                picks.append((actor, move_key(move), move))
                continue
            key, move = max(keyed, key=lambda km: ucb(stats[km[0]]))
            picks.append((actor, key, move))
        return picks

    def play(self, s: State, picks: list[Pick]) -> tuple[State, list[Pick]]:
        """Apply the picks in order while each is still allowed (the first always is)."""
        applied: list[Pick] = []
        for actor, key, move in picks:
            if applied and actor not in self.game.actors(s):
                break
            try:
                s, _ = self.game.apply(s, actor, move)
            except IllegalMove:
                if not applied:
                    raise
                break
            applied.append((actor, key, move))
        self.budget.spend(len(applied))
        return s, applied


def ucb(edge: Edge) -> float:
    return edge.mean() + EXPLORATION * math.sqrt(math.log(max(edge.available, 1)) / edge.visits)


def best_move(edges: dict[str, Edge], legal: list[Move]) -> Move:
    """The most visited of the real legal moves (then the best mean, then the first listed)."""

    def rank(i: int) -> tuple[int, float, int]:
        edge = edges.get(move_key(legal[i]))
        return (edge.visits, edge.mean(), -i) if edge else (0, 0.0, -i)

    return legal[max(range(len(legal)), key=rank)]
