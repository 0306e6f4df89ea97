"""The slash command tree is valid for Discord: names, descriptions, option limits, choices."""

from __future__ import annotations

import re

import discord
from discord import app_commands

import games
from bot.adapter.commands import game as game_cmds
from bot.adapter.commands import standings as standings_cmds

NAME = re.compile(r"^[-_\w]{1,32}$")


def payloads() -> list[dict]:
    tree_client = discord.Client(intents=discord.Intents.default())
    tree = app_commands.CommandTree(tree_client)
    tree.add_command(game_cmds.build(games.REGISTRY))
    for cmd in standings_cmds.build(games.REGISTRY):
        tree.add_command(cmd)
    return [c.to_dict(tree) for c in tree.get_commands()]


def walk(option: dict, path: str, seen: list[str]) -> None:
    assert NAME.match(option["name"]) and option["name"] == option["name"].lower(), path
    assert 1 <= len(option.get("description", "x")) <= 100, path
    subs = option.get("options", [])
    assert len(subs) <= 25, path
    for choice in option.get("choices", []) or []:
        assert 1 <= len(choice["name"]) <= 100
    assert len(option.get("choices", []) or []) <= 25
    seen.append(path)
    for sub in subs:
        walk(sub, f"{path} {sub['name']}", seen)


def test_every_command_fits_discords_limits() -> None:
    seen: list[str] = []
    for payload in payloads():
        walk(payload, payload["name"], seen)
    for gid in games.REGISTRY:
        assert f"game new {gid}" in seen
    for name in (
        "join",
        "leave",
        "start",
        "status",
        "board",
        "hand",
        "log",
        "abandon",
        "kick",
        "rules",
    ):
        assert f"game {name}" in seen
    assert "standings" in seen and "stats" in seen


def test_new_game_commands_offer_every_engine_option_and_the_turn_clock() -> None:
    by_name = {p["name"]: p for p in payloads()}
    new = next(o for o in by_name["game"]["options"] if o["name"] == "new")
    for sub in new["options"]:
        game = games.get(sub["name"])
        names = {o["name"] for o in sub.get("options", [])}
        assert "turn_clock" in names
        assert set(game.options) <= names, f"{game.id} misses {set(game.options) - names}"
        for option in sub.get("options", []):
            assert option.get("required") is not True
