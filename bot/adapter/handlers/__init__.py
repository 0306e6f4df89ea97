"""What each command and component does: parse -> host -> publish -> respond.

Every handler is wrapped by :func:`bot.adapter.boundary.edge` and is acknowledged at once (a
response or a defer), so Discord's three-second window is never missed however long rendering
takes. ``ROUTES`` is the route table the persistent components reach through the client.
"""

from __future__ import annotations

from bot.adapter.handlers import help, history, lobby, play, rematch, rules, undo, watch, why
from bot.adapter.routes import Routes

ROUTES = Routes(
    lobby_button=lobby.lobby_button,
    play=play.play,
    turn_page=play.turn_page,
    open_prompt=play.open_prompt,
    show_hand=play.show_hand,
    replay_step=history.replay_step,
    rematch=rematch.rematch,
    undo=undo.undo,
    watch=watch.watch,
    references=why.references,
    why=why.why,
    rules_topic=rules.rules_topic,
    help_message=help.help_message,
)
