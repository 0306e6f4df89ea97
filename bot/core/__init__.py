"""The Discord-free application core: sessions, turn clock, ratings, the store, errors as codes,
demo and verify, and the board image made off the event loop. Imports games, renderers (through
``render``) and text; never ``discord`` nor ``bot.adapter``."""
