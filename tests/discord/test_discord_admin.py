"""/reload for admins only, and `quiztutor discord-sync` registering localized commands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adapters.discord.sync import sync_commands
from adapters.settings import Settings
from bot.i18n import UiTexts
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, OTHER_ID, RunningBot, discord_settings, running_bot
from tests.discord.payloads import APP_ID, GUILD_ID, OWNER_ID, team_payload
from tests.discord.support import first_answer, message_id, next_poll, poll_answers, reply_to, vote_for

REFUSAL = "Sorry, only the bot's admins can reload the content."


async def test_reload_by_someone_who_is_not_an_admin_is_refused_privately(bot: RunningBot, fake: FakeDiscord) -> None:
    token = await fake.slash("reload", user_id=LEARNER_ID)
    reply = await fake.wait_until(first_answer(fake, token))
    assert reply.body == {"type": 4, "data": {"content": REFUSAL, "flags": 64, "tts": False,
                                              "allowed_mentions": {"parse": []}}}


async def test_reload_by_a_configured_admin_or_the_application_owner_reports_the_content(
        bot: RunningBot, fake: FakeDiscord) -> None:
    for user_id in (ADMIN_ID, OWNER_ID):  # the owner is an admin without being listed in QUIZ_DISCORD_ADMINS
        token = await fake.slash("reload", user_id=user_id)
        reply = await fake.wait_until(first_answer(fake, token))
        assert fake.interaction_calls(token)[0].body == {"type": 5, "data": {"flags": 64}}
        assert reply.content.startswith("Content reloaded: 2 quizzes, 4 questions.")
        assert "Nothing changed since the last load." in reply.content


async def test_a_teams_admins_and_developers_may_reload_but_not_its_read_only_members_nor_those_only_invited(
        settings: Settings, fake: FakeDiscord) -> None:
    """An application owned by a team: its members who may change it are the bot's admins too, as discord.py's
    Bot counts its owners. A member invited who hasn't joined (and may decline) is no member of it yet."""
    developer, read_only, invited = LEARNER_ID, OTHER_ID, ADMIN_ID + 1
    fake.team = team_payload(OWNER_ID, {OWNER_ID: ("admin", 2), developer: ("developer", 2),
                                        read_only: ("read_only", 2), invited: ("admin", 1)})
    async with running_bot(settings, fake):
        replies = {}
        for user_id in (OWNER_ID, developer, read_only, invited):
            token = await fake.slash("reload", user_id=user_id)
            replies[user_id] = (await fake.wait_until(first_answer(fake, token))).content
    assert replies[OWNER_ID].startswith("Content reloaded") and replies[developer].startswith("Content reloaded")
    assert replies[read_only] == REFUSAL
    assert replies[invited] == REFUSAL


async def test_a_reload_of_broken_content_lists_the_problems_and_keeps_the_previous_quizzes(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path) -> None:
    (content_dir / "quizzes" / "broken.yaml").write_text("id: broken\ndifficulty: impossible\n", encoding="utf-8")
    (content_dir / "quizzes" / "notes.txt").write_text("drafts\n", encoding="utf-8")
    token = await fake.slash("reload", user_id=ADMIN_ID)
    reply = await fake.wait_until(first_answer(fake, token))
    assert "so I kept serving the previous content" in reply.content
    assert "\n• " in reply.content and "broken.yaml" in reply.content
    # After the problems, as a successful reload says them: maybe why a quiz is missing.
    assert reply.content.endswith("\n1 file in quizzes/ was not read:\n• notes.txt: not read: quiz files end in "
                                  ".yaml or .yml"), reply.content

    listing = await fake.slash("quizzes", user_id=LEARNER_ID)
    quizzes = await fake.wait_until(first_answer(fake, listing))
    assert "`collectives`" in quizzes.content and "`long-options`" in quizzes.content


FRENCH_COMMANDS = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: fr\\n"

msgid "quizzes"
msgstr "liste-quiz"

msgid "list the quizzes"
msgstr "Les quiz auxquels vous pouvez jouer"

msgid "progress"
msgstr "Ma Progression"
"""


async def test_discord_sync_registers_the_commands_with_french_names_for_servers_and_dms(
        settings: Settings, fake: FakeDiscord, content_dir: Path) -> None:
    french = content_dir / "locales" / "fr" / "LC_MESSAGES"
    french.mkdir(parents=True)
    (french / "quiztutor.po").write_text(FRENCH_COMMANDS, encoding="utf-8")

    assert await sync_commands(settings, discord_settings(settings), None) == 15
    put = next(c for c in fake.calls if c.method == "PUT")
    assert put.path == f"/applications/{APP_ID}/commands"
    commands = {command["name"]: command for command in put.body}
    assert set(commands) == {"quiz", "quizzes", "preview", "stop", "skip", "retry", "language", "progress", "reload",
                             "review", "timezone", "reminders", "game", "leaderboard", "help"}
    assert commands.pop("game")["contexts"] == [0]  # group games: in servers only
    assert all(command["contexts"] == [0, 1] for command in commands.values())  # servers and the bot's DMs
    assert commands["quizzes"]["name_localizations"] == {"fr": "liste-quiz"}
    assert commands["quizzes"]["description_localizations"] == {"fr": "Les quiz auxquels vous pouvez jouer"}
    assert not commands["progress"].get("name_localizations")  # "Ma Progression" isn't a valid command name
    language = commands["language"]["options"][0]
    assert [choice["name"] for choice in language["choices"]] == ["English", "Français", "Kiswahili",
                                                                   "Èdè Yorùbá", "chiShona"]
    assert not any(choice.get("name_localizations") for choice in language["choices"])
    assert fake.identifies == []  # syncing needs no gateway connection


async def test_discord_sync_to_one_server_registers_the_commands_there(settings: Settings, fake: FakeDiscord) -> None:
    assert await sync_commands(settings, discord_settings(settings), GUILD_ID) == 15
    put = next(c for c in fake.calls if c.method == "PUT")
    assert put.path == f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"


async def test_discord_sync_remove_takes_a_servers_own_copies_back_and_leaves_the_global_ones(
        settings: Settings, fake: FakeDiscord) -> None:
    """A server synced with --guild and globally lists every command twice: --remove clears its own copies."""
    assert await sync_commands(settings, discord_settings(settings), GUILD_ID) == 15
    assert await sync_commands(settings, discord_settings(settings), GUILD_ID, remove=True) == 0
    puts = [call for call in fake.calls if call.method == "PUT"]
    server = f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands"
    assert [(put.path, len(put.body)) for put in puts] == [(server, 15), (server, 0)]
    assert await sync_commands(settings, discord_settings(settings), None, remove=True) == 0  # and globally
    assert fake.calls[-1].method == "PUT" and fake.calls[-1].path == f"/applications/{APP_ID}/commands"
    assert fake.calls[-1].body == []


async def test_a_vote_on_a_quiz_a_reload_removed_ends_its_poll_and_says_why(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID, locale="yo")
    poll = await next_poll(fake, bot)
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    token = await fake.slash("reload", user_id=ADMIN_ID)
    await fake.wait_until(first_answer(fake, token))
    mark = len(fake.calls)
    await vote_for(fake, poll, poll_answers(poll)[0], LEARNER_ID)
    said = await reply_to(fake, poll, after=mark)  # before, the vote went unanswered and the poll stayed open
    yo = bot.engine.localizer_for("yo")
    assert said.content == f"<@{LEARNER_ID}> " + yo("This quiz has been removed, so your session was closed.")
    assert any(call.path.endswith(f"/polls/{message_id(poll)}/expire") for call in fake.calls[mark:])


async def test_discord_sync_gives_every_french_name_and_description_the_shipped_catalog_has(
        settings: Settings, fake: FakeDiscord) -> None:
    """The whole catalog, as shipped: a French name Discord can't take (a capital, a space, past 32 letters) or a
    description past 100 characters is left out without a word, the French client showing that one in English; and
    two names alike at one level make Discord refuse the whole sync."""
    await sync_commands(settings, discord_settings(settings), None)
    put = next(c for c in fake.calls if c.method == "PUT")
    french = UiTexts.load(settings.locales_dir).for_language("fr")
    left_out: list[str] = []
    alike: list[list[str]] = []

    def walk(items: list[dict[str, Any]]) -> None:
        names = []
        for item in items:
            for field in ("name", "description"):
                english = item.get(field)
                if english and french(english) != english and \
                        (item.get(f"{field}_localizations") or {}).get("fr") != french(english):
                    left_out.append(f"{english!r}: {french(english)!r}")
            names.append((item.get("name_localizations") or {}).get("fr", item["name"]))
            walk([*(item.get("options") or []), *(item.get("choices") or [])])
        if len(set(names)) < len(names):
            alike.append(names)
    walk(put.body)
    assert (left_out, alike) == ([], [])
