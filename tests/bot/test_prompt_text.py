"""Text limits: one-line labels collapse whitespace, embed blocks keep their lines."""

from bot.adapter.prompts import clip, clip_block


def test_clip_makes_one_short_line() -> None:
    assert clip("Take  the\nMiller", 80) == "Take the Miller"
    assert clip("x" * 100, 80) == "x" * 79 + "…"


def test_clip_block_keeps_newlines_and_cuts_at_the_limit() -> None:
    text = "Round 2\n\n• alice took a Miller\n• bob passed"
    assert clip_block(text, 4000) == text
    cut = clip_block("line\n" * 1000, 100)
    assert len(cut) <= 100 and cut.count("\n") > 10 and cut.endswith("…")
