# The app image: gunicorn serving Django, static files by whitenoise. See docs/deployment.md.
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
RUN COUNCIL_DEBUG=False COUNCIL_SECRET_KEY=only-for-collectstatic python manage.py collectstatic --no-input -v0

RUN useradd --system --home-dir /app council && mkdir -p /app/var && chown council /app/var
USER council
EXPOSE 8000
CMD ["sh", "-c", "python manage.py migrate --no-input && exec gunicorn council.wsgi --bind 0.0.0.0:8000 --workers ${WEB_CONCURRENCY:-3} --threads 2 --access-logfile -"]
