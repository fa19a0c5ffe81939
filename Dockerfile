# The app image: gunicorn serving Django (council/asgi.py), static files by whitenoise. See docs/deployment.md.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app

# Dependencies first, so that a code change does not reinstall them.
COPY pyproject.toml README.md ./
COPY scoring scoring
COPY council council
COPY events events
RUN pip install .

COPY manage.py ./
COPY templates templates
COPY static static
# The translations, compiled from the catalogues in git (docs/i18n.md).
COPY locale locale
RUN pybabel -q compile --domain django --directory locale
RUN useradd --system --home-dir /app council && mkdir -p /app/var /app/staticfiles \
    && chown council /app/var /app/staticfiles
USER council
EXPOSE 8000
# At each start: migrations (one app server at a time), static files (compressed, with
# hashed names that whitenoise serves with a year's cache), then gunicorn with a worker
# per CPU plus one (council/gunicorn_conf.py), each reading whole requests before Django
# sees them (council/asgi.py). Settings come from the environment only.
CMD ["sh", "-c", "python manage.py prepare_database -v0 && python manage.py collectstatic --no-input -v0 && exec gunicorn -c python:council.gunicorn_conf council.asgi"]
