"""The PostgreSQL spelling of the numbered migrations in ``migrations.py``: entry N here makes
the same schema change as entry N there (a test checks both lists have the same length and give
the same tables and columns). The version lives in ``schema_version``.

Never edit a released migration: add the next number in both files.
"""

from __future__ import annotations

PG_MIGRATIONS: list[str] = [
    # 1: sessions, seats, the move log, results, ratings, users
    """
    CREATE TABLE sessions (
        id          BIGSERIAL PRIMARY KEY,
        guild_id    TEXT,
        channel_id  TEXT NOT NULL,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL,
        seed        BIGINT NOT NULL,
        status      TEXT NOT NULL,
        version     INTEGER NOT NULL,
        host_id     TEXT NOT NULL,
        turn_secs   INTEGER,
        state       TEXT,
        move_count  INTEGER NOT NULL DEFAULT 0,
        clock       TEXT NOT NULL DEFAULT '{}',
        next_alarm  DOUBLE PRECISION,
        meta        TEXT NOT NULL DEFAULT '{}',
        created_at  DOUBLE PRECISION NOT NULL,
        updated_at  DOUBLE PRECISION NOT NULL
    );
    CREATE UNIQUE INDEX sessions_one_active_per_channel
        ON sessions(channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX sessions_alarm ON sessions(next_alarm) WHERE next_alarm IS NOT NULL;
    CREATE TABLE seats (
        session_id  BIGINT NOT NULL REFERENCES sessions(id),
        seat        INTEGER NOT NULL,
        player_id   TEXT NOT NULL,
        name        TEXT NOT NULL,
        is_ai       BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (session_id, seat),
        UNIQUE (session_id, player_id)
    );
    CREATE TABLE moves (
        session_id  BIGINT NOT NULL REFERENCES sessions(id),
        seq         INTEGER NOT NULL,
        player_id   TEXT NOT NULL,
        move        TEXT NOT NULL,
        source      TEXT NOT NULL,
        at          DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE results (
        session_id  BIGINT NOT NULL REFERENCES sessions(id),
        guild_id    TEXT,
        game        TEXT NOT NULL,
        player_id   TEXT NOT NULL,
        rank        INTEGER NOT NULL,
        score       DOUBLE PRECISION,
        players     INTEGER NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (session_id, player_id)
    );
    CREATE INDEX results_by_player ON results(guild_id, player_id);
    CREATE TABLE ratings (
        guild_id    TEXT NOT NULL,
        game        TEXT NOT NULL,
        player_id   TEXT NOT NULL,
        mu          DOUBLE PRECISION NOT NULL,
        sigma       DOUBLE PRECISION NOT NULL,
        games       INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        updated_at  DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (guild_id, game, player_id)
    );
    CREATE TABLE users (
        user_id     TEXT PRIMARY KEY,
        dms_closed  INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 2: when a DM was refused, so the bot tries again later instead of never
    """
    ALTER TABLE users ADD COLUMN closed_at DOUBLE PRECISION;
    UPDATE users SET closed_at = 0 WHERE dms_closed = 1
    """,
    # 3: languages, an AI seat's level, spectators, finished games by server and time
    """
    ALTER TABLE users ADD COLUMN locale TEXT;
    CREATE TABLE guild_settings (
        guild_id    TEXT PRIMARY KEY,
        locale      TEXT,
        updated_at  DOUBLE PRECISION NOT NULL
    );
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    CREATE TABLE watchers (
        session_id  BIGINT NOT NULL REFERENCES sessions(id),
        user_id     TEXT NOT NULL,
        since       DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (session_id, user_id)
    );
    CREATE INDEX results_by_guild_time ON results(guild_id, finished_at)
    """,
    # 4: the version last shown in Discord as a column, the catch-up's index (the compact
    # meta is read as text: a damaged one must not stop the migration)
    """
    ALTER TABLE sessions ADD COLUMN shown_version INTEGER;
    UPDATE sessions SET shown_version =
        substring(meta from '"published_version":(-?[0-9]+)[,}]')::int;
    CREATE INDEX sessions_unshown ON sessions(id)
        WHERE status IN ('running', 'finished') AND shown_version IS DISTINCT FROM version
    """,
    # 5: teach mode (issue 24): each user's own choice and the steps they were taught
    """
    ALTER TABLE users ADD COLUMN teach INTEGER;
    CREATE TABLE teach_seen (
        user_id     TEXT NOT NULL,
        game        TEXT NOT NULL,
        step        TEXT NOT NULL,
        at          DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (user_id, game, step)
    )
    """,
    # 6: vacations and notification preferences (issue 27 items 4 and 5)
    """
    ALTER TABLE users ADD COLUMN notify TEXT;
    ALTER TABLE users ADD COLUMN digest_hour INTEGER;
    ALTER TABLE users ADD COLUMN utc_offset INTEGER;
    ALTER TABLE users ADD COLUMN digest_sent_at DOUBLE PRECISION;
    ALTER TABLE users ADD COLUMN away_until DOUBLE PRECISION;
    CREATE TABLE away_log (
        user_id     TEXT NOT NULL,
        started     DOUBLE PRECISION NOT NULL,
        until       DOUBLE PRECISION NOT NULL,
        ended       DOUBLE PRECISION,
        PRIMARY KEY (user_id, started)
    );
    CREATE INDEX users_digest ON users(user_id) WHERE notify = 'digest';
    CREATE INDEX seats_by_player ON seats(player_id)
    """,
]
