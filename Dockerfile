# QuizTutor: the chat bots (`quiztutor run`), with SQLite data on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    QUIZ_DATA_DIR=/data \
    QUIZ_HTTP_PORT=8080

WORKDIR /app

# Dependencies first, in their own layer: it is rebuilt only when pyproject.toml or constraints.txt changes. Every
# chat platform's library comes along (the [all] extra), each at the version the tests passed with.
COPY pyproject.toml constraints.txt ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
print('\n'.join(p['dependencies'] + [d for extra in ('telegram', 'discord') for d in p['optional-dependencies'][extra]]))" \
        > /tmp/requirements.txt \
 && pip install -r /tmp/requirements.txt -c constraints.txt \
 && rm /tmp/requirements.txt

COPY README.md ./
COPY bot ./bot
COPY adapters ./adapters
COPY storage ./storage
COPY content ./content
RUN pip install --no-deps . && rm -rf build *.egg-info

RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin quiztutor \
 && mkdir -p /data && chown quiztutor /data
USER quiztutor
VOLUME ["/data"]

# 8080: /healthz, /readyz and /metrics (QUIZ_HTTP_PORT; set it empty to turn them off). 8443: Telegram's webhook
# mode (QUIZ_TELEGRAM_WEBHOOK_PORT), when QUIZ_TELEGRAM_WEBHOOK_URL is set.
EXPOSE 8080 8443
# Liveness only (the event loop answers): a database blip shows on /readyz and must not get the container
# restarted. Standard library only: slim images have no curl. A container of another command (`docker run -it IMAGE
# quiztutor play`) serves no endpoint: the check finds it running that (process 1) and has nothing to check.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["python", "-m", "adapters.healthcheck"]

CMD ["quiztutor", "run"]
