"""The English texts of the slash commands' names, of ``/crowntable language`` and of each
game's title (issue 12 item 3). Registered beside :mod:`bot.text.catalog_en`.

Command and option names: the English is the name in the code; the translator of
:mod:`bot.adapter.translator` finds them by the command's qualified name
(``command.game.join.name``) or, for an option, by its name alone (``option.member.name``).
A command added later needs its ``command.<path>.name`` here (and the Czech in the .po).
"""

from __future__ import annotations

import games
from bot.text.i18n import register

COMMAND_NAMES: dict[str, str] = {
    "command.game.name": "game",
    "command.game.new.name": "new",
    "command.game.new.majesty.name": "majesty",
    "command.game.new.empire_engine.name": "empire_engine",
    "command.game.new.elves.name": "elves",
    "command.game.new.tek.name": "tek",
    "command.game.join.name": "join",
    "command.game.leave.name": "leave",
    "command.game.start.name": "start",
    "command.game.status.name": "status",
    "command.game.board.name": "board",
    "command.game.hand.name": "hand",
    "command.game.log.name": "log",
    "command.game.abandon.name": "abandon",
    "command.game.kick.name": "kick",
    "command.game.ai.name": "ai",
    "command.game.rules.name": "rules",
    "command.game.card.name": "card",
    "command.help.name": "help",
    "command.teach.name": "teach",
    "command.teach.on.name": "on",
    "command.teach.off.name": "off",
    "option.topic.name": "topic",
    "option.name.name": "name",
    "option.teach.name": "teach",
    "command.standings.name": "standings",
    "command.stats.name": "stats",
    "command.game.history.name": "history",
    "command.game.replay.name": "replay",
    "command.game.export.name": "export",
    "command.crowntable.name": "crowntable",
    "command.crowntable.language.name": "language",
    "command.crowntable.language.option.language.name": "language",
    "option.game.name": "game",
    "option.table.name": "table",
    "option.member.name": "member",
    "option.level.name": "level",
    "option.turn_clock.name": "turn_clock",
    "option.sides.name": "sides",
    "option.mixed_deck.name": "mixed_deck",
    "option.tiebreak_meeples.name": "tiebreak_meeples",
    "option.unbounded_meeples.name": "unbounded_meeples",
    "option.teleport.name": "teleport",
    "option.teleport_anywhere.name": "teleport_anywhere",
    "option.unlimited_bank.name": "unlimited_bank",
    "option.long_game.name": "long_game",
    "option.rounds.name": "rounds",
    "option.open_scores.name": "open_scores",
    "option.teams.name": "teams",
    "option.team_joint_invent.name": "team_joint_invent",
    "option.team_joint_export.name": "team_joint_export",
    "option.team_shared_defence.name": "team_shared_defence",
    "option.team_joint_attack.name": "team_joint_attack",
    "option.house_powers.name": "house_powers",
    "option.joint_export_needs_goods.name": "joint_export_needs_goods",
    "option.zero_majority_bonus.name": "zero_majority_bonus",
    "option.factions.name": "factions",
    "option.exploration.name": "exploration",
    "option.ruins_retreat.name": "ruins_retreat",
    "option.fort_sortie.name": "fort_sortie",
    "option.ruins_each_searcher.name": "ruins_each_searcher",
}

LANGUAGE: dict[str, str] = {
    "cmd.crowntable": "Crowntable's settings: yours and this server's",
    "cmd.crowntable_language": "The language of boards, pings and results in this server's channels",
    "cmd.crowntable_language_option": "The language (server default: the server's language in Discord)",
    "language.en": "English",
    "language.cs": "Czech",
    "language.default": "Server default",
    "crowntable.language_set": "Boards, pings and results in this server's channels are now in {language}. Replies "
    "only you see and DMs stay in each player's own language.",
    "crowntable.language_default": "Boards, pings and results in this server's channels follow the server's language "
    "again (now {language}).",
    "error.not_server_manager": "Only someone with Manage Server can choose the server's language.",
    "error.guild_only_language": "A language is chosen for a server; use this command in one of its channels.",
}

#: ``crowntable demo`` prints these
DEMO: dict[str, str | tuple[str, ...]] = {
    "demo.unknown_game": "Unknown game {game!r}. Known: {known}",
    "demo.seats": "{game} takes {min}-{max} players.",
    "demo.player": "Player {number}",
    "demo.players": ("{n} player", "{n} players"),
    "demo.moves": ("{n} move", "{n} moves"),
    "demo.summary": "{game}: {players}, {moves}, seed {seed}",
    "demo.replay_ok": "replay check: ok",
    "demo.replay_bad": "replay check: {detail}",
    "demo.where": "images and demo.db in {out}",
    "demo.progress": "played {moves} in {secs} s",
}

register(COMMAND_NAMES)
register(DEMO)
register(LANGUAGE)
#: each game's title (the engine's English title), shown through ``i18n.game_title``
register({f"game.{g.id}.title": g.title for g in games.REGISTRY.values()})
