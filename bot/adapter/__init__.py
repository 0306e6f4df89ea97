"""The Discord adapter: the only package that imports ``discord``. Client wiring, command
groups, component items, prompt building, publishing and the one error boundary; every change to
a game goes through :class:`bot.host.SessionHost`."""
