"""The fake Discord is as strict as Discord: each request Discord documents as invalid is
refused, one test per kind, with Discord's status and error code, and lands in
``fake.rejections`` (so the e2e fixture's ``fake.problems()`` fails the test that sent it).

The requests are sent raw (aiohttp), like the independent probe of issue 17 did: discord.py
would refuse some of them before sending. Valid neighbours of each kind are accepted, so a check
that refuses everything fails here too.

The tests on the ``api`` fixture run twice: with Discord's OpenAPI description (skipped where
there is none, see tests/fakediscord/openapi.py) and without it, where every check but
``schema`` must still refuse what it refuses; the few kinds only the schema catches (a value of
the wrong type) are skipped then. The last section checks the lookup and the one line a process
prints when schema validation is off.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from tests.fakediscord import FakeDiscord, limits, openapi, strict
from tests.fakediscord import models as m

MIB = 1024 * 1024
#: the OpenAPI description this machine has (None on a plain clone: schema validation is off)
SPEC = openapi.spec_path()


@dataclass
class Api:
    fake: FakeDiscord
    http: aiohttp.ClientSession
    channel: m.Channel
    alice: m.User

    async def call(
        self, method: str, path: str, body: Any = None, files: list[bytes] | None = None
    ) -> tuple[int, dict]:
        """One REST call as the bot; (status, JSON body or {})."""
        url = self.fake.api_base + path
        headers = {"Authorization": "Bot x"}
        if files is not None:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for i, data in enumerate(files):
                form.add_field(f"files[{i}]", data, filename=f"f{i}.png", content_type="image/png")
            kwargs: dict[str, Any] = {"data": form}
        else:
            kwargs = {"json": body} if body is not None else {}
        async with self.http.request(method, url, headers=headers, **kwargs) as resp:
            text = await resp.text()
            return resp.status, (json.loads(text) if text else {})

    async def send(self, body: Any, files: list[bytes] | None = None) -> tuple[int, dict]:
        return await self.call("POST", f"/channels/{self.channel.id}/messages", body, files)

    def interaction(self, *, age: float = 0.0) -> m.Interaction:
        """A slash-command interaction `age` seconds old, as if just dispatched to the bot."""
        inter = self.fake._new_interaction(
            m.APPLICATION_COMMAND,
            self.alice,
            self.channel,
            {"name": "x", "type": 1},
            command_name="x",
        )
        inter.dispatched_at = self.fake.clock() - age
        return inter

    async def callback(self, inter: m.Interaction, body: dict) -> tuple[int, dict]:
        return await self.call("POST", f"/interactions/{inter.id}/{inter.token}/callback", body)

    async def followup(self, inter: m.Interaction, body: dict) -> tuple[int, dict]:
        app = self.fake.application_id
        return await self.call("POST", f"/webhooks/{app}/{inter.token}?wait=true", body)

    async def put_commands(self, commands: list[dict]) -> tuple[int, dict]:
        return await self.call(
            "PUT", f"/applications/{self.fake.application_id}/commands", commands
        )


def point_lookup_nowhere(monkeypatch: pytest.MonkeyPatch, where: Any) -> None:
    """The spec lookup finds nothing: ../shared is `where` (missing), no environment variable."""
    monkeypatch.setattr(openapi, "DEFAULT_SPEC", where / "shared" / "discord" / "openapi.json")
    for name in openapi.ENV_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(openapi, "_announced", [])


@pytest.fixture(params=["with the spec", "without the spec"])
def spec_mode(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> str:
    if request.param == "with the spec":
        if SPEC is None:
            pytest.skip("no Discord OpenAPI description on this machine (schema check off)")
    else:
        point_lookup_nowhere(monkeypatch, tmp_path)
    return str(request.param)


def needs_schema(api: Api) -> None:
    """Skip the rest of a test that only the schema check can pass, when it is off."""
    if api.fake.spec is None:
        pytest.skip("only the schema check refuses this (no OpenAPI description)")


def body_check(api: Api) -> str:
    """The check that refuses an over-long or misplaced part of a message body: the schema
    first when it is on, else the message limits."""
    return "schema" if api.fake.spec is not None else "message_limits"


@pytest_asyncio.fixture
async def api(spec_mode: str) -> AsyncIterator[Api]:
    async with FakeDiscord.running(rate_limit_scale=1.0) as fake:  # Discord's real windows
        assert (fake.spec is None) == (spec_mode == "without the spec")
        guild = fake.add_guild("Strict")
        channel = fake.add_channel(guild, "general")
        alice = fake.add_user("alice")
        async with aiohttp.ClientSession() as http:
            yield Api(fake, http, channel, alice)


def refused(api: Api, status: int, body: dict, code: int, check: str) -> None:
    assert body.get("code") == code, body
    assert api.fake.requests[-1].status == status
    assert api.fake.rejections and api.fake.rejections[-1].rejected == check
    assert any("error answer" in p for p in api.fake.problems())


def row(*components: dict) -> dict:
    return {"type": 1, "components": list(components)}


def button(label: str = "Go", custom_id: str | None = "b", **extra: Any) -> dict:
    out = {"type": 2, "style": 1, "label": label, **extra}
    if custom_id is not None:
        out["custom_id"] = custom_id
    return out


def select(**extra: Any) -> dict:
    options = [{"label": f"o{i}", "value": str(i)} for i in range(3)]
    return {"type": 3, "custom_id": "s", "options": options, **extra}


def options(n: int, **extra: Any) -> list[dict]:
    return [{"label": f"o{i}", "value": str(i), **extra} for i in range(n)]


def field(name: str = "n", value: str = "v") -> dict:
    return {"name": name, "value": value}


# --- message bodies: the kind, an invalid body, a valid neighbour ------------------------
MESSAGE_KINDS: dict[str, tuple[dict, dict]] = {
    "content over 2000": ({"content": "x" * 2001}, {"content": "x" * 2000}),
    "embed title over 256": (
        {"embeds": [{"title": "t" * 257}]},
        {"embeds": [{"title": "t" * 256}]},
    ),
    "embed description over 4096": (
        {"embeds": [{"description": "d" * 4097}]},
        {"embeds": [{"description": "d" * 4096}]},
    ),
    "embed footer text over 2048": (
        {"embeds": [{"footer": {"text": "f" * 2049}}]},
        {"embeds": [{"footer": {"text": "f" * 2048}}]},
    ),
    "embed author name over 256": (
        {"embeds": [{"author": {"name": "a" * 257}}]},
        {"embeds": [{"author": {"name": "a" * 256}}]},
    ),
    "embed field name over 256": (
        {"embeds": [{"fields": [field(name="n" * 257)]}]},
        {"embeds": [{"fields": [field(name="n" * 256)]}]},
    ),
    "embed field value over 1024": (
        {"embeds": [{"fields": [field(value="v" * 1025)]}]},
        {"embeds": [{"fields": [field(value="v" * 1024)]}]},
    ),
    "26 embed fields": (
        {"embeds": [{"fields": [field()] * 26}]},
        {"embeds": [{"fields": [field()] * 25}]},
    ),
    "embeds over 6000 characters in total": (
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2000}]},
    ),
    "11 embeds": ({"embeds": [{"title": "t"}] * 11}, {"embeds": [{"title": "t"}] * 10}),
    "6 action rows": (
        {"components": [row(button(custom_id=f"b{i}")) for i in range(6)]},
        {"components": [row(button(custom_id=f"b{i}")) for i in range(5)]},
    ),
    "6 buttons in a row": (
        {"components": [row(*[button(custom_id=f"b{i}") for i in range(6)])]},
        {"components": [row(*[button(custom_id=f"b{i}") for i in range(5)])]},
    ),
    "a select beside a button": (
        {"components": [row(select(), button())]},
        {"components": [row(select()), row(button())]},
    ),
    "custom_id over 100": (
        {"components": [row(button(custom_id="c" * 101))]},
        {"components": [row(button(custom_id="c" * 100))]},
    ),
    "duplicate custom_id in a message": (
        {"components": [row(button(custom_id="same")), row(button(custom_id="same"))]},
        {"components": [row(button(custom_id="one")), row(button(custom_id="two"))]},
    ),
    "button label over 80": (
        {"components": [row(button(label="l" * 81))]},
        {"components": [row(button(label="l" * 80))]},
    ),
    "select placeholder over 150": (
        {"components": [row(select(placeholder="p" * 151))]},
        {"components": [row(select(placeholder="p" * 150))]},
    ),
    "select option label over 100": (
        {"components": [row(select(options=[{"label": "l" * 101, "value": "v"}]))]},
        {"components": [row(select(options=[{"label": "l" * 100, "value": "v"}]))]},
    ),
    "select option description over 100": (
        {"components": [row(select(options=options(2, description="d" * 101)))]},
        {"components": [row(select(options=options(2, description="d" * 100)))]},
    ),
    "26 select options": (
        {"components": [row(select(options=options(26)))]},
        {"components": [row(select(options=options(25)))]},
    ),
    "min_values 26": (
        {"components": [row(select(options=options(25), min_values=26, max_values=25))]},
        {"components": [row(select(options=options(25), min_values=25, max_values=25))]},
    ),
    "max_values over the number of options": (
        {"components": [row(select(options=options(3), max_values=4))]},
        {"components": [row(select(options=options(3), max_values=3))]},
    ),
    "a link button with a custom_id": (
        {
            "components": [
                row({"type": 2, "style": 5, "label": "L", "url": "https://e.x", "custom_id": "c"})
            ]
        },
        {"components": [row({"type": 2, "style": 5, "label": "L", "url": "https://e.x"})]},
    ),
    "a button without a custom_id": (
        {"components": [row(button(custom_id=None))]},
        {"components": [row(button())]},
    ),
    "a button outside an action row": (
        {"components": [button()]},
        {"components": [row(button())]},
    ),
    "content of the wrong type": ({"content": 5}, {"content": "5"}),
}
#: kinds only the schema check refuses (types, not limits)
SCHEMA_ONLY = {"content of the wrong type"}


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", list(MESSAGE_KINDS))
async def test_invalid_message_body_is_refused(api: Api, kind: str) -> None:
    if kind in SCHEMA_ONLY:
        needs_schema(api)
    invalid, valid = MESSAGE_KINDS[kind]
    status, body = await api.send(valid)
    assert status == 200, (kind, body, api.fake.requests[-1].note)
    assert not api.fake.rejections
    status, body = await api.send(invalid)
    assert status == 400, (kind, body)
    assert body["code"] == 50035 and body.get("errors"), body
    if api.fake.spec is None:
        assert api.fake.rejections[-1].rejected == "message_limits"
    else:
        assert api.fake.rejections[-1].rejected in ("schema", "message_limits")


@pytest.mark.asyncio
async def test_the_same_limits_hold_for_callbacks_follow_ups_and_edits(api: Api) -> None:
    bad = {"embeds": [{"footer": {"text": "f" * 2049}}]}
    inter = api.interaction()
    status, body = await api.callback(inter, {"type": 4, "data": bad})
    refused(api, 400, body, 50035, body_check(api))
    status, _ = await api.callback(inter, {"type": 4, "data": {"content": "ok"}})
    assert status == 204
    status, body = await api.followup(inter, {"components": [button()]})
    assert status == 400 and api.fake.rejections[-1].rejected == body_check(api)
    app = api.fake.application_id
    status, body = await api.call(
        "PATCH",
        f"/webhooks/{app}/{inter.token}/messages/@original",
        {"components": [row(select(min_values=26))]},
    )
    assert status == 400 and body["code"] == 50035


@pytest.mark.asyncio
async def test_snowflakes_may_be_integers_and_nullable_fields_null(api: Api) -> None:
    needs_schema(api)  # the schema's documented leniency
    status, body = await api.send(
        {
            "content": "hi",
            "embeds": None,
            "attachments": [{"id": 0, "filename": "f0.png"}],
            "message_reference": None,
            "allowed_mentions": {"parse": [], "users": [123]},
        },
        files=[b"png"],
    )
    assert status == 200, body
    status, body = await api.send({"content": "hi", "allowed_mentions": {"users": [-1]}})
    assert status == 400, body


# --- attachments --------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_eleven_files_are_refused(api: Api) -> None:
    status, _ = await api.send({"content": "ten"}, files=[b"x"] * 10)
    assert status == 200
    status, body = await api.send({"content": "eleven"}, files=[b"x"] * 11)
    assert status == 400
    refused(api, 400, body, 50035, "files")


@pytest.mark.asyncio
async def test_an_eleven_mib_file_is_refused_with_413(api: Api) -> None:
    status, _ = await api.send({"content": "10 MiB"}, files=[b"x" * limits.MAX_FILE_SIZE])
    assert status == 200
    status, body = await api.send({"content": "11 MiB"}, files=[b"x" * (11 * MIB)])
    assert status == 413
    refused(api, 413, body, 40005, "files")


# --- application commands -----------------------------------------------------------------
def command(name: str = "game", **extra: Any) -> dict:
    return {"name": name, "description": "Play", "type": 1, **extra}


def string_option(name: str = "game", **extra: Any) -> dict:
    return {"type": 3, "name": name, "description": "which", **extra}


def choices(n: int, name_len: int = 5) -> list[dict]:
    return [{"name": f"{i:0{name_len}d}", "value": str(i)} for i in range(n)]


COMMAND_KINDS: dict[str, tuple[list[dict], list[dict]]] = {
    "choice name over 100": (
        [command(options=[string_option(choices=choices(2, name_len=101))])],
        [command(options=[string_option(choices=choices(2, name_len=100))])],
    ),
    "26 choices": (
        [command(options=[string_option(choices=choices(26))])],
        [command(options=[string_option(choices=choices(25))])],
    ),
    "26 options": (
        [command(options=[string_option(f"o{i}") for i in range(26)])],
        [command(options=[string_option(f"o{i}") for i in range(25)])],
    ),
    "a command tree over 8000 characters": (
        [
            command(
                options=[
                    string_option(f"o{i}", choices=choices(25, name_len=12)) for i in range(25)
                ]
            )
        ],
        [
            command(
                options=[
                    string_option(f"o{i}", choices=choices(25, name_len=12)) for i in range(20)
                ]
            )
        ],
    ),
    "duplicate command names": ([command(), command()], [command(), command("stats")]),
    "duplicate option names": (
        [command(options=[string_option("a"), string_option("a")])],
        [command(options=[string_option("a"), string_option("b")])],
    ),
    "an uppercase command name": ([command("Game")], [command("game")]),
    "a description over 100": (
        [command(description="d" * 101)],
        [command(description="d" * 100)],
    ),
    "a required option after an optional one": (
        [command(options=[string_option("a"), string_option("b", required=True)])],
        [command(options=[string_option("b", required=True), string_option("a")])],
    ),
}


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", list(COMMAND_KINDS))
async def test_invalid_command_tree_is_refused(api: Api, kind: str) -> None:
    invalid, valid = COMMAND_KINDS[kind]
    status, body = await api.put_commands(valid)
    assert status == 200, (kind, api.fake.requests[-1].note)
    status, body = await api.put_commands(invalid)
    assert status == 400, (kind, body)
    assert body["code"] == 50035
    if api.fake.spec is None:
        assert api.fake.rejections[-1].rejected == "command_limits"
    else:
        assert api.fake.rejections[-1].rejected in ("schema", "command_limits")


def test_the_8000_character_count_covers_names_descriptions_values_and_choices() -> None:
    tree = command(options=[string_option("o1", choices=[{"name": "ab", "value": "cde"}])])
    # "game" + "Play" + "o1" + "which" + "ab" + "cde"
    assert limits.command_chars(tree) == 4 + 4 + 2 + 5 + 2 + 3


# --- interactions: 3 s, one response, 15 minutes -------------------------------------------
@pytest.mark.asyncio
async def test_a_follow_up_sixteen_minutes_later_is_refused(api: Api) -> None:
    inter = api.interaction()
    assert (await api.callback(inter, {"type": 5}))[0] == 204
    status, _ = await api.followup(inter, {"content": "in time"})
    assert status == 200
    api.fake.advance_clock(16 * 60)
    status, body = await api.followup(inter, {"content": "too late"})
    assert status == 401
    refused(api, 401, body, 50027, "token_expiry")
    app = api.fake.application_id
    status, body = await api.call(
        "PATCH", f"/webhooks/{app}/{inter.token}/messages/@original", {"content": "late edit"}
    )
    assert (status, body["code"]) == (401, 50027)


@pytest.mark.asyncio
async def test_an_initial_response_after_three_seconds_is_refused(api: Api) -> None:
    late = api.interaction(age=3.5)
    status, body = await api.callback(late, {"type": 4, "data": {"content": "x"}})
    assert status == 404
    refused(api, 404, body, 10062, "ack_deadline")


@pytest.mark.asyncio
async def test_a_second_initial_response_is_refused(api: Api) -> None:
    inter = api.interaction()
    assert (await api.callback(inter, {"type": 4, "data": {"content": "one"}}))[0] == 204
    status, body = await api.callback(inter, {"type": 4, "data": {"content": "two"}})
    assert status == 400
    refused(api, 400, body, 40060, "one_response")


# --- channel permissions ------------------------------------------------------------------
@pytest.mark.asyncio
async def test_channel_messages_need_the_bots_channel_permissions(api: Api) -> None:
    fake = api.fake
    fake.set_permissions(api.channel, fake.bot_user, deny=m.P_SEND_MESSAGES)
    status, body = await api.send({"content": "hello"})
    assert status == 403
    refused(api, 403, body, 50013, "permissions")
    fake.set_permissions(api.channel, fake.bot_user)  # overwrite removed
    fake.set_permissions(api.channel, None, deny=m.P_ATTACH_FILES)  # @everyone
    assert (await api.send({"content": "text only"}))[0] == 200
    status, body = await api.send({"content": "board"}, files=[b"png"])
    assert (status, body["code"]) == (403, 50013)
    fake.set_permissions(api.channel, None, deny=m.P_VIEW_CHANNEL)
    status, body = await api.send({"content": "hello"})
    assert (status, body["code"]) == (403, 50001)


@pytest.mark.asyncio
async def test_follow_ups_go_through_the_interaction_webhook_without_channel_permissions(
    api: Api,
) -> None:
    fake = api.fake
    fake.set_permissions(api.channel, fake.bot_user, deny=m.P_SEND_MESSAGES | m.P_ATTACH_FILES)
    inter = api.interaction()
    assert inter.payload["app_permissions"] == str(
        int(inter.payload["app_permissions"]) & ~m.P_SEND_MESSAGES
    )
    assert not int(inter.payload["app_permissions"]) & m.P_SEND_MESSAGES
    assert (await api.callback(inter, {"type": 4, "data": {"content": "reply"}}))[0] == 204
    status, body = await api.followup(inter, {"content": "follow-up"})
    assert status == 200, body
    assert not fake.rejections


def test_overwrites_apply_everyone_then_roles_then_the_member() -> None:
    from tests.fakediscord.permissions import channel_permissions, set_overwrite

    guild = m.Guild(id=1, name="g", owner_id=99)
    channel = m.Channel(id=2, type=m.TEXT, name="c", guild=guild)
    user = m.User(id=3, name="u")
    role = guild.role_for(m.P_MANAGE_MESSAGES)
    member = m.Member(user=user, guild=guild, roles=[role])
    set_overwrite(channel, guild.everyone.id, 0, 0, m.P_SEND_MESSAGES)
    assert not channel_permissions(member, channel) & m.P_SEND_MESSAGES
    set_overwrite(channel, role.id, 0, m.P_SEND_MESSAGES, 0)
    assert channel_permissions(member, channel) & m.P_SEND_MESSAGES
    set_overwrite(channel, user.id, 1, 0, m.P_SEND_MESSAGES)
    assert not channel_permissions(member, channel) & m.P_SEND_MESSAGES
    set_overwrite(channel, user.id, 1, 0, m.P_VIEW_CHANNEL)
    assert channel_permissions(member, channel) == 0


# --- rate limits --------------------------------------------------------------------------
def freeze_rate_limit_clock(fake: FakeDiscord) -> None:
    """Stop the rate limiter's clock, so a slow machine cannot stretch a burst past a window."""
    now = fake.clock()
    fake.ratelimiter.clock = lambda: now + fake.clock_offset


@pytest.mark.asyncio
async def test_fifty_messages_to_one_channel_meet_429s(api: Api) -> None:
    freeze_rate_limit_clock(api.fake)
    statuses = [(await api.send({"content": f"m{i}"}))[0] for i in range(50)]
    assert statuses[:5] == [200] * 5
    assert statuses.count(429) == 45
    limited = api.fake.rate_limited()
    assert len(limited) == 45
    last = api.fake.requests[-1]
    assert last.limit_headers["X-RateLimit-Limit"] == "5"
    assert last.limit_headers["X-RateLimit-Remaining"] == "0"
    assert not api.fake.problems()  # a 429 is Discord working, not the bot failing


@pytest.mark.asyncio
async def test_a_429_says_when_to_retry_and_the_bucket_is_per_channel(api: Api) -> None:
    freeze_rate_limit_clock(api.fake)
    for i in range(5):
        await api.send({"content": f"m{i}"})
    url = api.fake.api_base + f"/channels/{api.channel.id}/messages"
    async with api.http.post(url, json={"content": "sixth"}) as resp:
        body = await resp.json()
        assert resp.status == 429
        assert resp.headers["X-RateLimit-Scope"] == "user"
        assert resp.headers["Via"]
        assert float(body["retry_after"]) == 5.0 and resp.headers["Retry-After"] == "5"
        bucket = resp.headers["X-RateLimit-Bucket"]
    other = api.fake.add_channel(api.channel.guild, "other")
    async with api.http.post(
        api.fake.api_base + f"/channels/{other.id}/messages", json={"content": "elsewhere"}
    ) as resp:
        assert resp.status == 200
        assert resp.headers["X-RateLimit-Bucket"] == bucket  # same route, own major parameter
    api.fake.advance_clock(5.0)
    assert (await api.send({"content": "after the window"}))[0] == 200


@pytest.mark.asyncio
async def test_the_global_limit_is_fifty_per_second_but_not_for_interactions(api: Api) -> None:
    freeze_rate_limit_clock(api.fake)
    channels = [api.fake.add_channel(api.channel.guild, f"c{i}") for i in range(11)]
    statuses = []
    for ch in channels:
        for _ in range(5):
            statuses.append((await api.call("GET", f"/channels/{ch.id}"))[0])
    assert statuses.count(200) == 50 and statuses[-5:] == [429] * 5
    assert api.fake.requests[-1].note.startswith("global")
    inter = api.interaction()
    assert (await api.callback(inter, {"type": 4, "data": {"content": "still"}}))[0] == 204


@pytest.mark.asyncio
async def test_checks_can_be_switched_off_by_name() -> None:
    off = {"schema", "message_limits", "rate_limits"}
    async with FakeDiscord.running(disabled_checks=off) as fake:
        guild = fake.add_guild("Lenient")
        channel = fake.add_channel(guild, "general")
        async with aiohttp.ClientSession() as http:
            url = fake.api_base + f"/channels/{channel.id}/messages"
            for _ in range(6):
                async with http.post(url, json={"embeds": [{"footer": {"text": "f" * 3000}}]}) as r:
                    assert r.status == 200
    with pytest.raises(ValueError, match="unknown checks"):
        FakeDiscord(disabled_checks={"no-such-check"})


@pytest.mark.asyncio
async def test_the_default_time_scale_compresses_route_windows_not_counts() -> None:
    async with FakeDiscord.running() as fake:
        guild = fake.add_guild("Fast")
        channel = fake.add_channel(guild, "general")
        async with aiohttp.ClientSession() as http:
            url = fake.api_base + f"/channels/{channel.id}/messages"
            freeze_rate_limit_clock(fake)
            statuses = []
            for i in range(6):
                async with http.post(url, json={"content": f"m{i}"}) as resp:
                    statuses.append(resp.status)
                    reset_after = float(resp.headers["X-RateLimit-Reset-After"])
            assert statuses == [200] * 5 + [429]  # Discord's count per window
            assert 0 < reset_after <= 5.0 * 0.02  # in a window 50 times shorter
            fake.advance_clock(5.0 * fake.ratelimiter.scale)
            async with http.post(url, json={"content": "next window"}) as resp:
                assert resp.status == 200


# --- without Discord's OpenAPI description -------------------------------------------------
#: a minimal OpenAPI document: one route whose body has one limit
TINY_SPEC = {
    "paths": {
        "/channels/{channel_id}/messages": {
            "post": {
                "requestBody": {
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {"content": {"type": "string", "maxLength": 5}},
                            }
                        }
                    }
                }
            }
        }
    },
    "components": {"schemas": {}},
}


@pytest.mark.asyncio
async def test_without_the_spec_one_line_says_schema_validation_is_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    point_lookup_nowhere(monkeypatch, tmp_path)
    assert openapi.spec_path() is None
    for _ in range(2):  # once per process, however many fakes
        async with FakeDiscord.running() as fake:
            assert fake.spec is None
            assert fake.checks == set(strict.CHECKS) - {"schema"}
            guild = fake.add_guild("Plain")
            channel = fake.add_channel(guild, "general")
            async with aiohttp.ClientSession() as http:
                url = fake.api_base + f"/channels/{channel.id}/messages"
                async with http.post(url, json={"content": 5}) as resp:  # a type: schema only
                    assert resp.status == 200
                async with http.post(url, json={"embeds": [{"title": "t" * 257}]}) as resp:
                    assert resp.status == 400
                    assert fake.rejections[-1].rejected == "message_limits"
    lines = capsys.readouterr().err.splitlines()
    assert lines == [openapi.schema_off_line()], lines
    assert lines[0].startswith("fakediscord: schema validation is off: ")
    assert str(tmp_path / "shared" / "discord" / "openapi.json") in lines[0]


def test_the_spec_is_looked_for_beside_the_repository_then_in_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    point_lookup_nowhere(monkeypatch, tmp_path)
    assert openapi.DEFAULT_SPEC == tmp_path / "shared" / "discord" / "openapi.json"
    assert openapi.candidates() == [openapi.DEFAULT_SPEC]
    missing = tmp_path / "nowhere.json"
    monkeypatch.setenv("DISCORD_OPENAPI", str(missing))
    assert openapi.spec_path() is None
    assert f"$DISCORD_OPENAPI={missing}" in openapi.schema_off_line()
    assert openapi.status_line() == openapi.schema_off_line()
    old_name = tmp_path / "old.json"
    old_name.write_text(json.dumps(TINY_SPEC))
    monkeypatch.setenv("FAKEDISCORD_OPENAPI", str(old_name))  # the older name still works
    assert openapi.spec_path() == old_name
    assert openapi.status_line() is None
    env = tmp_path / "env.json"
    env.write_text(json.dumps(TINY_SPEC))
    monkeypatch.setenv("DISCORD_OPENAPI", str(env))
    assert openapi.spec_path() == env
    openapi.DEFAULT_SPEC.parent.mkdir(parents=True)
    openapi.DEFAULT_SPEC.write_text(json.dumps(TINY_SPEC))
    assert openapi.spec_path() == openapi.DEFAULT_SPEC  # ../shared first
    with pytest.raises(FileNotFoundError):
        openapi.load(str(missing))  # a path asked for by name must exist


@pytest.mark.asyncio
async def test_a_spec_named_by_discord_openapi_turns_schema_validation_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    point_lookup_nowhere(monkeypatch, tmp_path)
    tiny = tmp_path / "openapi.json"
    tiny.write_text(json.dumps(TINY_SPEC))
    monkeypatch.setenv("DISCORD_OPENAPI", str(tiny))
    async with FakeDiscord.running() as fake:
        assert fake.spec is not None and "schema" in fake.checks
        guild = fake.add_guild("Tiny")
        channel = fake.add_channel(guild, "general")
        async with aiohttp.ClientSession() as http:
            url = fake.api_base + f"/channels/{channel.id}/messages"
            async with http.post(url, json={"content": "short"}) as resp:
                assert resp.status == 200
            async with http.post(url, json={"content": "longer"}) as resp:
                assert resp.status == 400
                assert fake.rejections[-1].rejected == "schema"
    assert capsys.readouterr().err == ""
