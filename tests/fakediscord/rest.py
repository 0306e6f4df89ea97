"""REST routes under /api/v{9,10}: what discord.py calls, answered with Discord's shapes
and Discord's error codes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import models as m
from . import oauth
from .messages import InvalidBody, apply_message, new_message
from .permissions import MISSING_ACCESS, MISSING_PERMISSIONS, channel_permissions, send_requirements

if TYPE_CHECKING:
    from .server import FakeDiscord


BODY = web.RequestKey("body", object)  # the parsed messages.Body of a request
RECEIVED_AT = web.RequestKey("received_at", float)  # loop.time() when the request arrived


class ApiError(Exception):
    """An error answer. `note` is for the test's eyes only (why the fake said no); it is kept in
    the request log and shown by ``fake.problems()``, never sent to the bot."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict | None = None,
        note: str = "",
        *,
        check: str = "",
    ):
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors, self.note = (
            status,
            code,
            message,
            errors,
            note,
        )
        self.check = check  # the strict check that refused (see strict.CHECKS), if any

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return web.json_response(body, status=self.status)


# Discord's JSON error codes used here
UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_USER = 10003, 10008, 10013
UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, UNKNOWN_GUILD, UNKNOWN_MEMBER = 10015, 10062, 10004, 10007
CANNOT_EDIT_OTHERS_MESSAGE, CANNOT_MESSAGE_USER = 50005, 50007
ALREADY_ACKNOWLEDGED = 40060
INVALID_WEBHOOK_TOKEN = 50027


def no_content() -> web.Response:
    return web.Response(status=204)


class Rest:
    """Handlers get the already-parsed body from ``request[BODY]`` (see server middleware)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> list[tuple[str, str, Any]]:
        r = [
            ("GET", "/users/@me", self.get_me),
            ("GET", "/users/{user_id}", self.get_user),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/oauth2/applications/@me", self.application_info),
            ("GET", "/applications/@me", self.application_info),
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway),
            # application commands: global and per guild
            ("GET", "/applications/{app_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/commands", self.bulk_overwrite_commands),
            ("POST", "/applications/{app_id}/commands", self.upsert_command),
            ("DELETE", "/applications/{app_id}/commands/{command_id}", self.delete_command),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self.get_commands),
            (
                "PUT",
                "/applications/{app_id}/guilds/{guild_id}/commands",
                self.bulk_overwrite_commands,
            ),
            ("POST", "/applications/{app_id}/guilds/{guild_id}/commands", self.upsert_command),
            (
                "DELETE",
                "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}",
                self.delete_command,
            ),
            # interactions
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.interaction_callback),
            ("POST", "/webhooks/{app_id}/{token}", self.followup_create),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self.webhook_message_get),
            (
                "PATCH",
                "/webhooks/{app_id}/{token}/messages/{message_id}",
                self.webhook_message_edit,
            ),
            (
                "DELETE",
                "/webhooks/{app_id}/{token}/messages/{message_id}",
                self.webhook_message_delete,
            ),
            # channels and messages
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.get_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete),
            # guilds
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self.get_guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
        ]
        return r

    # --- helpers ----------------------------------------------------------------------
    def _channel(self, request: web.Request) -> m.Channel:
        try:
            return self.fake._channel(int(request.match_info["channel_id"]))
        except (KeyError, ValueError):
            raise ApiError(404, UNKNOWN_CHANNEL, "Unknown Channel") from None

    def _message(
        self, channel: m.Channel, message_id: str, *, channel_route: bool = True
    ) -> m.Message:
        for msg in channel.messages:
            if str(msg.id) != message_id:
                continue
            if msg.deleted:
                raise ApiError(
                    404, UNKNOWN_MESSAGE, "Unknown Message", note=f"{msg!r} was already deleted"
                )
            if msg.ephemeral and channel_route:
                raise ApiError(
                    404,
                    UNKNOWN_MESSAGE,
                    "Unknown Message",
                    note=f"{msg!r} is ephemeral: only its interaction's webhook reaches it",
                )
            return msg
        raise ApiError(
            404, UNKNOWN_MESSAGE, "Unknown Message", note=f"no message {message_id} in {channel!r}"
        )

    def _json(self, request: web.Request) -> Any:
        return request[BODY].json

    def _files(self, request: web.Request):
        return request[BODY].files

    def _check_app(self, request: web.Request) -> None:
        if request.match_info.get("app_id") != str(self.fake.application_id):
            raise ApiError(404, 10002, "Unknown Application")

    def _interaction_by_token(self, request: web.Request) -> m.Interaction:
        self._check_app(request)
        inter = self.fake._interactions_by_token.get(request.match_info["token"])
        if inter is None:
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        age = self.fake.clock() - (inter.dispatched_at or self.fake.clock())
        if "token_expiry" in self.fake.checks and age > self.fake.token_lifetime:
            raise ApiError(
                401,
                INVALID_WEBHOOK_TOKEN,
                "Invalid Webhook Token",
                note=f"{inter!r}: its token expired {age - self.fake.token_lifetime:.0f}s ago "
                "(interaction tokens are valid for 15 minutes)",
                check="token_expiry",
            )
        return inter

    def _check_can_send(self, channel: m.Channel, *, has_files: bool) -> None:
        """A bot message in a guild channel needs the bot's channel permissions (permissions.py)."""
        if channel.guild is None or "permissions" not in self.fake.checks:
            return
        perms = channel_permissions(channel.guild.members[self.fake.bot_user.id], channel)
        missing = [
            name for bit, name in send_requirements(channel, has_files=has_files) if not perms & bit
        ]
        if not missing:
            return
        if "VIEW_CHANNEL" in missing:
            status, code, message = 403, MISSING_ACCESS, "Missing Access"
        else:
            status, code, message = 403, MISSING_PERMISSIONS, "Missing Permissions"
        raise ApiError(
            status,
            code,
            message,
            note=f"the bot lacks {', '.join(missing)} in {channel!r}",
            check="permissions",
        )

    async def _apply(self, msg: m.Message, data: dict, files, *, creating: bool) -> None:
        try:
            apply_message(self.fake, msg, data, files, creating=creating)
        except InvalidBody as exc:
            raise ApiError(
                400,
                exc.code,
                exc.message,
                exc.errors,
                note="; ".join(exc.lines[:5]),
                check="message_limits",
            ) from None

    async def _announce(self, event: str, msg: m.Message) -> None:
        """MESSAGE_CREATE/UPDATE over the gateway when the bot's intents ask for them
        (ephemeral messages never produce gateway events)."""
        if msg.ephemeral:
            return
        from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MESSAGES

        session = self.fake.gateway.session_for(msg.channel.guild)
        if session is None:
            return
        want = INTENT_DIRECT_MESSAGES if msg.channel.is_dm else INTENT_GUILD_MESSAGES
        if session.wants(want):
            await self.fake.gateway.dispatch(event, msg.payload(), guild=msg.channel.guild)

    # --- users, application, gateway --------------------------------------------------
    async def get_me(self, request: web.Request) -> web.Response:
        bearer = await oauth.me(self.fake, request)  # an Activity's user (OAuth2)
        if bearer is not None:
            return bearer
        return web.json_response(
            self.fake.bot_user.payload() | {"verified": True, "mfa_enabled": False}
        )

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.fake._users.get(int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, UNKNOWN_USER, "Unknown User")
        return web.json_response(user.payload())

    async def application_info(self, request: web.Request) -> web.Response:
        f = self.fake
        return web.json_response(
            {
                "id": str(f.application_id),
                "name": f.bot_user.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot": f.bot_user.payload(),
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": f.owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": f.application_flags,
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(f.guilds),
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        """``/gateway/bot`` says how many shards Discord recommends (the fake's
        ``gateway.recommended_shards``); plain ``/gateway`` gives only the URL."""
        if not request.path.endswith("/bot"):
            return web.json_response({"url": self.fake.gateway_url})
        return web.json_response(
            {
                "url": self.fake.gateway_url,
                "shards": self.fake.gateway.recommended_shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def create_dm(self, request: web.Request) -> web.Response:
        data = self._json(request) or {}
        user = self.fake._users.get(int(data.get("recipient_id", 0)))
        if user is None:
            raise ApiError(404, UNKNOWN_USER, "Unknown User")
        return web.json_response(self.fake._dm_channel(user).payload())

    # --- application commands ---------------------------------------------------------
    def _scope(self, request: web.Request) -> int | None:
        self._check_app(request)
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        if int(gid) not in {g.id for g in self.fake.guilds}:
            raise ApiError(404, UNKNOWN_GUILD, "Unknown Guild")
        return int(gid)

    async def get_commands(self, request: web.Request) -> web.Response:
        return web.json_response(self.fake.commands.get(self._scope(request), []))

    async def bulk_overwrite_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body = self._json(request) or []
        old = {c["name"]: c for c in self.fake.commands.get(scope, [])}
        stored = [self._store_command(cmd, scope, old.get(cmd.get("name"))) for cmd in body]
        self.fake.commands[scope] = stored
        self.fake.command_syncs.append((scope, [c["name"] for c in stored]))
        self.fake._notify()
        return web.json_response(stored)

    async def upsert_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        cmd = self._json(request) or {}
        current = self.fake.commands.setdefault(scope, [])
        old = next((c for c in current if c["name"] == cmd.get("name")), None)
        stored = self._store_command(cmd, scope, old)
        if old is not None:
            current[current.index(old)] = stored
        else:
            current.append(stored)
        self.fake._notify()
        return web.json_response(stored, status=200 if old else 201)

    async def delete_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        cid = request.match_info["command_id"]
        current = self.fake.commands.get(scope, [])
        self.fake.commands[scope] = [c for c in current if c["id"] != cid]
        return no_content()

    def _store_command(self, cmd: dict, scope: int | None, old: dict | None) -> dict:
        stored = dict(cmd)
        stored.setdefault("type", 1)
        stored.setdefault("options", [])
        stored.setdefault("default_member_permissions", None)
        stored.setdefault("nsfw", False)
        stored["id"] = old["id"] if old else str(m.snowflake())
        stored["application_id"] = str(self.fake.application_id)
        stored["version"] = str(m.snowflake())
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    # --- interactions -----------------------------------------------------------------
    def _callback_target(self, request: web.Request) -> tuple[m.Interaction, float]:
        """The interaction a callback answers and when the callback arrived; refuses a second
        initial response (40060) and one after the 3-second window (10062)."""
        fake = self.fake
        inter = fake._interactions.get(int(request.match_info["interaction_id"]))
        if inter is None or inter.token != request.match_info["token"]:
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if inter.acknowledged:
            inter.errors.append("callback after the interaction was already acknowledged")
            raise ApiError(
                400,
                ALREADY_ACKNOWLEDGED,
                "Interaction has already been acknowledged.",
                note=f"{inter!r}: a second initial response",
                check="one_response",
            )
        started = request.get(RECEIVED_AT, fake.clock())
        if (
            inter.dispatched_at is not None
            and fake.ack_deadline is not None
            and started - inter.dispatched_at > fake.ack_deadline
        ):
            inter.late = True
            inter.acked_at = inter.acked_at or started
            inter.errors.append(
                f"callback {started - inter.dispatched_at:.2f}s after dispatch (> 3 s)"
            )
            fake._notify()
            raise ApiError(
                404,
                UNKNOWN_INTERACTION,
                "Unknown interaction",
                note=f"{inter!r}: initial response after {started - inter.dispatched_at:.2f}s",
                check="ack_deadline",
            )
        return inter, started

    async def interaction_callback(self, request: web.Request) -> web.Response:
        fake = self.fake
        inter, started = self._callback_target(request)
        body = self._json(request) or {}
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        files = self._files(request)
        component_like = inter.type == m.MESSAGE_COMPONENT or (
            inter.type == m.MODAL_SUBMIT and inter.message is not None
        )
        msg: m.Message | None = None
        launched: dict[str, Any] | None = None
        if ctype in (m.CHANNEL_MESSAGE, m.DEFERRED_CHANNEL_MESSAGE):
            eph = bool(int(data.get("flags") or 0) & m.EPHEMERAL)
            kind = 20 if inter.type == m.APPLICATION_COMMAND else 0
            msg = new_message(
                fake,
                inter.channel,
                type=kind,
                interaction=inter,
                visible_to=inter.user if eph else None,
                flags=(m.EPHEMERAL if eph else 0) | (m.LOADING if ctype == 5 else 0),
            )
            if ctype == m.CHANNEL_MESSAGE:
                await self._apply(msg, data, files, creating=True)
            else:
                msg.snapshot()
            self.fake._store(msg)
            inter.original = msg
        elif ctype in (m.DEFERRED_UPDATE_MESSAGE, m.UPDATE_MESSAGE):
            if not component_like:
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {"type": "update callbacks need a component interaction"},
                )
            msg = inter.message
            inter.original = msg
            if ctype == m.UPDATE_MESSAGE:
                await self._apply(msg, data, files, creating=False)
        elif ctype == m.MODAL:
            if inter.type == m.MODAL_SUBMIT:
                raise ApiError(
                    400, 50035, "Invalid Form Body", {"type": "cannot answer a modal with a modal"}
                )
            if not data.get("custom_id") or not data.get("title") or not data.get("components"):
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {"data": "modal needs custom_id, title, components"},
                )
            inter.modal = data
        elif ctype == oauth.LAUNCH_ACTIVITY:
            launched = oauth.launch(fake, inter)
        elif ctype == m.AUTOCOMPLETE_RESULT:
            if inter.type != m.AUTOCOMPLETE:
                raise ApiError(400, 50035, "Invalid Form Body", {"type": "not an autocomplete"})
        else:
            raise ApiError(400, 50035, "Invalid Form Body", {"type": f"bad callback type {ctype}"})
        inter.response_type = ctype
        inter.response_data = data
        inter.acked_at = started
        if msg is not None and ctype in (m.CHANNEL_MESSAGE, m.UPDATE_MESSAGE):
            await self._announce("MESSAGE_CREATE" if ctype == 4 else "MESSAGE_UPDATE", msg)
        fake._notify()
        result: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "response_message_loading": ctype == m.DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(msg and msg.ephemeral),
            },
            "resource": {"type": ctype},
        }
        if msg is not None:
            result["interaction"]["response_message_id"] = str(msg.id)
            result["resource"]["message"] = msg.payload()
        if launched is not None:
            result["resource"] = launched
        if "with_response" not in request.query:
            return no_content()
        return web.json_response(result)

    async def followup_create(self, request: web.Request) -> web.Response:
        inter = self._interaction_by_token(request)
        if not inter.acknowledged:
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        data = self._json(request) or {}
        files = self._files(request)
        orig = inter.original
        if (
            inter.response_type == m.DEFERRED_CHANNEL_MESSAGE
            and orig is not None
            and orig.loading
            and not inter.followups
        ):
            # Discord: the first follow-up after a deferred ("thinking") response fills in
            # the loading message instead of sending a new one; its flags stay the defer's.
            data = {k: v for k, v in data.items() if k != "flags"}
            await self._apply(orig, data, files, creating=False)
            self.fake.deprecated.append(
                f"{inter!r}: a follow-up filled in the deferred response (deprecated: edit "
                "@original instead)"
            )
            inter.followups.append(orig)
            msg = orig
            await self._announce("MESSAGE_UPDATE", msg)
        else:
            eph = bool(int(data.get("flags") or 0) & m.EPHEMERAL)
            msg = new_message(
                self.fake,
                inter.channel,
                type=0,
                interaction=inter,
                visible_to=inter.user if eph else None,
                flags=m.EPHEMERAL if eph else 0,
            )
            await self._apply(msg, data, files, creating=True)
            self.fake._store(msg)
            inter.followups.append(msg)
            await self._announce("MESSAGE_CREATE", msg)
        self.fake._notify()
        if request.query.get("wait") in ("true", "True", "1"):
            return web.json_response(msg.payload())
        return no_content()

    def _webhook_message(self, inter: m.Interaction, message_id: str) -> m.Message:
        if message_id == "@original":
            if inter.original is None:
                raise ApiError(
                    404,
                    UNKNOWN_MESSAGE,
                    "Unknown Message",
                    note=f"{inter!r} has no original response (callback {inter.response_type})",
                )
            if inter.original.deleted:
                raise ApiError(
                    404, UNKNOWN_MESSAGE, "Unknown Message", note=f"{inter.original!r} was deleted"
                )
            return inter.original
        for msg in [inter.original, *inter.followups]:
            if msg is not None and str(msg.id) == message_id and not msg.deleted:
                return msg
        raise ApiError(
            404,
            UNKNOWN_MESSAGE,
            "Unknown Message",
            note=f"message {message_id} is not a live response or follow-up of {inter!r}",
        )

    async def webhook_message_get(self, request: web.Request) -> web.Response:
        inter = self._interaction_by_token(request)
        return web.json_response(
            self._webhook_message(inter, request.match_info["message_id"]).payload()
        )

    async def webhook_message_edit(self, request: web.Request) -> web.Response:
        inter = self._interaction_by_token(request)
        msg = self._webhook_message(inter, request.match_info["message_id"])
        await self._apply(msg, self._json(request) or {}, self._files(request), creating=False)
        await self._announce("MESSAGE_UPDATE", msg)
        self.fake._notify()
        return web.json_response(msg.payload())

    async def webhook_message_delete(self, request: web.Request) -> web.Response:
        inter = self._interaction_by_token(request)
        msg = self._webhook_message(inter, request.match_info["message_id"])
        msg.deleted = True
        self.fake._notify()
        return no_content()

    # --- channels and messages --------------------------------------------------------
    async def get_channel(self, request: web.Request) -> web.Response:
        return web.json_response(self._channel(request).payload())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.is_dm and not channel.recipient.dms_open:
            self.fake.blocked_dms.append((channel.recipient, self._json(request)))
            raise ApiError(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
        self._check_can_send(channel, has_files=bool(self._files(request)))
        data = dict(self._json(request) or {})
        data["flags"] = int(data.get("flags") or 0) & ~m.EPHEMERAL
        kind = 19 if data.get("message_reference") else 0
        msg = new_message(self.fake, channel, type=kind)
        await self._apply(msg, data, self._files(request), creating=True)
        self.fake._store(msg)
        await self._announce("MESSAGE_CREATE", msg)
        self.fake._notify()
        return web.json_response(msg.payload())

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        q = request.query
        limit = min(int(q.get("limit", 50)), 100)
        msgs = [x for x in channel.messages if not x.deleted and not x.ephemeral]
        if "before" in q:
            msgs = [x for x in msgs if x.id < int(q["before"])]
        if "after" in q:
            msgs = [x for x in msgs if x.id > int(q["after"])][:limit]
        if "around" in q:
            msgs.sort(key=lambda x: abs(x.id - int(q["around"])))
            msgs = sorted(msgs[:limit], key=lambda x: x.id)
        newest_first = list(reversed(msgs))[:limit]
        return web.json_response([x.payload() for x in newest_first])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(channel, request.match_info["message_id"])
        return web.json_response(msg.payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(channel, request.match_info["message_id"])
        if msg.author is not self.fake.bot_user:
            raise ApiError(
                403, CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user"
            )
        await self._apply(msg, self._json(request) or {}, self._files(request), creating=False)
        await self._announce("MESSAGE_UPDATE", msg)
        self.fake._notify()
        return web.json_response(msg.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(channel, request.match_info["message_id"])
        msg.deleted = True
        self.fake._notify()
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        ids = {str(i) for i in (self._json(request) or {}).get("messages", [])}
        if not 2 <= len(ids) <= 100:
            raise ApiError(
                400, 50016, "You must provide at least 2 and fewer than 100 messages to delete."
            )
        for msg in channel.messages:
            if str(msg.id) in ids and not msg.ephemeral:
                msg.deleted = True
        self.fake._notify()
        return no_content()

    # --- guilds -----------------------------------------------------------------------
    def _guild(self, request: web.Request) -> m.Guild:
        try:
            return self.fake._guild(int(request.match_info["guild_id"]))
        except (KeyError, ValueError):
            raise ApiError(404, UNKNOWN_GUILD, "Unknown Guild") from None

    async def get_guild(self, request: web.Request) -> web.Response:
        data = self._guild(request).payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return web.json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return web.json_response([c.payload() for c in guild.channels if not c.is_thread])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        return web.json_response([r.payload() for r in self._guild(request).roles])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, UNKNOWN_MEMBER, "Unknown Member")
        return web.json_response(member.payload())
