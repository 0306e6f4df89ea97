"""The chaos soak (issue 31 item 1): real ``crowntable run`` processes (two on one PostgreSQL
schema as shards 0 and 1, one on an SQLite file) against two fake Discords, many tables of every
game played by scripted clickers and AI seats while a fault schedule breaks things, and
checkers that say what went wrong. ``bench/soak.py`` runs it for long, the ``slow`` test
``tests/e2e/test_soak.py`` for a minute; both use :func:`tests.soak.run.soak`.

Parts: ``procs`` (the bot processes, their databases, killing and restarting them),
``clickers`` (a table played like people and pranksters do), ``schedule`` (the faults),
``checks`` (the invariants), ``run`` (the whole thing and its figures)."""

import bot.adapter.app  # noqa: F401, E402  (registers every catalogue the bot's texts come from)
