"""The Activity web surface (issue 32): an aiohttp server in the bot process, on when
``WEB_PORT`` is set. It imports nothing from discord.py: what it needs of the bot (the one
path for moves, the worded options, Why?, the reader's language) is a :class:`bot.web.bridge.Bridge`
the adapter gives it. The protocol is ``/work/prompts/web-protocol.md``, kept as
``docs/decisions/0025-web-surface.md``."""
