FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DEBUG=0
WORKDIR /app

COPY pyproject.toml README.md ./
COPY clubscore ./clubscore
COPY events ./events
COPY scoring ./scoring
RUN pip install --no-cache-dir .

COPY . .
# collectstatic needs a key to import settings; the real one comes from the environment.
RUN SECRET_KEY=build-only-collectstatic python manage.py collectstatic --noinput

EXPOSE 8000
CMD ["gunicorn", "clubscore.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
