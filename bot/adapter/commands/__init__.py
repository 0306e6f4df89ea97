"""Slash command trees: thin callbacks that hand over to :mod:`bot.adapter.handlers`."""
