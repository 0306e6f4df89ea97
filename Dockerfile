# Crowntable in a container: `docker compose up -d` (with PostgreSQL, compose.yaml) or
# `docker build -t crowntable . && docker run --env-file .env -v crowntable:/data crowntable`.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
RUN useradd --create-home --uid 10001 crowntable && mkdir /data && chown crowntable /data

WORKDIR /src
COPY pyproject.toml requirements.lock README.md ./
COPY bot bot
COPY games games
COPY renderers renderers
# the runtime dependencies at the versions CI tests (the lock), then the package itself
RUN pip install -c requirements.lock . && rm -rf /src/build

USER crowntable
WORKDIR /data
# SQLite in the /data volume unless DATABASE_URL says otherwise; the health listener on
# all interfaces inside the container (the port is published only if you publish it)
ENV DATABASE_URL=sqlite:////data/crowntable.db HTTP_PORT=8080 HTTP_HOST=0.0.0.0
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8080/healthz', timeout=4).status != 200)"]
CMD ["crowntable", "run"]
