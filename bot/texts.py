"""The English catalogue of the bot's own texts (games register theirs in their presenters)."""

from __future__ import annotations

from bot.i18n import register

EN: dict[str, str] = {
    # errors: one sentence, what to do instead
    "error.no_session": "There is no game in this channel. Start one with `/game new`.",
    "error.channel_busy": "This channel already has a game. Use `/game status` to see it, or play in another channel or thread.",
    "error.unknown_game": "Unknown game `{game}`. Choose one of: {known}.",
    "error.bad_option": "Option `{option}` cannot be `{value}`.",
    "error.unknown_option": "`{option}` is not an option of {game}.",
    "error.bad_setup": "These settings do not work: {detail}",
    "error.already_joined": "You are already seated in this game.",
    "error.lobby_full": "The table is full ({max} players).",
    "error.not_in_lobby": "The game has already started; you can watch with `/game board`.",
    "error.not_running": "The game is not running.",
    "error.not_seated": "You are not seated in this game.",
    "error.not_host": "Only the player who opened the table ({host}) or someone with Manage Channels can do that.",
    "error.too_few_players": "{game} needs at least {min} players; {count} seated. Invite someone or press **Add AI**.",
    "error.stale": "That prompt is out of date. Use the latest prompt, or `/game status` to get a fresh one.",
    "error.not_your_turn": "It is not your turn.",
    "error.busy": "Someone else's move just landed. Try again.",
    "error.no_legal_move": "You have nothing to do right now.",
    "error.dm_only": "That button belongs to another player.",
    "error.kick_self": "Use `/game leave` to leave the table yourself.",
    "error.nobody_to_kick": "{name} is not seated here.",
    "error.internal": "Something went wrong on our side; nothing was changed. Please try again.",
    # host events shown in the log
    "host.started": "The game has started: {players}.",
    "host.timeout": "⏰ {name} ran out of time; a random legal move was made for them.",
    "host.left": "{name} left the game; an AI plays their seat from now on.",
    "host.kicked": "{name} was removed; an AI plays their seat from now on.",
    "host.abandoned": "The game was abandoned by {name}. It will not count in the standings.",
    "host.ai_moved": "{name} (AI) moved.",
    # prompts and lobby
    "prompt.default": "Choose your move.",
    "rules.none": "No rules summary yet.",
}

register(EN)
