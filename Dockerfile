# Traveller: one image for the web server, the Celery workers and beat.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 TRAVELLER_VAR_DIR=/var/lib/traveller STATIC_ROOT=/app/static-root
WORKDIR /app

RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY config ./config
COPY tournaments ./tournaments
COPY games ./games
COPY scoring ./scoring
COPY jobs ./jobs
COPY parties ./parties
COPY players ./players
COPY templates ./templates
COPY static ./static
COPY manage.py ./
RUN pip install --no-cache-dir . \
 && SECRET_KEY=build-only python manage.py collectstatic --noinput -v0 \
 && useradd --system --home /app traveller && mkdir -p /var/lib/traveller && chown traveller /var/lib/traveller
USER traveller
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--config", "config/gunicorn.py", "--bind", "0.0.0.0:8000"]
