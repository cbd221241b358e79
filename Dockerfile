# Facedown: the web app. SQLite on the /data volume by default; DATABASE_URL picks another.
#   docker build -t facedown .
#   docker run -p 8000:8000 -v facedown-data:/data facedown
#   docker run -p 8000:8000 -e DATABASE_URL=postgresql+psycopg://user:pass@host/db facedown
# Several servers on one PostgreSQL behind nginx: deploy/compose.yaml (README "Deployment").
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# A font for the rulings' chat-preview images (PNG, drawn with resvg: app/web/ruling_image.py).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*

# templates/, static/ and migrations/ live beside app/ (not inside the package), so the app is
# installed editable from /app and finds them where the repository keeps them.
COPY pyproject.toml README.md ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static

RUN pip install -e . \
 && groupadd --system --gid 10001 facedown \
 && useradd --system --uid 10001 --gid facedown --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin facedown \
 && mkdir -p /data \
 && chown facedown:facedown /data

# The conventional name, so that `docker run -e DATABASE_URL=...` (or a platform's) replaces it.
ENV DATABASE_URL=sqlite:////data/facedown.db
VOLUME /data

# Everything above needed root; from here on the app runs as facedown and can write only /data.
USER 10001:10001

EXPOSE 8000

# No curl in slim images: ask /healthz with the standard library (urlopen raises on 4xx/5xx).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]

# No --db: the database is DATABASE_URL's (or FACEDOWN_DATABASE_URL's, which wins).
CMD ["facedown", "serve", "--host", "0.0.0.0", "--port", "8000"]
