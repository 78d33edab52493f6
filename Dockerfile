FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DEBUG=0
WORKDIR /app

# WeasyPrint (the PDF downloads) lays text out with Pango and needs a font with the suit symbols.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
       libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

COPY pyproject.toml README.md ./
COPY clubscore ./clubscore
COPY events ./events
COPY scoring ./scoring
RUN pip install --no-cache-dir .

COPY . .
# collectstatic needs a key to import settings; the real one comes from the environment.
RUN SECRET_KEY=build-only-collectstatic python manage.py collectstatic --noinput

# The app needs to write nothing in its own folder: it runs as a plain user.
RUN useradd --create-home --shell /usr/sbin/nologin clubscore
USER clubscore

EXPOSE 8000
# Meant to run behind nginx (docker-compose.yml): see deploy/gunicorn.conf.py.
CMD ["gunicorn", "-c", "deploy/gunicorn.conf.py", "clubscore.wsgi:application"]
