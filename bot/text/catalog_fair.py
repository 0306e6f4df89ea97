"""The English texts of provably fair tables (issue 31 item 2, :mod:`bot.core.fairness`):
the sealed shuffle on the board, its reveal in the final standings. Registered beside
:mod:`bot.text.catalog_en`."""

from __future__ import annotations

from bot.text.i18n import register

FAIR: dict[str, str | tuple[str, ...]] = {
    # the board's footer, from Start on: the commitment's first 16 hex characters
    "fair.sealed": "🔒 shuffle sealed: {short}",
    # /game status and the board's copies: the whole commitment
    "fair.sealed_full": "🔒 Shuffle sealed (SHA-256 of the seed and a secret salt): {full}",
    # the final standings: the seed and the salt revealed, and how to check them
    # (no bold here: the rows of the standings are the bold lines)
    "fair.reveal": "🔓 Shuffle unsealed: seed `{seed}`, salt `{salt}`.",
    "fair.reveal_check": (
        "The SHA-256 of the two begins with `{short}`, as the board showed from the start. "
        "To check it and the whole game: `/game export {id}`, then "
        "`crowntable verify --export` on the file."
    ),
}

register(FAIR)
