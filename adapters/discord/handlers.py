"""What each slash command does: defer, ask the engine, lay out the reply."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from adapters.charts import render_progress_chart
from adapters.discord import render
from adapters.discord.actors import interaction_actor
from adapters.discord.buttons import VIEW_BUTTON_LIMIT, quiz_view, retry_view
from adapters.discord.fresh_quiz import how_to_start_it
from adapters.discord.language_picker import language_chosen
from adapters.discord.permissions import (
    channel_gone,
    dms_refused,
    held_back,
    lacks_poll_rights,
    not_in_private_thread,
    outside_private_thread,
    poll_refused,
    thread_closed,
    thread_locked,
)
from adapters.discord.polls import PollPlay
from adapters.discord.private_asks import PrivateAsks
from adapters.discord.reminders import reminders_answer
from adapters.discord.respond import respond, respond_plain
from adapters.discord.surfaces import PrivateSurface, in_channel, privately
from adapters.discord.team_admins import ApplicationAdmins
from adapters.discord.translator import command_name_for
from adapters.left_open import closing_left_open
from bot.delivery import Shown, Surface, SurfaceFor, Target
from bot.engine import QuizEngine
from bot.records import MessageLink
from bot.replies import AnswerOutcome, Notice, NoticeCode, Preview, QuizList, Started, Stopped, Summary, WhichQuiz
from bot.text import shorten

log = logging.getLogger(__name__)
AUTOCOMPLETE_LIMIT = 25
# Discord waits 3 s for suggestions, which can't be deferred: the learner's language is waited for half of that
# (as an apology waits for it: errors.LANGUAGE_WAIT).
SUGGESTION_LANGUAGE_WAIT = 1.5
CHOICE_NAME_LIMIT = 100


def polls_refused_here(interaction: discord.Interaction) -> bool:
    """Whether the bot's rights in the interaction's server channel visibly forbid a quiz poll there."""
    return interaction.guild_id is not None and lacks_poll_rights(
        interaction.app_permissions, in_thread=isinstance(interaction.channel, discord.Thread))


class CommandHandlers:
    def __init__(self, engine: QuizEngine, polls: PollPlay, team_admins: ApplicationAdmins,
                 private: PrivateAsks) -> None:
        self._engine = engine
        self._polls = polls
        self._team_admins = team_admins
        self._private = private  # the messages that asked questions privately, for /skip

    async def quiz(self, interaction: discord.Interaction, reference: str | None, private: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        await self.play(interaction, private, lambda surface: self._engine.start(actor, reference, surface))

    async def quiz_button(self, interaction: discord.Interaction, quiz_id: str, private: bool) -> None:
        """A button's quiz: exactly its id; a quiz a reload removed is none, not another its id names in part."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        await self.play(interaction, private, lambda surface: self._engine.start_by_id(actor, quiz_id, surface))

    async def retry(self, interaction: discord.Interaction, session_id: str, private: bool,
                    owner_id: int | None) -> None:
        """The retry button under a summary: the missed questions, played as the quiz was (polls or private)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        if owner_id is not None and owner_id != interaction.user.id:  # a bystander: say whose button it is
            # In their Discord's language, kept if they are new: their vote on the owner's poll speaks it too.
            _ = await self._engine.localizer(actor, keep_new=True)
            await respond(interaction, _("This button belongs to {mention}'s quiz. Start your own with /quiz.",
                                         mention=render.mention(owner_id)))
            return
        # No command starts a retry: where polls are visibly refused (rights revoked since the summary, or a /stop
        # sent from another channel), the round is played privately, not refused with advice ("/quiz private:True")
        # that finds no quiz in progress and leaves the missed questions out of reach.
        private = private or polls_refused_here(interaction)
        # Someone else's session (or nothing left to retry) comes back as a Notice, answered only to the clicker.
        await self.play(interaction, private, lambda surface: self._engine.retry_missed(actor, session_id, surface))

    async def answer_click(self, interaction: discord.Interaction, session_id: str, question_id: str,
                           option_index: int, order: str | None = None) -> None:
        # Acknowledge at once (the engine touches the database); replies then come as follow-ups.
        await interaction.response.defer()
        # A click back in a left quiz: the poll of the quiz played until then is ended, also if the reply fails.
        async with closing_left_open(self._end_poll, self._privately(interaction, clicked=True)) as shown:
            result = await self._engine.answer(interaction_actor(interaction), session_id, question_id,
                                               option_index, shown, order=order, polls_too=True)
        if isinstance(result, Notice):  # stale, forged or repeated click: a polite refusal, only for the clicker
            await interaction.followup.send(render.plain(result.text), ephemeral=True)

    async def play(self, interaction: discord.Interaction, private: bool | None,
                   action: Callable[[Target], Awaitable[Started | Summary | AnswerOutcome | Notice]],
                   command: str = "quiz", resume: str | None = None) -> None:
        """Start (or retry, or skip) as polls in the channel or privately, or say why not: ``command`` is the one
        the learner can send again with private:True; ``resume``, the one once the action is done (a skip's: /quiz,
        which asks the next question privately, where /skip would skip it too). ``private`` None: as the open
        question (a skip's) or the quiz retried (a retry's) was asked (see _as_asked)."""
        after = command if resume is None else resume
        channel_id = interaction.channel_id
        surface: Target = (self._as_asked(interaction) if private is None
                           else self._privately(interaction) if private or channel_id is None  # no channel for polls
                           else in_channel(self._polls, interaction, channel_id))
        if private is False and channel_id is not None and polls_refused_here(interaction):
            # Said before the engine is asked: a quiz started here would take over from the learner's current
            # one (its poll closed) while its own first poll is refused, unseen.
            await respond(interaction, await self._poll_refused(interaction, command))
            return
        try:
            async with closing_left_open(self._end_poll, surface) as shown:  # asked again, over, or left for another
                result = shown.returned(await action(shown))  # a Notice's polls too: a round of an earlier day
        except discord.Forbidden as error:  # refused although the rights looked fine
            await respond(interaction, await self._poll_refused(interaction, after, error))
            return
        except discord.NotFound as error:  # the channel deleted since the command: nobody there to tell
            if not channel_gone(error):
                raise
            # The engine stopped the clock of the question that never went out: asked when the learner resumes.
            log.info("channel %s was deleted before user %s's quiz poll went out", channel_id, interaction.user.id)
            return
        except discord.HTTPException as error:  # a thread closed and locked: only a moderator could send this here
            if not thread_locked(error):
                raise
            _ = await self._engine.localizer(interaction_actor(interaction))
            await respond(interaction, thread_closed(_, self._private_command(interaction, after)))
            return
        except discord.RateLimited:  # the quiz is kept, its poll not shown: resumed privately, or here later
            _ = await self._engine.localizer(interaction_actor(interaction))
            await respond(interaction, held_back(_, self._private_command(interaction, after)))
            return
        if isinstance(result, WhichQuiz):  # several quizzes named: the question, and a button that starts each
            await self._offer(interaction, render.which_quiz(result), result.choices, bool(private))
        elif isinstance(result, Notice) and result.code is NoticeCode.NO_ACTIVE_SESSION:
            # "Choose one to start": the quizzes to choose from, each with its button, as /quizzes shows them.
            # A dead end's "Send /quizzes to choose a quiz..." is left out (a /skip's): the list it points to follows.
            said = result.text.removesuffix(result.next_step).rstrip() if result.next_step else result.text
            listing = await self._engine.list_quizzes(interaction_actor(interaction))
            await self._offer(interaction, render.plain(said) + "\n\n" + render.quiz_list(listing), listing,
                              bool(private))
        elif isinstance(result, Notice):  # with the command that starts a quiz it suggests, if any
            await respond(interaction, render.plain(result.text)
                          + how_to_start_it(result, interaction.locale, self._engine.localizer_for))

    def _as_asked(self, interaction: discord.Interaction) -> SurfaceFor:
        """A skip's next question shown as its open question was: as a poll here if a poll asked it (the reply's
        skipped_poll, read in the skip's own turn; lost_after: the one before's, its own poll a crash lost), else with
        private buttons (a learner playing privately is not shown to the channel); a retry's as the quiz it retries
        was (played_as_polls). Privately too where polls are visibly refused here."""
        def where(reply: Shown) -> Surface:
            channel_id = interaction.channel_id
            # Not a poll asked again privately since: its end (and its link's taking away) may be under way.
            polled = (isinstance(reply, AnswerOutcome) and (skipped := reply.skipped_poll) is not None
                      and not (skipped.message_key.isdigit()
                               and self._private.asked_since(interaction.user.id, int(skipped.message_key)))) \
                or (isinstance(reply, AnswerOutcome) and reply.lost_after is not None) \
                or (isinstance(reply, Started) and reply.played_as_polls) \
                or (isinstance(reply, Summary) and reply.asked_before is not None)  # a round resumed to its end
            if polled and channel_id is not None and not polls_refused_here(interaction):
                return in_channel(self._polls, interaction, channel_id)(reply)
            return self._privately(interaction)(reply)
        return where

    def _privately(self, interaction: discord.Interaction, *,
                   clicked: bool = False) -> Callable[[Shown], PrivateSurface]:
        return privately(interaction, self._polls, clicked=clicked, asks=self._private)

    async def _offer(self, interaction: discord.Interaction, text: str, choices: QuizList, private: bool) -> None:
        """Quizzes listed with a button that starts each (exactly by id, for whoever presses it); when there are
        more than a message can hold buttons for, how to start the rest."""
        if len(choices.entries) > VIEW_BUTTON_LIMIT:
            _ = self._engine.localizer_for(choices.language)
            text += "\n\n" + _("The first {count} have a button; to start another, send /quiz with its id.",
                                count=VIEW_BUTTON_LIMIT)
        await respond(interaction, text, view=quiz_view(choices, private))

    def _private_command(self, interaction: discord.Interaction, command: str) -> str:
        def spelled(name: str) -> str:  # as the user's own Discord client shows the command
            return command_name_for(interaction.locale, name, self._engine.localizer_for)

        return f"/{spelled(command)} {spelled('private')}:True"

    async def _poll_refused(self, interaction: discord.Interaction, command: str,
                            error: discord.Forbidden | None = None) -> str:
        private_command = self._private_command(interaction, command)
        _ = await self._engine.localizer(interaction_actor(interaction))
        if error is not None and outside_private_thread(interaction.channel, error):  # no right would mend it
            me = interaction.client.user
            return not_in_private_thread(_, render.mention(me.id if me else interaction.application_id),
                                         private_command)
        if interaction.guild_id is None:  # the bot's DMs: no right to grant, the learner's settings refuse (50007)
            return dms_refused(_, private_command)
        return poll_refused(interaction.app_permissions, _, private_command,
                            in_thread=isinstance(interaction.channel, discord.Thread))

    async def quiz_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The quizzes /quiz would find by what they typed (an id, a title in any language, a tag), titled in
        the user's language: as read within SUGGESTION_LANGUAGE_WAIT, else as last read here (suggestions can't be
        deferred, and the database may be stuck)."""
        _ = await self._engine.localizer_or_hint(interaction_actor(interaction), within=SUGGESTION_LANGUAGE_WAIT)
        listing = self._engine.quiz_list(_, current)
        return [
            app_commands.Choice(name=shorten(f"{entry.title} ({entry.quiz_id})", CHOICE_NAME_LIMIT),
                                value=entry.quiz_id)
            for entry in listing.entries
        ][:AUTOCOMPLETE_LIMIT]

    async def quizzes(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        listing = await self._engine.list_quizzes(interaction_actor(interaction))
        # Played as /quiz plays, as polls; where polls are visibly refused, privately: there a poll button could
        # only be refused with "/quiz private:True", which resumes the quiz in progress, not the one pressed.
        await self._offer(interaction, render.quiz_list(listing), listing, private=polls_refused_here(interaction))

    async def preview(self, interaction: discord.Interaction, reference: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self._engine.preview(interaction_actor(interaction), reference)
        await respond(interaction, render.preview(result) if isinstance(result, Preview) else
                      render.which_quiz(result) if isinstance(result, WhichQuiz) else render.plain(result.text))

    async def stop(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        ended: list[MessageLink] = []

        async def end_poll(asked: MessageLink) -> None:  # its poll is ended, else open to votes nothing answers
            ended.append(asked)
            await self._end_poll(asked)

        notice = await self._engine.stop(interaction_actor(interaction), end_poll)
        if not isinstance(notice, Stopped) or not notice.retry_offer:
            await respond_plain(interaction, notice.text)
            return
        # The retry of what it missed, as under a summary: played as it was, as polls if a poll asked its
        # question (a private question's link is withdrawn: no poll to end), else with private buttons.
        await respond(interaction, render.plain(notice.text) + "\n\n" + render.plain(notice.retry_offer),
                      view=retry_view(notice, not ended, interaction.user.id))

    async def _end_poll(self, asked: MessageLink) -> None:
        await self._polls.end_linked(asked)

    async def language(self, interaction: discord.Interaction, choice: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        said = await language_chosen(self._engine, self._polls, interaction, choice)  # a question waiting: asked again
        if said is not None:
            await respond_plain(interaction, said.text)

    async def progress(self, interaction: discord.Interaction) -> None:
        """The text, then the chart as an attachment (drawn off the event loop)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        progress = await self._engine.progress(interaction_actor(interaction))
        await respond(interaction, render.progress(progress))
        if progress.chart is not None:
            picture = await asyncio.to_thread(render_progress_chart, progress.chart)
            await interaction.followup.send(file=discord.File(io.BytesIO(picture), filename="progress.png"),
                                            ephemeral=True)

    async def review(self, interaction: discord.Interaction, private: bool, *, pressed: bool = False) -> None:
        """The learner's due questions, as polls in the channel or privately; or when the next review is.
        ``pressed``: by a reminder's button, not typed (see QuizEngine.review)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        actor = interaction_actor(interaction)
        await self.play(interaction, private, lambda surface: self._engine.review(actor, surface, pressed=pressed),
                         command="review")

    async def timezone(self, interaction: discord.Interaction, zone: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await respond_plain(interaction, (await self._engine.set_time_zone(interaction_actor(interaction), zone)).text)

    async def reminders(self, interaction: discord.Interaction, setting: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await respond_plain(interaction, await reminders_answer(self._engine, interaction, setting))

    async def reload(self, interaction: discord.Interaction) -> None:
        if not interaction.response.is_done():  # deferred already if the application's team was read again
            await interaction.response.defer(ephemeral=True, thinking=True)
        report = await self._engine.reload(interaction_actor(interaction))
        await respond(interaction, render.reload_report(report))

    async def is_admin(self, interaction: discord.Interaction) -> bool:
        """For an admin-only command: as the application's team is now, if it may have changed for them."""
        await self._team_admins.settle(interaction)
        return self._engine.is_admin(interaction_actor(interaction))
