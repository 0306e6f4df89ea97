"""What the web surface (:mod:`bot.web`) gets from the bot: :class:`WebBridge`, the
:class:`bot.web.bridge.Bridge` over the running client. The options are the chat's own
(:func:`bot.adapter.prompts.choices`, with the same follow-ups, previews and move hashes),
a move goes through the chat's one path (:func:`bot.adapter.moves.play_move`), **Why?** and
the card reference are the chat's texts."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.adapter import custom_ids as ids
from bot.adapter.handlers.rules import closest, entry_text, find_ref
from bot.adapter.handlers.why import why_lines
from bot.adapter.moves import play_move
from bot.adapter.prompts import choices, clip
from bot.adapter.publishing import NotShown, name_fn
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import game_title, t
from bot.text.refusals import refusal_text
from games.base import IllegalMove

if TYPE_CHECKING:
    from bot.adapter.client import Crowntable

NAMES_KEPT = 1000


def options(host: SessionHost, rec: SessionRecord, viewer: str) -> list[dict[str, Any]]:
    """``viewer``'s options as the chat's prompt offers them (web-protocol.md ``moves``): a
    public move leading to a secret decision carries its follow-ups in ``then``."""
    moves = host.legal_moves(rec, viewer)
    if not moves:
        return []
    presenter, view, name = presenters.get(rec.game), host.view(rec, viewer), name_fn(rec)
    by_hash = {ids.move_hash(m): m for m in moves}
    offered = choices(
        presenter,
        view,
        moves,
        name,
        follow=lambda m: host.follow_ups(rec, viewer, m),
        preview=lambda m: host.preview(rec, viewer, m),
    )
    out: list[dict[str, Any]] = []
    chained: dict[str, dict[str, Any]] = {}
    for choice in offered:
        first, second = ids.split_digest(choice.digest)
        move = by_hash[first]
        if second is None:
            out.append(_option(choice.digest, choice.label, move, choice.description))
            continue
        parent = chained.get(first)
        if parent is None:
            facts = host.preview(rec, viewer, move)
            label = presenter.move_label(view, move, name, facts) or str(move.get("type"))
            parent = chained[first] = _option(first, label, move, None)
            parent["then"] = []
            out.append(parent)
        follow = host.follow_ups(rec, viewer, move)
        then = ids.find_move(follow[1], second) if follow is not None else None
        if then is not None:
            parent["then"].append(_option(choice.digest, choice.label, then, choice.description))
    return out


def _option(digest: str, label: str, move: dict[str, Any], about: str | None) -> dict[str, Any]:
    option: dict[str, Any] = {"id": digest, "label": clip(label, 80), "move": move}
    if about:
        option["description"] = about
    return option


def reference(host: SessionHost, rec: SessionRecord, term: str) -> str:
    """The chat's ``/game card`` page of ``term`` in ``rec``'s game (or its refusal)."""
    presenter = presenters.get(rec.game)
    refs = presenter.references()
    game = game_title(rec.game, host.game(rec.game).title)
    if not refs:
        return t("card.none", game=game)
    ref = find_ref(refs, term)
    if ref is None:
        return t(
            "card.unknown", game=game, name=clip(term, 60), names=", ".join(closest(refs, term))
        )
    return entry_text(presenter, ref)


class WebBridge:
    def __init__(self, client: Crowntable) -> None:
        self.client = client
        self._names: dict[str, str] = {}
        #: told of a web move as soon as it is stored, before the chat's publication (the
        #: sockets' frames need not wait for the board image and Discord's answers)
        self.on_stored: Callable[[SessionRecord], None] | None = None

    @property
    def host(self) -> SessionHost:
        return self.client.host

    def options(self, rec: SessionRecord, viewer: str) -> list[dict[str, Any]]:
        return options(self.host, rec, viewer)

    async def play(self, session: int, user: str, digest: str, version: int) -> None:
        async with self.client.working():
            try:
                await play_move(self.client, session, user, digest, version, stored=self.on_stored)
            except NotShown:  # stored; the chat catches up on the clock's next tick
                pass

    def why(self, rec: SessionRecord, user: str) -> str:
        lines = why_lines(self.host, rec, user) or [t("why.none")]
        return "\n".join([t("why.title"), *lines])

    def reference(self, rec: SessionRecord, term: str) -> str:
        return reference(self.host, rec, term)

    def refusal(self, exc: Exception, game: str | None) -> str | None:
        if isinstance(exc, HostError):
            return exc.text()
        if isinstance(exc, IllegalMove):
            return refusal_text(exc, game)
        return None

    async def locale(self, rec: SessionRecord | None, user: str | None) -> str:
        languages = self.client.languages
        channel = await languages.channel(rec.guild_id if rec is not None else None)
        return await languages.user(user, channel) if user else channel

    async def user_name(self, user: str) -> str:
        """A member's name for the standings page (the client's cache, else Discord, once)."""
        if user in self._names:
            return self._names[user]
        found = self.client.get_user(int(user)) if user.isdigit() else None
        if found is None and user.isdigit():
            try:
                found = await self.client.fetch_user(int(user))
            except Exception:  # noqa: BLE001 - an unknown user is shown by id
                found = None
        name = found.display_name if found is not None else user
        if len(self._names) < NAMES_KEPT:
            self._names[user] = name
        return name
