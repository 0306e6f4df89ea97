"""Numbered schema migrations, applied in order and recorded in ``PRAGMA user_version``.

Never edit a released migration: add the next number.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: sessions, seats, the move log, results, ratings, users
    """
    CREATE TABLE sessions (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    TEXT,
        channel_id  TEXT NOT NULL,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL,
        seed        INTEGER NOT NULL,
        status      TEXT NOT NULL,
        version     INTEGER NOT NULL,
        host_id     TEXT NOT NULL,
        turn_secs   INTEGER,
        state       TEXT,
        move_count  INTEGER NOT NULL DEFAULT 0,
        clock       TEXT NOT NULL DEFAULT '{}',
        next_alarm  REAL,
        meta        TEXT NOT NULL DEFAULT '{}',
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE UNIQUE INDEX sessions_one_active_per_channel
        ON sessions(channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX sessions_alarm ON sessions(next_alarm) WHERE next_alarm IS NOT NULL;
    CREATE TABLE seats (
        session_id  INTEGER NOT NULL REFERENCES sessions(id),
        seat        INTEGER NOT NULL,
        player_id   TEXT NOT NULL,
        name        TEXT NOT NULL,
        is_ai       INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (session_id, seat),
        UNIQUE (session_id, player_id)
    );
    CREATE TABLE moves (
        session_id  INTEGER NOT NULL REFERENCES sessions(id),
        seq         INTEGER NOT NULL,
        player_id   TEXT NOT NULL,
        move        TEXT NOT NULL,
        source      TEXT NOT NULL,
        at          REAL NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE results (
        session_id  INTEGER NOT NULL REFERENCES sessions(id),
        guild_id    TEXT,
        game        TEXT NOT NULL,
        player_id   TEXT NOT NULL,
        rank        INTEGER NOT NULL,
        score       REAL,
        players     INTEGER NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (session_id, player_id)
    );
    CREATE INDEX results_by_player ON results(guild_id, player_id);
    CREATE TABLE ratings (
        guild_id    TEXT NOT NULL,
        game        TEXT NOT NULL,
        player_id   TEXT NOT NULL,
        mu          REAL NOT NULL,
        sigma       REAL NOT NULL,
        games       INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        updated_at  REAL NOT NULL,
        PRIMARY KEY (guild_id, game, player_id)
    );
    CREATE TABLE users (
        user_id     TEXT PRIMARY KEY,
        dms_closed  INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 2: when a DM was refused, so the bot tries again later instead of never
    """
    ALTER TABLE users ADD COLUMN closed_at REAL;
    UPDATE users SET closed_at = 0 WHERE dms_closed = 1
    """,
    # 3: languages (a server's choice for its channels, each user's last seen locale), an AI
    # seat's level, spectators of a table, and finished games by server and time (history)
    """
    ALTER TABLE users ADD COLUMN locale TEXT;
    CREATE TABLE guild_settings (
        guild_id    TEXT PRIMARY KEY,
        locale      TEXT,
        updated_at  REAL NOT NULL
    );
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    CREATE TABLE watchers (
        session_id  INTEGER NOT NULL REFERENCES sessions(id),
        user_id     TEXT NOT NULL,
        since       REAL NOT NULL,
        PRIMARY KEY (session_id, user_id)
    );
    CREATE INDEX results_by_guild_time ON results(guild_id, finished_at)
    """,
    # 4: the version last shown in Discord as a column (``set_meta`` keeps it), so the
    # start-up catch-up reads the unshown sessions through an index, not the whole history
    """
    ALTER TABLE sessions ADD COLUMN shown_version INTEGER;
    UPDATE sessions SET shown_version = CASE WHEN json_valid(meta)
        THEN json_extract(meta, '$.published_version') END;
    CREATE INDEX sessions_unshown ON sessions(id)
        WHERE status IN ('running', 'finished') AND shown_version IS NOT version
    """,
    # 5: teach mode (issue 24): each user's own choice (NULL: never chose; 1 on, 0 off) and
    # the steps of each game a user has been taught (their prompt explained it once)
    """
    ALTER TABLE users ADD COLUMN teach INTEGER;
    CREATE TABLE teach_seen (
        user_id     TEXT NOT NULL,
        game        TEXT NOT NULL,
        step        TEXT NOT NULL,
        at          REAL NOT NULL,
        PRIMARY KEY (user_id, game, step)
    )
    """,
    # 6: vacations and notification preferences (issue 27 items 4 and 5): how each user is
    # told of a turn (NULL: 'mention'), the digest's local hour and the user's UTC offset in
    # minutes, when the last digest went out (the claim that sends it once), the end of a
    # vacation; every vacation taken, for the 14-days-per-60 rule; the user's tables by seat
    """
    ALTER TABLE users ADD COLUMN notify TEXT;
    ALTER TABLE users ADD COLUMN digest_hour INTEGER;
    ALTER TABLE users ADD COLUMN utc_offset INTEGER;
    ALTER TABLE users ADD COLUMN digest_sent_at REAL;
    ALTER TABLE users ADD COLUMN away_until REAL;
    CREATE TABLE away_log (
        user_id     TEXT NOT NULL,
        started     REAL NOT NULL,
        until       REAL NOT NULL,
        ended       REAL,
        PRIMARY KEY (user_id, started)
    );
    CREATE INDEX users_digest ON users(user_id) WHERE notify = 'digest';
    CREATE INDEX seats_by_player ON seats(player_id)
    """,
]
