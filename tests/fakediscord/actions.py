"""What users do: run a slash command, click a button, pick from a select, submit a modal.

Each action sends INTERACTION_CREATE over the gateway exactly as Discord would (``member``
with permissions in guilds, ``user`` in DMs, the clicked ``message``, a fresh id and token),
waits for the bot's callback and returns an InteractionResult. A Discord client would refuse
some things outright (a command hidden by permissions, a disabled button, a message the user
cannot see): those raise ``UserCannot`` in the test instead of reaching the bot.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from . import models as m
from .permissions import channel_permissions

if TYPE_CHECKING:
    from .server import FakeDiscord

OPTION_TYPES = {
    1: "subcommand",
    2: "group",
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}


class UserCannot(Exception):
    """The Discord client would not let the user do this (so the bot never sees it)."""


class InteractionResult:
    """What the bot answered to one interaction. Reads live state: follow-ups and edits that
    arrive later show up here too."""

    def __init__(self, fake: FakeDiscord, interaction: m.Interaction) -> None:
        self.fake = fake
        self.interaction = interaction

    # the callback
    @property
    def type(self) -> int | None:
        """Callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 9 modal."""
        return self.interaction.response_type

    @property
    def type_name(self) -> str | None:
        return m.CALLBACK_NAMES.get(self.type) if self.type else None

    @property
    def deferred(self) -> bool:
        return self.type in (m.DEFERRED_CHANNEL_MESSAGE, m.DEFERRED_UPDATE_MESSAGE)

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's first callback."""
        return self.interaction.ack_latency

    @property
    def modal(self) -> dict | None:
        return self.interaction.modal

    # the message it produced (type 4/5: the new response; 6/7: the clicked message)
    @property
    def message(self) -> m.Message | None:
        return self.interaction.original

    @property
    def followups(self) -> list[m.Message]:
        return [f for f in self.interaction.followups if f is not self.interaction.original]

    @property
    def messages(self) -> list[m.Message]:
        """The response message (if any) and every follow-up, in order."""
        out = [self.message] if self.message is not None else []
        return out + self.followups

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message.ephemeral)

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def embeds(self) -> list[dict]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict]:
        return self.message.components if self.message else []

    @property
    def flags(self) -> int:
        return self.message.flags if self.message else 0

    @property
    def labels(self) -> list[str]:
        return self.message.labels if self.message else []

    @property
    def attachments(self) -> list[bytes]:
        return [a.data for a in self.message.attachments] if self.message else []

    def text(self) -> str:
        """All text of the response and its follow-ups (content, embeds, labels)."""
        return "\n".join(x.text(history=False) for x in self.messages)

    async def wait_followups(self, n: int = 1, timeout: float = 5.0) -> list[m.Message]:
        await self.fake.wait_for(
            lambda: len(self.followups) >= n,
            timeout=timeout,
            what=f"{n} follow-up(s) to {self.interaction!r}",
        )
        return self.followups

    def __repr__(self) -> str:
        eph = " ephemeral" if self.ephemeral else ""
        return (
            f"<InteractionResult {self.type_name}{eph} {self.content[:60]!r} labels={self.labels}>"
        )


class Actions:
    """Mixed into FakeDiscord."""

    # --- slash commands ---------------------------------------------------------------
    async def slash(
        self: FakeDiscord,
        user: m.User,
        channel: m.Channel,
        command: str,
        /,
        *,
        _timeout: float = 5.0,
        _wait: bool = True,
        _validate: bool = True,
        **options: Any,
    ) -> InteractionResult:
        """Run ``/command`` as `user` in `channel`, e.g. ``slash(alice, general, "game new",
        game="majesty")``. Words after the command name pick subcommand groups/subcommands;
        words left over fill the leaf's options in order (``"game new majesty"``).
        Option values are converted to the registered option types (users/channels may be
        given as objects). Underscore keywords control the fake, not the command."""
        cmd, scope = self._find_command(user, channel, command.split()[0])
        words = command.split()[1:]
        node = cmd
        chain: list[dict] = []
        while words and any(
            o.get("type") in (1, 2) and o["name"] == words[0] for o in node.get("options") or []
        ):
            node = next(
                o for o in node["options"] if o.get("type") in (1, 2) and o["name"] == words[0]
            )
            chain.append(node)
            words.pop(0)
        if any(o.get("type") in (1, 2) for o in node.get("options") or []):
            subs = [o["name"] for o in node["options"] if o.get("type") in (1, 2)]
            raise UserCannot(
                f"/{command}: choose one of {subs} (Discord cannot run a command group)"
            )
        params = [o for o in node.get("options") or [] if o.get("type") not in (1, 2)]
        for word in words:
            free = [p for p in params if p["name"] not in options]
            if not free:
                raise UserCannot(f"/{command}: no option left for the word {word!r}")
            options[free[0]["name"]] = word
        resolved: dict[str, dict] = {}
        leaf_options = self._build_options(command, params, options, resolved, channel, _validate)
        nested = leaf_options
        for sub in reversed(chain):
            nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": nested}
        if scope is not None:
            data["guild_id"] = str(scope)
        if resolved:
            data["resolved"] = resolved
        return await self._interact(
            m.APPLICATION_COMMAND,
            user,
            channel,
            data,
            command_name=command,
            timeout=_timeout,
            wait=_wait,
        )

    async def autocomplete(
        self: FakeDiscord,
        user: m.User,
        channel: m.Channel,
        command: str,
        option: str,
        typed: str = "",
        /,
        *,
        _timeout: float = 5.0,
        **options: Any,
    ) -> list[dict]:
        """Type `typed` into `option` of ``/command`` (other options already filled from
        keywords) and return the choices the bot suggests ([{"name", "value"}])."""
        cmd, scope = self._find_command(user, channel, command.split()[0])
        node, chain = cmd, []
        for word in command.split()[1:]:
            node = next(
                o
                for o in node.get("options") or []
                if o.get("type") in (1, 2) and o["name"] == word
            )
            chain.append(node)
        params = [o for o in node.get("options") or [] if o.get("type") not in (1, 2)]
        spec = next((p for p in params if p["name"] == option), None)
        if spec is None or not spec.get("autocomplete"):
            raise UserCannot(f"/{command} {option}: not an autocomplete option")
        resolved: dict[str, dict] = {}
        given = self._build_options(command, params, options, resolved, channel, False)
        given.append({"name": option, "type": spec["type"], "value": typed, "focused": True})
        for sub in reversed(chain):
            given = [{"name": sub["name"], "type": sub["type"], "options": given}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": given}
        if scope is not None:
            data["guild_id"] = str(scope)
        result = await self._interact(
            m.AUTOCOMPLETE, user, channel, data, command_name=command, timeout=_timeout
        )
        return list((result.interaction.response_data or {}).get("choices") or [])

    def _find_command(
        self: FakeDiscord, user: m.User, channel: m.Channel, name: str
    ) -> tuple[dict, int | None]:
        guild = channel.guild
        scopes = ([guild.id] if guild else []) + [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    self._check_command_allowed(cmd, user, channel)
                    return cmd, scope
        known = sorted({c["name"] for s in scopes for c in self.commands.get(s, [])})
        raise UserCannot(f"/{name} is not registered here (registered: {known})")

    def _check_command_allowed(
        self: FakeDiscord, cmd: dict, user: m.User, channel: m.Channel
    ) -> None:
        if channel.is_dm:
            contexts = cmd.get("contexts")
            if cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise UserCannot(f"/{cmd['name']} is not available in DMs")
            return
        contexts = cmd.get("contexts")
        if contexts is not None and 0 not in contexts:
            raise UserCannot(f"/{cmd['name']} is not available in guilds")
        needed = cmd.get("default_member_permissions")
        if needed is not None:
            member = channel.guild.members[user.id]
            if int(needed) & ~member.permissions:
                raise UserCannot(
                    f"{user.name} lacks the permissions {needed} that /{cmd['name']} requires"
                )

    def _build_options(
        self: FakeDiscord,
        command: str,
        params: list[dict],
        given: dict[str, Any],
        resolved: dict[str, dict],
        channel: m.Channel,
        validate: bool,
    ) -> list[dict]:
        by_name = {p["name"]: p for p in params}
        unknown = set(given) - set(by_name)
        if unknown:
            raise UserCannot(
                f"/{command} has no option(s) {sorted(unknown)}; it has {list(by_name)}"
            )
        out = []
        for p in params:
            if p["name"] not in given:
                if p.get("required") and validate:
                    raise UserCannot(f"/{command}: option {p['name']!r} is required")
                continue
            value = self._option_value(p, given[p["name"]], resolved, channel)
            if validate:
                self._validate_option(command, p, value)
            out.append({"name": p["name"], "type": p["type"], "value": value})
        return out

    def _option_value(
        self: FakeDiscord, p: dict, value: Any, resolved: dict, channel: m.Channel
    ) -> Any:
        t = p["type"]
        if t == 3:
            return str(value)
        if t == 4:
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, str))
                or not str(value).lstrip("-").isdigit()
            ):
                raise UserCannot(f"option {p['name']!r} needs an integer, got {value!r}")
            return int(value)
        if t == 5:
            if isinstance(value, str):
                return value.lower() in ("true", "yes", "1")
            return bool(value)
        if t == 10:
            return float(value)
        if t in (6, 9):
            user = value if isinstance(value, m.User) else self._users[int(value)]
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if channel.guild and user.id in channel.guild.members:
                member = channel.guild.members[user.id].payload(with_permissions=True)
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if t == 7:
            ch = value if isinstance(value, m.Channel) else self._channels[int(value)]
            data = ch.payload()
            entry = {
                k: data.get(k)
                for k in ("id", "name", "type", "parent_id", "thread_metadata")
                if k in data
            }
            entry["permissions"] = str(m.ALL_PERMISSIONS)
            resolved.setdefault("channels", {})[str(ch.id)] = entry
            return str(ch.id)
        if t == 8:
            role = value
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        raise UserCannot(f"option type {OPTION_TYPES.get(t, t)} is not supported by the fake")

    @staticmethod
    def _validate_option(command: str, p: dict, value: Any) -> None:
        choices = p.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise UserCannot(
                f"/{command}: {p['name']}={value!r} is not one of the choices "
                f"{[c['value'] for c in choices]}"
            )
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if p.get("min_value") is not None and value < p["min_value"]:
                raise UserCannot(f"/{command}: {p['name']} must be >= {p['min_value']}")
            if p.get("max_value") is not None and value > p["max_value"]:
                raise UserCannot(f"/{command}: {p['name']} must be <= {p['max_value']}")
        if isinstance(value, str) and p["type"] == 3:
            if p.get("min_length") is not None and len(value) < p["min_length"]:
                raise UserCannot(f"/{command}: {p['name']} is too short")
            if p.get("max_length") is not None and len(value) > p["max_length"]:
                raise UserCannot(f"/{command}: {p['name']} is too long")

    # --- components -------------------------------------------------------------------
    async def click(
        self: FakeDiscord,
        user: m.User,
        message: Any,
        target: str,
        *,
        timeout: float = 5.0,
        wait: bool = True,
        allow_disabled: bool = False,
        stale: bool = False,
    ) -> InteractionResult:
        """Click the button whose custom_id or label is `target` on `message` (a Message,
        an InteractionResult, or a message id). Works on channel, ephemeral and DM messages.
        `stale=True`: the button may come from an older version of the message (a client
        that has not seen the bot's edit yet); `allow_disabled=True`: click it even if disabled."""
        msg, data = self._button(message, target, allow_disabled=allow_disabled, stale=stale)
        return await self._interact(
            m.MESSAGE_COMPONENT, user, msg.channel, data, message=msg, timeout=timeout, wait=wait
        )

    async def click_together(
        self: FakeDiscord,
        *clicks: tuple[m.User, Any, str],
        timeout: float = 5.0,
        stale: bool = False,
    ) -> list[InteractionResult]:
        """Several clicks at the same instant: every component is looked up first, then all
        INTERACTION_CREATEs go out back to back (the bot reads them in one go), then we wait
        for every answer. ``click_together((alice, msg, "Draft 1"), (bob, msg, "Draft 1"))``;
        the same user twice is a double click."""
        inters = []
        for user, message, target in clicks:
            msg, data = self._button(message, target, allow_disabled=False, stale=stale)
            inters.append(
                self._new_interaction(m.MESSAGE_COMPONENT, user, msg.channel, data, message=msg)
            )
        for inter in inters:
            await self._send(inter)
        await asyncio.gather(*(self._await_answer(inter, timeout) for inter in inters))
        return [InteractionResult(self, inter) for inter in inters]

    async def send_component(
        self: FakeDiscord,
        user: m.User,
        message: Any,
        custom_id: str,
        *,
        component_type: int = 2,
        values: list[str] | None = None,
        timeout: float = 5.0,
        wait: bool = True,
    ) -> InteractionResult:
        """A component interaction with any custom_id/values, present on the message or not:
        what a modified client, or a message rendered long ago, could send. For testing the
        bot's refusals of unknown options; normal tests use click/select."""
        msg = self._resolve_message(message)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if component_type != 2:
            data["values"] = list(values or [])
        return await self._interact(
            m.MESSAGE_COMPONENT, user, msg.channel, data, message=msg, timeout=timeout, wait=wait
        )

    def _button(
        self: FakeDiscord, message: Any, target: str, *, allow_disabled: bool, stale: bool
    ) -> tuple[m.Message, dict]:
        msg = self._resolve_message(message)
        button = self._find_component(msg, target, kinds=(2,), stale=stale)
        if button.get("style") == 5:
            raise UserCannot(
                f"{target!r} is a link button: it opens {button.get('url')}, no interaction"
            )
        if button.get("disabled") and not allow_disabled:
            raise UserCannot(f"button {target!r} on {msg!r} is disabled")
        return msg, {"custom_id": button["custom_id"], "component_type": 2}

    async def select(
        self: FakeDiscord,
        user: m.User,
        message: Any,
        target: str,
        values: list[str] | str,
        *,
        timeout: float = 5.0,
        wait: bool = True,
        allow_disabled: bool = False,
        stale: bool = False,
    ) -> InteractionResult:
        """Pick `values` (option values, or labels) in the select whose custom_id or
        placeholder is `target`."""
        msg = self._resolve_message(message)
        sel = self._find_component(msg, target, kinds=(3, 5, 6, 7, 8), stale=stale)
        if sel.get("disabled") and not allow_disabled:
            raise UserCannot(f"select {target!r} on {msg!r} is disabled")
        values = [values] if isinstance(values, str) else list(values)
        data: dict[str, Any] = {"custom_id": sel["custom_id"], "component_type": sel["type"]}
        if sel["type"] == 3:
            options = sel.get("options") or []
            by_label = {o["label"]: o["value"] for o in options}
            valid = [o["value"] for o in options]
            values = [v if v in valid else by_label.get(v, v) for v in values]
            bad = [v for v in values if v not in valid]
            if bad:
                raise UserCannot(f"select {target!r} has no option(s) {bad}; options: {valid}")
            lo, hi = sel.get("min_values", 1), sel.get("max_values", 1)
            if not lo <= len(values) <= hi:
                raise UserCannot(f"select {target!r} takes {lo}..{hi} values, got {len(values)}")
            data["values"] = values
        else:
            ids = [str(v.id) if hasattr(v, "id") else str(v) for v in values]
            data["values"] = ids
            resolved: dict[str, dict] = {}
            for raw in values:
                if sel["type"] in (5, 7) or isinstance(raw, m.User):
                    if isinstance(raw, m.User) or int(raw) in self._users:
                        u = raw if isinstance(raw, m.User) else self._users[int(raw)]
                        resolved.setdefault("users", {})[str(u.id)] = u.payload()
                        guild = msg.channel.guild
                        if guild and u.id in guild.members:  # as Discord: members resolved too
                            member = guild.members[u.id].payload(with_permissions=True)
                            member.pop("user")
                            resolved.setdefault("members", {})[str(u.id)] = member
                if isinstance(raw, m.Channel):
                    resolved.setdefault("channels", {})[str(raw.id)] = {
                        "id": str(raw.id),
                        "name": raw.name,
                        "type": raw.type,
                        "permissions": str(m.ALL_PERMISSIONS),
                    }
            data["resolved"] = resolved
        return await self._interact(
            m.MESSAGE_COMPONENT, user, msg.channel, data, message=msg, timeout=timeout, wait=wait
        )

    async def submit_modal(
        self: FakeDiscord,
        user: m.User,
        source: InteractionResult | m.Interaction,
        values: dict[str, Any] | None = None,
        *,
        timeout: float = 5.0,
        wait: bool = True,
        **fields: Any,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in answer to `source`. `values` (or
        keywords) map each input's custom_id to its text (or list of values for selects)."""
        inter = source.interaction if isinstance(source, InteractionResult) else source
        if inter.modal is None:
            raise UserCannot(f"{inter!r} was not answered with a modal")
        given = dict(values or {}, **fields)
        modal = inter.modal
        used: set[str] = set()

        def fill(comp: dict) -> dict:
            t = comp.get("type")
            if t == 1:
                return {"type": 1, "components": [fill(c) for c in comp.get("components") or []]}
            if t == 18:
                out = {"type": 18, "component": fill(comp["component"])}
                if "id" in comp:
                    out["id"] = comp["id"]
                return out
            if t == 10:
                return {"type": 10, "content": comp.get("content", "")}
            cid = comp.get("custom_id")
            used.add(cid)
            if t == 4:
                text = str(given.get(cid, comp.get("value") or ""))
                if comp.get("required", True) and not text:
                    raise UserCannot(f"modal input {cid!r} is required")
                if comp.get("max_length") is not None and len(text) > comp["max_length"]:
                    raise UserCannot(f"modal input {cid!r} allows {comp['max_length']} characters")
                if text and comp.get("min_length") is not None and len(text) < comp["min_length"]:
                    raise UserCannot(f"modal input {cid!r} needs {comp['min_length']} characters")
                return {"type": 4, "custom_id": cid, "value": text}
            vals = given.get(cid, [])
            return {
                "type": t,
                "custom_id": cid,
                "values": [vals] if isinstance(vals, str) else list(vals),
            }

        components = [fill(c) for c in modal.get("components") or []]
        unknown = set(given) - used
        if unknown:
            raise UserCannot(f"modal {modal.get('custom_id')!r} has no input(s) {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        return await self._interact(
            m.MODAL_SUBMIT,
            user,
            inter.channel,
            data,
            message=inter.message,
            timeout=timeout,
            wait=wait,
        )

    def _resolve_message(self: FakeDiscord, message: Any) -> m.Message:
        if isinstance(message, m.Message):
            return message
        if isinstance(message, InteractionResult):
            if message.message is None:
                raise UserCannot(f"{message!r} produced no message to click on")
            return message.message
        if isinstance(message, int):
            for msg in self.all_messages():
                if msg.id == message:
                    return msg
        raise UserCannot(f"no such message {message!r}")

    @staticmethod
    def _find_component(
        msg: m.Message, target: str, *, kinds: tuple[int, ...], stale: bool = False
    ) -> dict:
        versions = [msg.components] + (
            [v["components"] for v in reversed(msg.versions)] if stale else []
        )
        for components in versions:
            comps = [c for c in m.walk_components(components) if c.get("type") in kinds]
            for key in ("custom_id", "label", "placeholder"):
                hits = [c for c in comps if c.get(key) == target]
                if len(hits) > 1:
                    raise UserCannot(
                        f"{target!r} matches {len(hits)} components on {msg!r}; use a custom_id"
                    )
                if hits:
                    return hits[0]
        comps = [c for c in msg.all_components() if c.get("type") in kinds]
        have = [(c.get("label") or c.get("placeholder"), c.get("custom_id")) for c in comps]
        raise UserCannot(f"no component {target!r} on {msg!r}; it has {have}")

    # --- dispatch ---------------------------------------------------------------------
    async def _interact(
        self: FakeDiscord,
        itype: int,
        user: m.User,
        channel: m.Channel,
        data: dict,
        *,
        message: m.Message | None = None,
        command_name: str | None = None,
        timeout: float = 5.0,
        wait: bool = True,
    ) -> InteractionResult:
        inter = self._new_interaction(
            itype, user, channel, data, message=message, command_name=command_name
        )
        await self._send(inter)
        if wait:
            await self._await_answer(inter, timeout)
        return InteractionResult(self, inter)

    def _new_interaction(
        self: FakeDiscord,
        itype: int,
        user: m.User,
        channel: m.Channel,
        data: dict,
        *,
        message: m.Message | None = None,
        command_name: str | None = None,
    ) -> m.Interaction:
        if channel.is_dm:
            if channel.recipient is not user:
                raise UserCannot(
                    f"{user.name} is not in the DM channel of {channel.recipient.name}"
                )
        elif user.id not in channel.guild.members:
            raise UserCannot(f"{user.name} is not a member of {channel.guild.name}")
        if message is not None and not message.can_see(user):
            raise UserCannot(f"{user.name} cannot see {message!r}")
        inter = m.Interaction(
            id=m.snowflake(),
            token=f"fake-{secrets.token_urlsafe(32)}",
            type=itype,
            user=user,
            channel=channel,
            data=data,
            payload={},
            command_name=command_name,
            message=message,
        )
        inter.payload = self._interaction_payload(inter)
        self._interactions[inter.id] = inter
        self._interactions_by_token[inter.token] = inter
        return inter

    async def _send(self: FakeDiscord, inter: m.Interaction) -> None:
        def sent() -> None:
            inter.dispatched_at = self.clock()

        await self.gateway.dispatch(
            "INTERACTION_CREATE", inter.payload, guild=inter.channel.guild, on_sent=sent
        )

    async def _await_answer(self: FakeDiscord, inter: m.Interaction, timeout: float) -> None:
        await self.wait_for(
            lambda: inter.acknowledged or inter.late,
            timeout=timeout,
            what=f"the bot to answer {inter!r}",
        )
        if inter.late:
            raise AssertionError(
                f"the bot answered {inter!r} after {inter.ack_latency:.2f}s; "
                "Discord had already failed the interaction (3 s limit)"
            )
        if inter.response_type == m.DEFERRED_CHANNEL_MESSAGE:
            await self.wait_for(
                lambda: inter.original is not None and not inter.original.loading,
                timeout=timeout,
                what=f"the deferred answer to {inter!r}",
            )

    def _interaction_payload(self: FakeDiscord, inter: m.Interaction) -> dict[str, Any]:
        channel, guild = inter.channel, inter.channel.guild
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "locale": inter.user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild is not None:
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {
                "id": str(guild.id),
                "locale": guild.preferred_locale,
                "features": [],
            }
            payload["guild_locale"] = guild.preferred_locale
            member = guild.members[inter.user.id]
            payload["member"] = member.payload(with_permissions=True)
            # Discord sends both as permissions in the channel (overwrites applied)
            payload["member"]["permissions"] = str(channel_permissions(member, channel))
            payload["app_permissions"] = str(
                channel_permissions(guild.members[self.bot_user.id], channel)
            )
            payload["channel"]["permissions"] = payload["member"]["permissions"]
        else:
            payload["user"] = inter.user.payload()
            payload["app_permissions"] = str(m.EVERYONE_PERMISSIONS)
        if inter.message is not None:
            payload["message"] = inter.message.payload()
        return payload
