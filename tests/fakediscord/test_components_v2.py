"""The fake's components-v2 checks (issue 25 item 5): a container, text displays, a media
gallery and action rows pass the OpenAPI description and the limits; over 40 components, over
4,000 characters of text display, content or embeds beside the flag, taking the flag off, a
wrongly typed container (schema) are refused; a gallery image names an attachment."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from tests.fakediscord import limits
from tests.test_fakediscord_strict import Api, api, button, needs_schema, row, spec_mode

__all__ = ["api", "spec_mode"]  # the fixtures, used by name

V2 = limits.COMPONENTS_V2


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (60, 60), (200, 10, 10)).save(buf, format="PNG")
    return buf.getvalue()


PNG = _png()


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def gallery(name: str = "f0.png") -> dict[str, Any]:
    return {
        "type": 12,
        "items": [{"media": {"url": f"attachment://{name}"}, "description": "the board"}],
    }


def container(*children: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": 17, "accent_color": 0x1565C0, "components": list(children), **extra}


def board(*children: dict[str, Any]) -> dict[str, Any]:
    return {"flags": V2, "components": [container(*children)]}


def buttons(n: int, start: int = 0) -> list[dict[str, Any]]:
    """``n`` buttons in rows of five."""
    out = [button(custom_id=f"b{i}") for i in range(start, start + n)]
    return [row(*out[k : k + 5]) for k in range(0, n, 5)]


@pytest.mark.asyncio
async def test_a_board_container_passes(api: Api) -> None:
    body = board(text("## Majesty · table #1"), gallery(), text("Now: Bob."), *buttons(5))
    status, sent = await api.send(body, files=[PNG])
    assert status == 200, (sent, api.fake.requests[-1].note)
    msg = api.fake.messages(api.channel)[-1]
    assert msg.flags & V2 and [c["type"] for c in msg.all_components()][:3] == [17, 10, 12]
    assert msg.all_components()[2]["items"][0]["media"]["attachment"] == "f0.png"
    assert not api.fake.warnings


@pytest.mark.asyncio
async def test_a_gallery_image_without_its_attachment_is_noted(api: Api) -> None:
    status, _ = await api.send(board(text("t"), gallery("board.png")), files=[PNG])
    assert status == 200
    assert any("attachment://board.png" in w for w in api.fake.warnings)


# 1 container + 1 text + 6 rows + 30 buttons = 38; + 3 texts = 41
FORTY_ONE = board(text("a"), text("b"), text("c"), text("d"), *buttons(30))
FORTY = board(text("a"), text("b"), text("c"), *buttons(30))
LONG = board(text("x" * 2000), text("y" * 2001))
FULL = board(text("x" * 2000), text("y" * 2000))


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("invalid", "valid"),
    [(FORTY_ONE, FORTY), (LONG, FULL)],
    ids=["41 components", "4001 characters of text display"],
)
async def test_v2_limits(api: Api, invalid: dict[str, Any], valid: dict[str, Any]) -> None:
    status, sent = await api.send(valid)
    assert status == 200, sent
    status, sent = await api.send(invalid)
    assert status == 400 and sent["code"] == 50035, sent
    assert api.fake.rejections[-1].rejected == "message_limits"


def test_the_limits_count_nested_components_and_every_text() -> None:
    assert limits.v2_errors(FORTY) == []
    assert any("40 or fewer" in e for e in limits.v2_errors(FORTY_ONE))
    assert any("4000" in e for e in limits.v2_errors(LONG))
    assert limits.v2_errors({**FULL, "content": "hi"}) == [
        "content: cannot be used with the IS_COMPONENTS_V2 flag"
    ]


@pytest.mark.asyncio
async def test_content_or_embeds_beside_the_flag_are_refused(api: Api) -> None:
    for extra in ({"content": "hi"}, {"embeds": [{"title": "t"}]}):
        status, sent = await api.send({**board(text("t")), **extra})
        assert status == 400, (extra, sent)


@pytest.mark.asyncio
async def test_the_flag_stays_on_a_message(api: Api) -> None:
    status, sent = await api.send(board(text("t")))
    assert status == 200
    path = f"/channels/{api.channel.id}/messages/{sent['id']}"
    status, _ = await api.call("PATCH", path, board(text("edited")))
    assert status == 200
    status, refused = await api.call("PATCH", path, {"flags": 0, "content": "plain again"})
    assert status == 400, refused


@pytest.mark.asyncio
async def test_a_wrongly_typed_container_is_refused_by_the_schema(api: Api) -> None:
    needs_schema(api)
    status, sent = await api.send(
        {"flags": V2, "components": [container(text("t"), accent_color="blue")]}
    )
    assert status == 400, sent
    assert api.fake.rejections[-1].rejected == "schema"
