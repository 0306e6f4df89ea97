"""Provably fair tables in Discord (issue 31 item 2): the sealed shuffle in the board's footer
(the commitment's first 16 hex characters on the board message, the whole commitment on its
copies: ``/game status``, spectators), and the seed and salt revealed in the final standings
(:mod:`bot.core.fairness`). A table started before this shows neither."""

from __future__ import annotations

from bot.core import fairness
from bot.core.store import SessionRecord
from bot.text.i18n import t


def board_footer(rec: SessionRecord) -> str:
    """The board message's footer, with the short commitment once the game has started."""
    footer = t("board.footer", id=rec.id)
    proof = fairness.proof(rec)
    if proof is None:
        return footer
    return f"{footer} · {t('fair.sealed', short=f'`{proof.short}`')}"


def embed_footer(rec: SessionRecord) -> str:
    """The footer of the board's copies (an embed's footer shows no markdown): the whole
    commitment on a line of its own."""
    footer = t("board.footer", id=rec.id)
    proof = fairness.proof(rec)
    if proof is None:
        return footer
    return f"{footer}\n{t('fair.sealed_full', full=proof.commitment)}"


def reveal_lines(rec: SessionRecord) -> list[str]:
    """The final standings' reveal: the seed, the salt, the commitment they hash to and how to
    check the whole game ([] for a table without a commitment, or not finished). What exactly
    is hashed (with the game id) is in the export and the docs: a Czech message names no
    English id."""
    proof = fairness.proof(rec)
    if proof is None or proof.salt is None or proof.seed is None:
        return []
    return [
        t("fair.reveal", seed=proof.seed, salt=proof.salt),
        t("fair.reveal_check", short=proof.short, id=rec.id),
    ]
