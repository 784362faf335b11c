"""The README's reference tables say what the code does: every QUIZ_* setting (and only those) with its default,
every exit code, every metric /metrics serves. A setting added, renamed or given another default in code alone
left an operator setting a variable nothing reads, or reading a default the bot doesn't have."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from adapters.cli.exit_codes import ExitCode
from adapters.platforms import chat_platforms
from adapters.prometheus_metrics import PrometheusMetrics
from adapters.settings import PATHS_AND_URLS, Settings
from bot.metrics import core_error_series
from tests.adapters.test_compose_file import known_variables

README = Path(__file__).resolve().parents[2] / "README.md"
ROW = re.compile(r"^\| `(?P<first>[^`|]+)` \| (?P<second>[^|]*) \|", re.MULTILINE)


def readme() -> str:
    return README.read_text(encoding="utf-8")


def setting_rows() -> dict[str, str]:
    """The Configuration table: variable -> its default column."""
    return {row["first"]: row["second"] for row in ROW.finditer(readme()) if row["first"].startswith("QUIZ_")}


def fields() -> dict[str, FieldInfo]:
    core = {f"QUIZ_{name.upper()}": field for name, field in Settings.model_fields.items() if name != "platforms"}
    return core | {spec.env(name): field for spec in chat_platforms()
                   for name, field in spec.settings.model_fields.items()}


def test_the_configuration_table_names_every_setting_and_nothing_else() -> None:
    assert set(setting_rows()) == known_variables()


def test_a_plain_default_is_the_first_value_its_row_shows() -> None:
    rows = setting_rows()
    for variable, field in fields().items():
        default = field.default
        if default is PydanticUndefined or default is None or not isinstance(default, (int, float, str)):
            continue  # computed (a folder), or none: the row says in words what happens
        shown = re.search(r"`([^`]+)`", rows[variable])
        assert shown is not None, f"{variable}: the README shows no default"
        assert shown[1] == (f"{default:g}" if isinstance(default, float) else str(default)), variable


def test_the_exit_code_table_lists_every_exit_code() -> None:
    section = readme().partition("| exit code | meaning |")[2].partition("\n\n")[0]
    listed = {int(code) for code in re.findall(r"^\| (\d+) \|", section, re.MULTILINE)}
    assert listed == {code.value for code in ExitCode}


def test_the_metrics_named_are_those_served() -> None:
    served = set()
    for family in PrometheusMetrics().registry.collect():
        if family.name.startswith("process_"):  # prometheus_client's own, named beside ours
            continue
        served.add(family.name + ("_total" if family.type == "counter" else ""))
    paragraph = readme().partition("The metrics, all named `quiztutor_*`:")[2].partition("\n\n")[0]
    listed = {f"quiztutor_{name}" for name in re.findall(r"`([a-z_]+)`", paragraph)
              if name.endswith(("_total", "_seconds", "_size", "_depth"))}
    assert listed == served
    assert set(re.findall(r"\bquiztutor_[a-z_]+[a-z]", readme())) <= served


def test_every_kind_of_error_counted_is_named_under_errors_total() -> None:
    text = " ".join(readme().split())
    named = text.partition("`errors_total` (by `platform` and `kind`: ")[2].partition("; what concerns")[0]
    assert named, "the README's metrics section no longer lists errors_total's kinds"
    counted = {kind for platform, kind in core_error_series(spec.name for spec in chat_platforms())}
    counted |= {kind for spec in chat_platforms() for kind in spec.error_kinds}
    assert counted <= set(re.findall(r"\b[a-z_]+\b", re.sub(r"\([^)]*\)", "", named)))


def test_the_settings_refused_with_spaces_around_are_those_the_readme_names() -> None:
    text = " ".join(readme().split())
    named = text.partition("a path or URL setting (")[2].partition(")")[0]
    assert named, "the README's Configuration no longer lists the settings refused with spaces around"
    listed, platform = set(), ""
    for variable in re.findall(r"`([A-Z_]+)`", named):  # "`_WEBHOOK_URL`": the platform of the name before
        if variable.startswith("QUIZ_TELEGRAM_") or variable.startswith("QUIZ_DISCORD_"):
            platform = "_".join(variable.split("_")[:2])
        listed.add(platform + variable if variable.startswith("_") else variable)
    unspaced = {f"QUIZ_{name.upper()}" for name in PATHS_AND_URLS}
    unspaced |= {spec.env(name) for spec in chat_platforms() for name in spec.settings.unspaced}
    assert listed == unspaced


def test_content_readmes_poll_limits_are_each_platforms() -> None:
    """content/README's table of what `validate` lists as over a platform's poll limits."""
    text = (README.parent / "content" / "README.md").read_text(encoding="utf-8")
    for spec in chat_platforms():
        row = re.search(rf"^\| {spec.title} *\| (\d+) *\| (\d+) *\| (\d+|–) *\|$", text, re.MULTILINE)
        assert row is not None, f"content/README has no poll limits for {spec.title}"
        limits = spec.poll_limits
        assert row.groups() == (str(limits.question), str(limits.option),
                                "–" if limits.explanation is None else str(limits.explanation))
