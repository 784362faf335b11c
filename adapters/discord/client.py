"""The discord.py client: intents, the command tree, and the events QuizTutor listens to."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from adapters.discord.actors import PLATFORM, interaction_actor
from adapters.discord.buttons import AnswerButton, QuizButton, RetryButton, ReviewButton
from adapters.discord.catch_up import VoteCatchUp
from adapters.discord.commands import register_commands
from adapters.discord.counting import (
    RequestCounter,
    counted_suggestions,
    interaction_kind,
    mark_started,
    observe_command,
    timed,
)
from adapters.discord.errors import LANGUAGE_WAIT, answered_too_late, apologize, tree_error_handler
from adapters.discord.game_buttons import GameButton, GameOpenButton
from adapters.discord.game_commands import register_game_commands
from adapters.discord.game_handlers import GameHandlers
from adapters.discord.handlers import CommandHandlers
from adapters.discord.language_picker import LanguageButton, choose_language
from adapters.discord.moving_on import MovingOn
from adapters.discord.polls import PollPlay
from adapters.discord.private_asks import PrivateAsks
from adapters.discord.respond import respond_quietly
from adapters.discord.spec import DiscordSettings
from adapters.discord.stopping import HandlersUnderWay
from adapters.discord.team_admins import ApplicationAdmins
from adapters.discord.translator import CommandTranslator
from adapters.discord.votes import VoteHandler
from adapters.error_kinds import EVENT_FAILED, HANDLER_FAILED
from adapters.failures import OutageLines, log_failure, unreachable
from adapters.handlers_stop import finish_games_left_running
from bot.engine import QuizEngine

log = logging.getLogger(__name__)

# The longest 429 discord.py waits out (its least): a longer one (a channel Discord holds the bot's messages back
# in for minutes) raises discord.RateLimited, else the learner's turn, held while their replies go out, waits too.
RATE_LIMIT_WAIT = 30.0


# Every component the bot sends.
DYNAMIC_ITEMS = (AnswerButton, RetryButton, ReviewButton, QuizButton, GameButton, GameOpenButton, LanguageButton)


def is_stale_click(interaction: discord.Interaction) -> bool:
    """A click on a component none of the bot's buttons claims: one an older version sent, say."""
    if interaction.type is not discord.InteractionType.component or interaction.data is None:
        return False
    custom_id = str(interaction.data.get("custom_id", ""))
    return not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


async def end_held_back_ready(state: Any) -> None:
    """discord.py holds a new session's READY back until its servers stop coming (2 s after the last), in tasks
    its close() leaves running: on a client stopped meanwhile that READY failed later ("Task exception was never
    retrieved", the closed client having no loop to run on_ready on), and a sharded client's started a votes'
    catch-up on the closed client. ``state``: the client's ConnectionState (a sharded one has a task per shard)."""
    held_back = [state._ready_task, *getattr(state, "_ready_tasks", {}).values()]
    waiting = [task for task in held_back if task is not None and not task.done()]
    for task in waiting:
        task.cancel()  # a sharded client's READY task first: ending its shards' tasks would let it say READY
    if waiting:
        await asyncio.wait(waiting)


class TimedTree(app_commands.CommandTree["QuizClient"]):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        mark_started(interaction)  # the slash command's handler time starts here (see on_app_command_completion)
        if self.client.under_way.admit():  # each command and suggestion runs in a task of discord.py's own
            return True
        await self.client.refuse(interaction)
        return False


class QuizClient(discord.Client):
    def __init__(self, engine: QuizEngine, settings: DiscordSettings, **options: Any) -> None:
        """``options``: more for discord.py's client (a sharded one takes shard_count and shard_ids)."""
        # Default intents include guild and DM poll votes; no privileged intent is needed.
        # No mentions ping anyone: quiz texts and user input can't summon @everyone.
        requests = RequestCounter(engine.metrics)
        super().__init__(intents=discord.Intents.default(), allowed_mentions=discord.AllowedMentions.none(),
                         http_trace=requests.trace, max_ratelimit_timeout=RATE_LIMIT_WAIT, **options)
        # Every REST call of the client goes through it: counted while discord.py holds it back, too.
        self.http.request = requests.wrap(self.http.request)  # type: ignore[method-assign]
        self.engine = engine
        self.metrics = engine.metrics
        self.under_way = HandlersUnderWay()  # the handlers running, for the stop to wait for (see close)
        self.outages = OutageLines()  # every member's command, click and vote fails alike in an outage
        self.tree: app_commands.CommandTree[QuizClient] = TimedTree(
            self,
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
        )
        self.polls = PollPlay(self, settings.poll_hours, engine.withdrawn)
        private = PrivateAsks()
        self.votes = VoteHandler(engine, self, self.polls, private)
        self.catch_up = VoteCatchUp(engine, self, self.votes)
        self.team_admins = ApplicationAdmins(self, engine)  # the application's team, as admins
        self.handlers = CommandHandlers(engine, self.polls, self.team_admins, private)
        self.games = GameHandlers(engine, self, self.team_admins)
        suggestions = counted_suggestions(self.metrics, self.handlers.quiz_choices)
        register_commands(self.tree, self.handlers, self.games, suggestions, MovingOn(engine, self.handlers, private))
        register_game_commands(self.tree, engine, self.games, suggestions)
        self.tree.error(tree_error_handler(engine, self.outages))

    async def setup_hook(self) -> None:
        """After login, before the gateway: translations, restart-proof buttons, and the owner (or team) as admins,
        as login read them (read again as team_admins says)."""
        await self.tree.set_translator(CommandTranslator(self.engine.localizer_for))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.team_admins.found(self.application)

    async def handle_answer_click(self, interaction: discord.Interaction, session_id: str, question_id: str,
                                  option_index: int, order: str | None) -> None:
        await self._click("answer", interaction, lambda: self.handlers.answer_click(interaction, session_id,
                                                                                    question_id, option_index, order))

    async def handle_retry_click(self, interaction: discord.Interaction, session_id: str, private: bool,
                                 owner_id: int | None) -> None:
        await self._click("retry", interaction,
                          lambda: self.handlers.retry(interaction, session_id, private, owner_id))

    async def handle_quiz_click(self, interaction: discord.Interaction, quiz_id: str, private: bool) -> None:
        await self._click("quiz", interaction, lambda: self.handlers.quiz_button(interaction, quiz_id, private))

    async def handle_review_click(self, interaction: discord.Interaction) -> None:
        await self._click("review", interaction, lambda: self.handlers.review(interaction, private=True, pressed=True))

    async def handle_language_click(self, interaction: discord.Interaction, language: str) -> None:
        await self._click("language", interaction,
                          lambda: choose_language(self.engine, self.polls, interaction, language))

    async def handle_game_click(self, interaction: discord.Interaction, verb: str, game_id: str, place: int,
                                option: int) -> None:
        await self._click(f"game {verb}", interaction,
                          lambda: self.games.click(interaction, verb, game_id, place, option))

    async def handle_game_open_click(self, interaction: discord.Interaction, quiz_id: str,
                                     seconds: int | None) -> None:
        await self._click("game open", interaction, lambda: self.games.start_button(interaction, quiz_id, seconds))

    async def _click(self, what: str, interaction: discord.Interaction,
                     handle: Callable[[], Awaitable[None]]) -> None:
        """A button's click, timed; a failure is counted, logged and apologized for, never raised."""
        if not self.under_way.admit():  # each click runs in a task of discord.py's own
            await self.refuse(interaction)
            return
        try:
            with timed(self.metrics, "component"):
                await handle()
        except Exception as error:
            self.metrics.error(PLATFORM, HANDLER_FAILED)
            if late := answered_too_late(error):
                log.warning("%s click by user %s answered too late: %s", what, interaction.user.id, late)
                return
            log_failure(log, error, "%s click failed", what, outages=self.outages)
            await apologize(self.engine, interaction, error)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.metrics.update_received(PLATFORM, interaction_kind(interaction))
        if not is_stale_click(interaction):
            return
        if not self.under_way.admit():
            await self.refuse(interaction)
            return
        with timed(self.metrics, "component"):  # a click handled here rather than by a button: timed as theirs are
            # Else Discord tells the user only "This interaction failed".
            _ = await self.engine.localizer_or_hint(interaction_actor(interaction), within=LANGUAGE_WAIT)
            await respond_quietly(interaction, _("This button no longer works. Send /quiz to carry on, or /help to "
                                                 "see everything I can do."))

    async def on_app_command_completion(self, interaction: discord.Interaction, _command: object) -> None:
        observe_command(self.metrics, interaction)

    async def on_raw_poll_vote_add(self, event: discord.RawPollVoteActionEvent) -> None:
        self.metrics.update_received(PLATFORM, "poll_vote")
        if not self.under_way.admit():  # the next start's catch-up finds it (catch_up.py)
            log.info("vote on %s by %s while stopping: left for the next start", event.message_id, event.user_id)
            return
        with timed(self.metrics, "poll_vote"):
            try:
                await self.votes.on_vote_add(event)
            except Exception as error:  # counted and logged by on_error, as every event's failure
                if unreachable(error):
                    await self.votes.say_not_saved(event)
                raise

    async def on_ready(self) -> None:
        # Each new gateway session, not a resumed one: votes cast meanwhile were not replayed. A sharded client
        # catches up per shard, as each shard's session begins.
        if not isinstance(self, discord.AutoShardedClient):
            self.catch_up.start(None)

    async def on_shard_ready(self, shard_id: int) -> None:
        if isinstance(self, discord.AutoShardedClient):
            self.catch_up.start(shard_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from the server (kicked, banned, or the server deleted): its channels' games end now, rather
        than when their next message is refused, and their players' own rounds of the quiz go on."""
        if not self._admitted(f"removal from server {guild.id}"):
            return
        stopped = await self.engine.games.bot_removed_from_scope(PLATFORM, str(guild.id))
        log.info("removed from Discord server %s: %d game(s) there stopped", guild.id, stopped)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel deleted: its game ends now, as when the bot leaves the server (discord.py reports the threads
        it knew in the channel as deleted too: see on_raw_thread_delete)."""
        if not self._admitted(f"channel {channel.id}'s deletion"):
            return
        stopped = await self.engine.games.bot_removed(PLATFORM, str(channel.id))
        log.info("Discord channel %s deleted: %d game(s) there stopped", channel.id, stopped)

    async def on_raw_thread_delete(self, event: discord.RawThreadDeleteEvent) -> None:
        # The raw event: a thread the client never cached (known only from an interaction) is deleted too.
        if not self._admitted(f"thread {event.thread_id}'s deletion"):
            return
        stopped = await self.engine.games.bot_removed(PLATFORM, str(event.thread_id))
        log.info("Discord thread %s deleted: %d game(s) there stopped", event.thread_id, stopped)

    async def refuse(self, interaction: discord.Interaction) -> None:
        """An interaction come while stopping, not run (it would be cut off): told to try again in a moment, when
        the bot is back. A suggestion can't be told, nor anything once the client is about to close."""
        log.info("interaction %s from user %s while stopping: not run", interaction.id, interaction.user.id)
        if interaction.type is not discord.InteractionType.autocomplete and not self.under_way.closed:
            await apologize(self.engine, interaction)

    def _admitted(self, what: str) -> bool:
        if self.under_way.admit():
            return True
        log.info("Discord %s while stopping: not acted on", what)
        return False

    async def close(self) -> None:
        await self.under_way.stop()  # first, while their replies can go out and the database is open
        await finish_games_left_running(self.engine, PLATFORM)  # what they left running, before the client closes
        await end_held_back_ready(self._connection)  # before the catch-up ends: its READY would start another
        await self.catch_up.close()
        await super().close()

    async def on_raw_poll_vote_remove(self, event: discord.RawPollVoteActionEvent) -> None:
        # The first vote is final: taking it back (or changing it) changes nothing.
        log.debug("vote removed on %s by %s: ignored", event.message_id, event.user_id)

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        # One bad event must not stop the bot. The arguments are left out: they can be large, and
        # nothing in them is secret, but the traceback says enough.
        self.metrics.error(PLATFORM, EVENT_FAILED)
        error = sys.exc_info()[1]
        if error is None:
            log.error("Discord event %s failed; carrying on", event_method)
        else:
            log_failure(log, error, "Discord event %s failed; carrying on", event_method, outages=self.outages)
