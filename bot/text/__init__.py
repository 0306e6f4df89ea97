"""Text: the translation function, the catalogues and the per-game presenters (views, moves and
events into words). Imports games; never ``discord``, ``bot.core`` nor ``bot.adapter``."""
