"""Channel permissions: a member's guild permissions with the channel's overwrites applied.

Discord's algorithm (Topics > Permissions > Permission Overwrites): start from @everyone plus
the member's roles (owner and ADMINISTRATOR: everything, overwrites ignored); apply the channel's
@everyone overwrite, then the union of the member's role overwrites (deny first, then allow),
then the member's own overwrite. Threads take their parent channel's overwrites. Without
VIEW_CHANNEL a member has no permission in the channel at all.

What the fake enforces with it (see README): ``POST /channels/{id}/messages`` needs VIEW_CHANNEL
(else 403 Missing Access, 50001) and SEND_MESSAGES (SEND_MESSAGES_IN_THREADS in a thread; else
403 Missing Permissions, 50013), ATTACH_FILES for files (50013). Interaction responses and
follow-ups are executed through the interaction's webhook and need none of these (Discord:
"Functions the same as Execute Webhook"), so they are accepted in a channel the bot cannot post
in; ``app_permissions`` and ``member.permissions`` in the interaction carry the channel values.
"""

from __future__ import annotations

from . import models as m

MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013
ROLE, MEMBER = 0, 1


def overwrites_of(channel: m.Channel) -> list[dict]:
    return channel.parent.overwrites if channel.is_thread and channel.parent else channel.overwrites


def channel_permissions(member: m.Member, channel: m.Channel) -> int:
    perms = member.permissions
    if perms == m.ALL_PERMISSIONS:
        return perms
    ows = overwrites_of(channel)
    guild = member.guild
    for o in ows:
        if o["type"] == ROLE and o["id"] == guild.everyone.id:
            perms = (perms & ~o["deny"]) | o["allow"]
    role_ids = {r.id for r in member.roles}
    deny = allow = 0
    for o in ows:
        if o["type"] == ROLE and o["id"] in role_ids:
            deny |= o["deny"]
            allow |= o["allow"]
    perms = (perms & ~deny) | allow
    for o in ows:
        if o["type"] == MEMBER and o["id"] == member.user.id:
            perms = (perms & ~o["deny"]) | o["allow"]
    return perms if perms & m.P_VIEW_CHANNEL else 0


def set_overwrite(channel: m.Channel, target_id: int, kind: int, allow: int, deny: int) -> None:
    """Replace the overwrite for one role or member (allow=deny=0 removes it)."""
    channel.overwrites[:] = [o for o in channel.overwrites if o["id"] != target_id]
    if allow or deny:
        channel.overwrites.append({"id": target_id, "type": kind, "allow": allow, "deny": deny})


def send_requirements(channel: m.Channel, *, has_files: bool) -> list[tuple[int, str]]:
    """(permission bit, name) a channel message needs."""
    need = [(m.P_VIEW_CHANNEL, "VIEW_CHANNEL")]
    if channel.is_thread:
        need.append((m.P_SEND_MESSAGES_IN_THREADS, "SEND_MESSAGES_IN_THREADS"))
    else:
        need.append((m.P_SEND_MESSAGES, "SEND_MESSAGES"))
    if has_files:
        need.append((m.P_ATTACH_FILES, "ATTACH_FILES"))
    return need
