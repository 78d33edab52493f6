from datetime import timedelta
from pathlib import Path

from csp.constants import NONE, SELF

from clubscore.env import (
    cache,
    database,
    env_admins,
    env_bool,
    env_int,
    env_list,
    env_str,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = secret_key(DEBUG)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# Served over HTTPS (TLS ends at the proxy, which says so in X-Forwarded-Proto)? Off, the default,
# is a club's LAN over plain http, where secure-only cookies would make every login fail.
HTTPS = env_bool("CLUBSCORE_HTTPS", default=False)
# Reached only through the proxy (docker compose's nginx), which puts the client's address in
# X-Real-IP; without one, that header could be anybody's invention and REMOTE_ADDR is the truth.
BEHIND_PROXY = env_bool("BEHIND_PROXY", default=False)
# The proxy's own addresses (or networks): X-Real-IP is believed only from these
# (clubscore/clients.py). The variable is gunicorn's, which trusts X-Forwarded-Proto from them.
TRUSTED_PROXIES = env_list("FORWARDED_ALLOW_IPS", ["127.0.0.1", "::1"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_q",
    "axes",
    "csp",
    "events",
    "events.teams",
    "events.one_table",
    "events.individuals",
    "events.swiss_pairs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "clubscore.middleware.FormBodyMiddleware",  # before the CSRF check, the first to read forms
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "clubscore.middleware.DatabaseBusyMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: it answers locked-out logins
]

ROOT_URLCONF = "clubscore.urls"

# A form's text is judged by the form, which says what is wrong in its own words ("more than a
# roster can hold"): Django's own limit is nginx's (client_max_body_size in
# deploy/nginx/proxy.conf, 17m), so every form nginx lets through is read whole. Below it,
# Django refused a 2.4 MB pasted roster (URL-encoded, it is larger) before the form saw it.
DATA_UPLOAD_MAX_MEMORY_SIZE = 17 * 1024 * 1024

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "clubscore.wsgi.application"
ASGI_APPLICATION = "clubscore.asgi.application"

DATABASES = {"default": database(str(BASE_DIR / "db.sqlite3"))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out login before the check
    "django.contrib.auth.backends.ModelBackend",
]

CSRF_FAILURE_VIEW = "clubscore.urls.csrf_failure"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Local runs serve static files straight from static/; production serves collectstatic's output.
WHITENOISE_AUTOREFRESH = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Background jobs (double-dummy analysis of hand records) run in `manage.py qcluster`, which
# `make run` starts beside the web server. The database is the queue, so SQLite and PostgreSQL
# both work without a broker server. A job that raises is not acknowledged: the queue hands it
# out again after `retry` seconds, up to `max_attempts` times, and the session page shows the
# error meanwhile. Each job analyses one batch of boards, well inside `timeout`.
Q_CLUSTER = {
    "name": "clubscore",
    "orm": "default",
    "workers": 1,  # DDS solves a batch on every core itself
    "timeout": 120,
    "retry": 150,
    "max_attempts": 3,
    "poll": 1,
    "catch_up": False,
    "save_limit": 500,
    "label": "Background jobs",
}

# A session's PDFs are made by that worker too (events/pdfs/store.py), once per session version,
# and served from the database; off (the tests), a PDF is made in the request that first asks.
PDF_BACKGROUND = env_bool("PDF_BACKGROUND", default=True)

CACHES = {"default": cache(env_str("REDIS_URL", ""))}

# Login throttling (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one username from
# one address, that pair waits LOGIN_LOCKOUT_MINUTES. Username and address together, so a
# stranger cannot lock a director out from elsewhere, nor one typist the whole club's NAT.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Behind the proxy, the address nginx saw; a username cut to the length axes stores.
AXES_CLIENT_IP_CALLABLE = "clubscore.clients.client_address"
AXES_USERNAME_CALLABLE = "clubscore.clients.login_username"

# Security headers. Cookies, HSTS and the redirect only make sense over HTTPS.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    # Preloading is a commitment a club makes by submitting its domain to the browsers' list,
    # not a header to send by default (anyone could submit a domain that sends it).
    SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", default=False)
    if not SECURE_HSTS_PRELOAD:
        SILENCED_SYSTEM_CHECKS = ["security.W021"]

# Content-Security-Policy: everything from this site, no inline script at all (behaviour comes
# from static/js, asked for by data attributes), and only htmx's own indicator style inline,
# allowed by its SHA-256 (tests/clubscore/test_security.py finds every inline script, event
# handler and style in the templates and fails, naming what to do, if one appears).
INLINE_STYLE_HASHES = [
    "'sha256-faU7yAF8NxuMTNEwVmBz+VcYeIoBQ2EMHW3WaVxCvnk='",  # htmx 2's .htmx-indicator <style>
]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, *INLINE_STYLE_HASHES],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Errors: every log line to stderr (docker compose logs, journalctl, the terminal of `make run`),
# tracebacks included; server errors also e-mailed to ADMINS when set.
ADMINS = env_admins("ADMINS")
SERVER_EMAIL = env_str("SERVER_EMAIL", "clubscore@localhost")
DEFAULT_FROM_EMAIL = SERVER_EMAIL
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=False)
# Players' results mails (events/mail/) and the error mails to ADMINS go through SMTP; `make
# run` sets the console backend, which prints them in its terminal instead.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 30)  # seconds: a silent server fails the mail, said
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "filters": {"require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false"],
        },
    },
    "root": {"handlers": ["stderr"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["stderr", "mail_admins"], "level": "INFO", "propagate": False},
        "axes.apps": {"level": "WARNING"},  # its version banner, on every manage.py command
    },
}
