"""compose.yaml, checked as far as this machine allows (no Docker here): its services, and that every QUIZ_*
variable it gives the bot is a real setting, the required ones are there, secrets come from .env, and the
whole environment, filled in as an operator would, is accepted by the bot's own settings."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from adapters.handlers_stop import HANDLERS_STOP_WAIT
from adapters.platforms import chat_platforms
from adapters.settings import Settings, load_settings
from adapters.telegram.spec import TELEGRAM_PER_SECOND, TelegramSettings
from bot.sweeper import CANCELLED_WAIT as SWEEP_CANCELLED_WAIT
from bot.sweeper import STOP_TIMEOUT
from storage.shutdown import CANCELLED_WAIT, SHUTDOWN_WAIT

ROOT = Path(__file__).resolve().parents[2]
BOTS = ("bot-1", "bot-2")
REQUIRED = {"QUIZ_DATABASE_URL", "QUIZ_TELEGRAM_TOKEN", "QUIZ_TELEGRAM_WEBHOOK_URL", "QUIZ_TELEGRAM_WEBHOOK_SECRET",
            "QUIZ_HTTP_PORT"}
SECRETS = {"QUIZ_TELEGRAM_TOKEN", "QUIZ_TELEGRAM_WEBHOOK_SECRET", "QUIZ_DISCORD_TOKEN"}
# What an operator's .env holds (deploy/env.example lists the same names).
DOT_ENV = {"DOMAIN": "quiz.example.org", "POSTGRES_PASSWORD": "s3cret", "QUIZ_TELEGRAM_TOKEN": "123:abc",
           "QUIZ_TELEGRAM_WEBHOOK_SECRET": "hook_secret-16chars"}
SUBSTITUTION = re.compile(r"\$\{(?P<name>\w+)(?:(?P<how>:[?-])(?P<word>[^}]*))?\}")


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    return loaded


def substitute(value: str, env: dict[str, str]) -> str:
    """Compose's ${NAME}, ${NAME:-default} and ${NAME:?error}, the way `docker compose config` fills them."""
    def one(match: re.Match[str]) -> str:
        name, how, word = match["name"], match["how"], match["word"]
        if env.get(name):
            return env[name]
        if how == ":?":
            raise AssertionError(f"{name} is required: {word}")
        return word or ""
    return SUBSTITUTION.sub(one, value)


def known_variables() -> set[str]:
    core = {f"QUIZ_{name.upper()}" for name in Settings.model_fields if name != "platforms"}
    return core | {spec.env(name) for spec in chat_platforms() for name in spec.settings.model_fields}


def bot_environment(service: str) -> dict[str, str]:
    return {name: str(value) for name, value in compose()["services"][service]["environment"].items()}


def test_the_services_are_postgresql_two_bot_replicas_a_tls_proxy_and_prometheus() -> None:
    services = compose()["services"]
    assert set(services) == {"postgres", *BOTS, "proxy", "prometheus"}
    assert services["proxy"]["image"].startswith("caddy") and {"80:80", "443:443"} <= set(services["proxy"]["ports"])
    assert services["postgres"]["image"].startswith("postgres")
    assert services["prometheus"]["image"].startswith("prom/prometheus")
    for bot in BOTS:
        assert services[bot]["build"] == "."  # this repository's Dockerfile
        assert services[bot]["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert services[bot]["init"] is True  # as PID 1 the bot would ignore a SIGTERM before its handler is set
    assert services["bot-2"]["depends_on"]["bot-1"]["condition"] == "service_healthy"  # never migrate at once


@pytest.mark.parametrize("service", BOTS)
def test_every_quiz_variable_given_to_a_bot_is_a_real_setting_and_the_required_ones_are_there(service: str) -> None:
    given = {name for name in bot_environment(service) if name.startswith("QUIZ_")}
    assert given - known_variables() == set()
    assert given >= REQUIRED
    assert "QUIZ_DISCORD_TOKEN" not in given  # replicas would open the same gateway twice


@pytest.mark.parametrize("service", BOTS)
def test_secrets_come_from_the_environment_never_written_in_the_file(service: str) -> None:
    env = bot_environment(service)
    for name in SECRETS & set(env):
        assert re.fullmatch(r"\$\{\w+:\?[^}]+\}", env[name]), f"{name} must be ${{...:?...}} from .env"
    assert "${POSTGRES_PASSWORD:?" in env["QUIZ_DATABASE_URL"]
    assert "${POSTGRES_PASSWORD:?" in compose()["services"]["postgres"]["environment"]["POSTGRES_PASSWORD"]
    example = (ROOT / "deploy" / "env.example").read_text(encoding="utf-8")
    assert {line.split("=")[0] for line in example.splitlines() if "=" in line and not line.startswith("#")} \
        >= set(DOT_ENV)


def test_a_required_secret_missing_from_dot_env_stops_compose() -> None:
    token = bot_environment("bot-1")["QUIZ_TELEGRAM_TOKEN"]
    with pytest.raises(AssertionError, match="QUIZ_TELEGRAM_TOKEN is required"):
        substitute(token, {})


@pytest.mark.parametrize("service", BOTS)
def test_the_filled_in_environment_is_accepted_by_the_bots_own_settings(service: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in bot_environment(service).items():
        monkeypatch.setenv(name, substitute(value, DOT_ENV))
    settings = load_settings(chat_platforms())
    telegram = settings.platforms["telegram"]
    assert isinstance(telegram, TelegramSettings) and telegram.enabled
    assert settings.resolved_database_url == "postgresql+asyncpg://quiztutor:s3cret@postgres:5432/quiztutor"
    assert telegram.webhook_url == "https://quiz.example.org/telegram" and settings.http_port == 8080


def test_the_replicas_together_send_no_more_than_telegram_allows_one_bot() -> None:
    shares = [float(bot_environment(bot).get("QUIZ_TELEGRAM_MESSAGES_PER_SECOND", TELEGRAM_PER_SECOND))
              for bot in BOTS]
    assert sum(shares) <= TELEGRAM_PER_SECOND


def test_the_proxy_and_prometheus_reach_the_ports_the_bots_listen_on() -> None:
    env = {name: substitute(value, DOT_ENV) for name, value in bot_environment("bot-1").items()}
    webhook_port, http_port = env["QUIZ_TELEGRAM_WEBHOOK_PORT"], env["QUIZ_HTTP_PORT"]
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text(encoding="utf-8")
    path = urlsplit(env["QUIZ_TELEGRAM_WEBHOOK_URL"]).path
    assert f"handle {path} {{" in caddyfile
    assert f"reverse_proxy {' '.join(f'{bot}:{webhook_port}' for bot in BOTS)} {{" in caddyfile
    assert f"health_port {http_port}" in caddyfile and "health_uri /readyz" in caddyfile

    prometheus = yaml.safe_load((ROOT / "deploy" / "prometheus.yml").read_text(encoding="utf-8"))
    (job,) = prometheus["scrape_configs"]
    (static,) = job["static_configs"]
    assert job.get("metrics_path", "/metrics") == "/metrics"
    assert sorted(static["targets"]) == [f"{bot}:{http_port}" for bot in BOTS]
    mounts = compose()["services"]
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in mounts["proxy"]["volumes"]
    assert "./deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro" in mounts["prometheus"]["volumes"]


def test_a_replica_is_given_longer_to_stop_than_its_shutdown_can_take() -> None:
    # The worst case, step by step: the sweeps under way, Telegram's handlers (cancelled after one wait, all that
    # is left after a second, given up on after a third), then the database's last action and its rollback.
    worst = STOP_TIMEOUT + SWEEP_CANCELLED_WAIT + 3 * HANDLERS_STOP_WAIT + SHUTDOWN_WAIT + CANCELLED_WAIT
    for bot in BOTS:
        grace = compose()["services"][bot]["stop_grace_period"]
        assert re.fullmatch(r"\d+s", grace), grace
        assert int(grace[:-1]) >= worst + 5  # and a margin for the rest: the HTTP endpoint, the log's last lines


def test_the_readmes_compose_rollback_stops_every_replica_and_runs_one_that_knows_the_database() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rollback = readme[readme.index("### Rolling back"):readme.index("### Health and metrics")]
    stopped = re.search(r"^docker compose stop (.+)$", rollback, re.MULTILINE)
    run = re.search(r"^docker compose run --rm --no-deps (\S+) quiztutor migrate downgrade", rollback,
                    re.MULTILINE)
    assert stopped is not None and run is not None
    assert set(stopped[1].split()) == set(BOTS)  # no replica left writing to a schema going back
    assert "QUIZ_DATABASE_URL" in bot_environment(run[1])  # the one-off migrates the deployment's own database
