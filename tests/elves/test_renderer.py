"""King of the Elves images: golden examples, size and byte limits, public vs private.

Regenerate the goldens (after an intended visual change, and after looking at them) with
``CROWNTABLE_UPDATE_GOLDEN=1 pytest tests/elves/test_renderer.py``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.core.render import image_tr
from bot.text.presenters.elves import PRESENTER
from games.ai import play_out
from games.elves import GAME
from renderers import render_png, text_en
from renderers.common import MAX_PNG_BYTES, MAX_WIDTH
from renderers.elves import breakdown_parts, final_rows, render
from renderers.kit import MARGIN, MAX_ASPECT, WIDTH, Board, width_of
from renderers.shapes import KEY
from tests.elves.helpers import build, play
from tests.empire_engine.test_renderer import Drawn, check_phone_sizes, drawn  # noqa: F401

GOLDEN = Path(__file__).parent / "golden"
NAMES = {
    "Adam": "Čeněk Řežábek",
    "Beata": "Beáta Šťastná",
    "Carl": "Carl",
    "Doris": "Doris Žluťoučká",
    "Erik": "Erik Ďábelský",
    "Fanda": "Fanda",
}


def worded(events: list[dict[str, Any]]) -> str:
    """The latest change in words, as the bot gives it to the renderer (``last``): the
    presenter's event lines joined."""
    lines = (PRESENTER.event_text(e, lambda p: NAMES.get(p, p)) for e in events)
    return "; ".join(line for line in lines if line)


JOURNEY_LAST = [
    {
        "type": "visited",
        "player": "Adam",
        "realm": "Adam",
        "slot": 1,
        "card": "forest",
        "via": "travel",
        "transport": "unicorn",
        "cards": 2,
        "obstacle_extra": True,
        "escorted": False,
        "value": 8,
    }
]


def journey_state() -> dict[str, Any]:
    """Rules Example 6 after two visits (river, forest), Adam travelling."""
    s = build(
        ["Adam", "Beata", "Carl", "Doris"],
        phase="travel",
        turn="Adam",
        start="Adam",
        gold={"Adam": 10, "Beata": 5},
        realms={
            "Adam": [
                {"card": "river", "obstacle": ("seamonster", "Doris")},
                {"card": "forest", "obstacle": ("wood", "Carl"), "gold": "Adam"},
            ],
            "Beata": ["desert", {"card": "plains", "thief": "Beata"}],
            "Carl": ["mountain"],
            "Doris": ["lake"],
        },
        hands={
            "Adam": {
                "raft": 2,
                "unicorn": 2,
                "dragon": 1,
                "cycle": 1,
                "lake": 1,
                "escort": 2,
                "gold": 1,
            }
        },
        discard=["pig", "unicorn"],
    )
    s, _ = play(
        s,
        "Adam",
        {"type": "travel", "transport": "raft"},
        {"type": "travel", "transport": "unicorn"},
    )
    return s


def full_table_state() -> dict[str, Any]:
    """Six realms, every village carrying a Gold, Thief and obstacle; planning, purchases made."""
    players = ["Adam", "Beata", "Carl", "Doris", "Erik", "Fanda"]
    terrains = ["plains", "forest", "mountain", "desert", "river", "lake"]
    realms: dict[str, list[Any]] = {}
    for i, p in enumerate(players):
        row = []
        for k in range(2):
            t = terrains[(i + k) % 6]
            ob = "seamonster" if t in ("river", "lake") else "wood"
            row.append(
                {
                    "card": t,
                    "gold": players[(i + 1) % 6],
                    "thief": players[(i + 2) % 6],
                    "obstacle": (ob, players[(i + 3) % 6]),
                }
            )
        realms[p] = row
    hands = {p: {"pig": 3, "lake": 1} for p in players}
    hands["Erik"] = {
        k: 2
        for k in [
            "plains",
            "forest",
            "mountain",
            "desert",
            "river",
            "lake",
            "pig",
            "cycle",
            "cloud",
            "unicorn",
            "troll",
            "dragon",
            "raft",
            "gold",
            "thief",
            "wood",
            "seamonster",
            "escort",
            "reverse",
        ]
    }
    return build(
        players,
        turn="Erik",
        start="Carl",
        realms=realms,
        hands=hands,
        tokens={p: 1 for p in players},
        purchases={"Beata": 2, "Erik": 3},
        gold={"Erik": 38},
        options={"teleport": True},
        round_no=3,
        passes=2,
        discard=["troll"],
    )


def over_state() -> dict[str, Any]:
    final, _ = play_out(GAME, GAME.setup(["Adam", "Beata", "Carl"], {}, 11), seed=11)
    return final


def wide_final_state() -> dict[str, Any]:
    """A 6-player game just over, with the widest breakdown lines (two-digit rounds both ways,
    a bonus of 20): the final table must still show every category unclipped."""
    players = ["Adam", "Beata", "Carl", "Doris", "Erik", "Fanda"]
    s = build(players, phase="travel", round_no=5, start="Erik", turn="Doris")
    s["rounds"] = 5
    nets = [
        [38, -12, 27, -10, 19],
        [-12, 41, 15, 22, -11],
        [10, 10, 10, 10, 10],
        [0, 0, 0, 0, 0],
        [-12, 0, 33, 17, -10],
        [25, -10, 14, -10, 38],
    ]
    bonus = [20, 10, 0, 0, 10, 0]
    s["ledger"] = {"rounds": [r[:4] for r in nets], "bonus": bonus}
    s["gold"] = [12 + sum(r) + b for r, b in zip(nets, bonus, strict=True)]
    s, _ = play(s, "Doris", {"type": "end_journey"})
    assert GAME.is_over(s)
    return s


BOUGHT = [{"type": "bought", "player": "Doris", "cost": 1, "purchase": 1}]
ENDED = [
    {"type": "journey_ended", "player": "Doris", "visits": 0, "income": 0, "bonus": 0},
    {"type": "round_ended", "round": 5},
]


def with_last(view: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """``view`` with its envelope's ``last`` filled as the host fills it (the public events of
    the latest change): the board marks what they touched."""
    return {**view, "envelope": {**view["envelope"], "last": events}}


def _case(state: Any, viewer: str | None, events: list[dict[str, Any]]) -> Any:
    return lambda: (with_last(GAME.view(state(), viewer), events), worded(events))


#: case -> (view with its latest change, the "Last:" text the bot passes)
CASES = {
    "final_public": _case(wide_final_state, None, ENDED),
    "journey_public": _case(journey_state, None, JOURNEY_LAST),
    "journey_private": _case(journey_state, "Adam", JOURNEY_LAST),
    "full_table_public": _case(full_table_state, None, BOUGHT),
    "full_table_private": _case(full_table_state, "Erik", BOUGHT),
}


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_images(case: str) -> None:
    view, last = CASES[case]()
    png = render_png("elves", view, NAMES, last=last)
    path = GOLDEN / f"{case}.png"
    if os.environ.get("CROWNTABLE_UPDATE_GOLDEN") or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
    got, want = _image(png), _image(path.read_bytes())
    assert got.size == want.size
    diff = ImageStat.Stat(ImageChops.difference(got, want)).mean
    assert sum(diff) / 3 < 2.0, f"{case}: mean pixel difference {diff}"


@pytest.mark.parametrize("case", sorted(CASES) + ["over"])
def test_size_and_byte_limits(case: str) -> None:
    view, last = (GAME.view(over_state(), None), None) if case == "over" else CASES[case]()
    png = render_png("elves", view, NAMES, last=last)
    img = _image(png)
    assert img.width == WIDTH <= MAX_WIDTH
    assert len(png) < MAX_PNG_BYTES
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_final_breakdown_in_words_in_rank_order_and_fits() -> None:
    """Issue 25 item 1: each row says the gold at the start and what the rounds added, each
    round's net, and the all-villages bonus only when there was one; every line fits inside
    the margins at full width, at key-figure size."""
    view = GAME.view(wide_final_state(), None)
    board = Board.new(100, [p["id"] for p in view["players"]], NAMES, None, None)
    rows = {r.player: r for r in final_rows(board, view)}
    assert rows["Adam"].total == "94 gold"
    assert rows["Adam"].parts == (
        "12 gold at the start, 62 won over the rounds",
        "Round by round: +38, −12, +27, −10, +19",
        "Bonus for visiting every village: 20 gold",
    )
    assert rows["Doris"].parts == (
        "12 gold at the start, 0 won over the rounds",
        "Round by round: 0, 0, 0, 0, 0",
    )
    for row in rows.values():
        for part in row.parts:
            assert MARGIN + 16 + width_of(part, KEY) <= WIDTH - MARGIN - 12, part


def test_final_breakdown_of_a_losing_game() -> None:
    board = Board.new(100, ["Adam"], NAMES, None, None)
    parts = breakdown_parts(board, {"start": 12, "rounds": [-3, -1], "bonus": 0, "total": 8}, 8)
    assert parts == ("12 gold at the start, 4 lost over the rounds", "Round by round: −3, −1")


def sampled(n: int) -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """(label, state, events of the move that led to it) through a seeded game at ``n`` seats:
    the start, the middle of the planning, a journey under way, the end."""
    s = GAME.setup([f"p{i}" for i in range(n)], {}, n)
    final, moves = play_out(GAME, s, seed=n)
    history: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = [("start", s, [])]
    for k, (player, move) in enumerate(moves):
        s, events = GAME.apply(s, player, move)
        history.append((f"move {k}", s, events))
    travel = [h for h in history if h[1]["phase"] == "travel" and h[1]["journey"]["visits"]]
    return [history[0], history[len(history) // 3], travel[len(travel) // 2], history[-1]]


PHONE_NAMES = {f"p{i}": name for i, name in enumerate(NAMES.values())}


@pytest.mark.parametrize(("n", "lang"), [(2, "en"), (6, "en"), (6, "cs")])
def test_phone_sizes_and_fixed_frame_at_min_and_max_seats(
    n: int,
    lang: str,
    drawn: tuple[list[Drawn], list[Any]],  # noqa: F811
) -> None:
    """Public boards at the start, mid-planning, mid-journey and the end, and every player's
    private view: a fixed frame :data:`kit.WIDTH` wide and at most 2.2 times as tall, every
    text phone-sized, and a mark on the board wherever the latest change touched it."""
    texts, marks = drawn
    names = {PHONE_NAMES[f"p{i}"] for i in range(n)}
    sizes: dict[bool, set[tuple[int, int]]] = {False: set(), True: set()}
    for label, state, events in sampled(n):
        for viewer in (None, *state["players"]):
            texts.clear()
            marks.clear()
            view = with_last(GAME.view(state, viewer), events)
            image = render(view, names=PHONE_NAMES, tr=image_tr(lang), last="Bob passes.")
            sizes[viewer is not None].add(image.size)
            over = GAME.is_over(state)
            check_phone_sizes(
                texts, image, names, f"{lang} {n} seats, {label}, viewer {viewer}", over
            )
            assert image.width == WIDTH and image.height <= MAX_ASPECT * image.width
            if events and state["phase"] != "over":
                assert marks, (label, events)
    assert len(sizes[False]) == 1 and len(sizes[True]) == 1, sizes


def test_the_journey_is_drawn_and_the_visit_marked(
    drawn: tuple[list[Drawn], list[Any]],  # noqa: F811
) -> None:
    """Issue 25 items 1-2: the village just reached is haloed and shows "+8" (Adam's own Gold
    card doubles the Forest's 4); the public board differs from one without the journey."""
    _, marks = drawn
    view, _ = CASES["journey_public"]()
    render(view, names=NAMES)
    assert [m.value for m in marks if m.kind == "delta"] == [8]
    assert len([m for m in marks if m.kind == "halo"]) == 1
    still = journey_state()
    still["journey"]["visits"] = []
    assert (
        render(view, names=NAMES).tobytes()
        != render(with_last(GAME.view(still, None), JOURNEY_LAST), names=NAMES).tobytes()
    )


def test_private_differs_from_public_and_between_players() -> None:
    s = journey_state()
    pub = render(GAME.view(s, None), names=NAMES)
    adam = render(GAME.view(s, "Adam"), names=NAMES)
    beata = render(GAME.view(s, "Beata"), names=NAMES)
    assert pub.tobytes() != adam.tobytes()
    assert adam.tobytes() != beata.tobytes()


def test_public_image_does_not_depend_on_hidden_information() -> None:
    a = journey_state()
    b = journey_state()
    a["hand"][1] = {"pig": 1}  # same hand size, different content
    b["hand"][1] = {"lake": 1}
    a["gold"][2], b["gold"][2] = 12, 21  # both 3 coins
    b["draw"] = list(reversed(b["draw"]))
    assert render(GAME.view(a, None)).tobytes() == render(GAME.view(b, None)).tobytes()


def test_every_phase_renders_with_czech_names() -> None:
    s = GAME.setup(["Adam", "Beata", "Carl", "Doris", "Erik"], {"teleport": True}, 21)
    final, made = play_out(GAME, s, seed=21)
    state = s
    for i, (player, move) in enumerate(made):
        if i % 97 == 0:
            for viewer in (None, player):
                img = render(GAME.view(state, viewer), names=NAMES)
                assert img.width <= MAX_WIDTH
        state, _ = GAME.apply(state, player, move)
    assert render(GAME.view(final, "Beata"), names=NAMES).width <= MAX_WIDTH


def test_the_last_line_is_the_bots_text_and_the_renderer_words_no_event() -> None:
    """Issue 23 "one wording per event": the header draws the ``last`` text it is given; with
    none it says "Nothing played yet." before the first move and nothing afterwards; the
    renderer has no texts of its own for events or card names (those are the presenter's
    lines and the game's terms)."""
    from renderers.elves import last_line

    s = GAME.setup(["Adam", "Beata"], {}, 3)
    board = Board.new(100, ["Adam", "Beata"], NAMES, None, None)
    assert last_line(board, GAME.view(s, None), "Adam passes (1 in a row).") == (
        "Adam passes (1 in a row)."
    )
    assert last_line(board, GAME.view(s, None), None) == "Nothing played yet."
    s, _ = GAME.apply(s, "Adam", GAME.legal_moves(s, "Adam")[0])
    assert last_line(board, GAME.view(s, None), None) == ""
    image = render(GAME.view(journey_state(), None), names=NAMES, last="A change")
    assert image.tobytes() != render(GAME.view(journey_state(), None), names=NAMES).tobytes()
    own = [k for k in text_en.CATALOG if k.startswith("elves.")]
    assert own and not [k for k in own if k.startswith(("elves.ev.", "elves.last.", "elves.card."))]
