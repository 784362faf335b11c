"""One failed update is logged and forgotten; the bot keeps serving everyone else, and the learner hears of it."""

from __future__ import annotations

import logging
import traceback

from telegram import CallbackQuery, Update
from telegram.error import BadRequest, Forbidden, TimedOut
from telegram.ext import ContextTypes, filters

from adapters.error_kinds import HANDLER_FAILED
from adapters.failures import OutageLines, log_failure, unreachable
from adapters.once_per import OncePer
from adapters.telegram import render
from adapters.telegram.actors import PLATFORM, actor_for, is_private, owner_in, update_actor
from adapters.telegram.answers import MaybeCarriedOut
from adapters.telegram.chat import TelegramChat, polls_refused, topic_gone
from adapters.telegram.game_polls import GamePolls
from adapters.telegram.update_kinds import update_kind
from adapters.telegram.webhook import Unfinished
from bot.engine import QuizEngine
from bot.replies import Actor
from bot.text import shorten
from storage.errors import chain

log = logging.getLogger(__name__)
REDACTED = "[redacted]"
# How long an apology waits for the learner's language from the database, which may be what failed: Telegram
# waits only seconds for a press's answer. Then it is said in the language the update came with.
LANGUAGE_WAIT = 2.0
ALERT_LIMIT = 200  # characters in a button press's answer


def refused_reply(error: Exception | None) -> bool:
    """Whether the chat refused the reply as it would any: the bot blocked or removed (Forbidden), or a forum topic
    closed or deleted, where an apology would be refused too (only its admins may post in a closed one)."""
    return isinstance(error, Forbidden) or (isinstance(error, BadRequest) and topic_gone(error))


def asked(update: Update) -> bool:
    """Whether someone asked for something: a message, a press, a vote. The bot added to a group or removed, a
    member leaving, a group becoming a supergroup ask nothing: "please try again" would only puzzle the chat."""
    if update.my_chat_member is not None or update.chat_member is not None:
        return False
    return not filters.StatusUpdate.ALL.check_update(update)


class ErrorReporter:
    """PTB error handler: logs which update failed and why, with the bot token scrubbed out, then apologises. A
    failed button press is answered, with the apology if it can be said (OnceAnsweringBot: never twice)."""

    def __init__(self, token: str, engine: QuizEngine, chat: TelegramChat,
                 unfinished: Unfinished | None = None, game_polls: GamePolls | None = None) -> None:
        self._token = token
        self._engine = engine
        self._chat = chat
        self._unfinished = unfinished  # webhook mode only: polling has nobody to ask for an update again
        self._game_polls = game_polls  # the group games' polls this process sent: their lost votes aren't a quiz's
        self._apologized = OncePer(None)  # an update delivered again after an outage: one apology is enough
        self._outages = OutageLines()  # every learner's update fails alike in an outage: not a line for each

    async def __call__(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query if isinstance(update, Update) else None
        try:
            await self._report(update, context.error)
        finally:  # a failed press is answered whatever happened (the bot sends nothing if it was answered already)
            if query is not None:
                await self._answer(query, None)

    async def _report(self, update: object, error: Exception | None) -> None:
        update_id = update.update_id if isinstance(update, Update) else None
        kind = update_kind(update)  # as the metrics label it: "command", "button", "poll_answer"...
        # Polling's failures never come here (adapters/telegram/polling_request.py counts them); without an update,
        # it was a task of PTB's that failed: work of the bot's all the same. A chat refusing the reply (blocked,
        # removed, no polls allowed, a forum topic closed) is its members' choice, with nothing to fix: no error, as
        # when it refuses a time-out or a reminder, or a Discord channel refuses polls; else every blocked bot would
        # fire an alert.
        if not (refused_reply(error) or polls_refused(error)):
            self._engine.metrics.error(PLATFORM, HANDLER_FAILED)
        maybe_sent = next((cause for cause in chain(error) if isinstance(cause, MaybeCarriedOut)), None) if error \
            else None
        if maybe_sent is not None:
            # Not a 503: each delivery again could send it again (a poll, its id never heard, again and again).
            log.warning("Telegram update %s (%s) failed: %s; not sent again", update_id, kind,
                        self.scrub(str(maybe_sent)))
            if isinstance(maybe_sent.__cause__, TimedOut):
                return  # only slow, most likely done: the update's work is kept, and "try again" would repeat it
        elif error is not None and unreachable(error):
            if isinstance(update, Update) and self._unfinished is not None:
                self._unfinished.add(update.update_id)  # the webhook asks Telegram to deliver it again
            # One line a minute while the outage lasts (the rest at DEBUG); the log's SecretFilter scrubs it.
            log_failure(log, error, "Telegram update %s (%s) failed", update_id, kind, outages=self._outages)
        elif refused_reply(error):  # removed from a group, blocked in private, a topic closed: no one to tell
            log.warning("Telegram update %s (%s): the chat refused the reply: %s", update_id, kind,
                        self.scrub(str(error)))
            return
        elif polls_refused(error):  # a group that lets members send no polls: expected, and said below
            log.warning("Telegram update %s (%s): the chat refused a quiz poll: %s", update_id, kind,
                        self.scrub(str(error)))
        else:
            # User texts stay out of the log; the token must never get in, even through an exception message.
            details = "".join(traceback.format_exception(error)) if error is not None else "no exception"
            log.error("Telegram update %s (%s) failed: %s", update_id, kind, self.scrub(details))
        if isinstance(update, Update) and asked(update) and self._apologized.allow(update.update_id):
            await self._apologize(update, error)

    def _game_poll(self, poll_id: str) -> bool:
        """A group game's poll, known here: a vote on it lost in an outage is left alone (the game goes on in the
        group, where /quiz shows nothing of it); for a quiz's poll, only the database knows."""
        return self._game_polls is not None and self._game_polls.get(poll_id) is not None

    def scrub(self, text: str) -> str:
        return text.replace(self._token, REDACTED) if self._token else text

    async def _apologize(self, update: Update, error: Exception | None) -> None:
        """Say that something went wrong, rather than leave the learner waiting: a press in its answer too; a failure
        here is only logged. A poll the chat refused says which permission is missing, as trying again never helps;
        in a group, to whom."""
        outage = error is not None and unreachable(error)  # the database is what failed: don't ask it again
        try:
            # A vote lost in an outage: a webhook's is delivered again (and kept) once it is over, a poll's is not.
            lost_vote = outage and update.poll_answer is not None and self._unfinished is None \
                and not self._game_poll(update.poll_answer.poll_id)
            found = await self._where(update, anywhere=polls_refused(error), ask_database=not outage,
                                      voter_told=lost_vote)
            if found is None:
                return
            actor, chat_id = found
            _ = await self._engine.localizer_or_hint(actor, within=LANGUAGE_WAIT, database_down=outage)
            sorry = _("Sorry, something went wrong. Please try again in a moment.")
            if lost_vote:  # and a vote can't be cast again on a quiz poll: /quiz shows its question anew
                sorry = _("Sorry, I couldn't save your answer just now. In a moment, send /quiz to see your "
                          "question again.")
            owner = None
            if polls_refused(error):
                sorry = render.polls_refused(_)
                user = update.effective_user
                owner = owner_in(chat_id, actor, user.first_name if user else None)
            if update.callback_query is not None:  # first: Telegram waits only seconds for a press's answer
                await self._answer(update.callback_query, shorten(sorry, ALERT_LIMIT))
            await self._chat.html(chat_id, [render.outcome_notice(sorry, owner)])
        except Exception as error:  # the database or Telegram may be what failed in the first place
            log.warning("could not apologise for update %s: %s", update.update_id, self.scrub(repr(error)))

    async def _answer(self, query: CallbackQuery, text: str | None) -> None:
        """Stop the press's spinner, saying ``text`` if it wasn't answered yet; a failure is only logged."""
        try:
            await query.answer(text)
        except Exception as error:  # too old already, or the network: nothing more to do
            log.info("could not answer failed button press %s: %s", query.id, self.scrub(str(error)))

    async def _where(self, update: Update, *, anywhere: bool = False, ask_database: bool = True,
                     voter_told: bool = False) -> tuple[Actor, str] | None:
        """Who to tell, and in which chat. A poll answer carries no chat: only its poll's private chat will do,
        unless ``anywhere``: a group that refused the quiz's next poll, where the voter would otherwise wait for
        it in silence. Only the database knows the poll's chat: without it (an outage), nobody is told, unless
        ``voter_told``: a vote lost for good is told in the voter's private chat (its id is theirs), where their
        quiz's polls are, rather than leave them waiting in silence for a next question that never comes."""
        actor = update_actor(update)
        if actor is not None and actor.chat_id is not None:
            return actor, actor.chat_id
        answer = update.poll_answer
        if answer is None or answer.user is None:
            return None
        actor = actor_for(answer.user)
        if not ask_database:
            return (actor, str(answer.user.id)) if voter_told else None
        link = await self._engine.message_link(PLATFORM, answer.poll_id)
        if link is None or link.chat_id is None or not (anywhere or is_private(link.chat_id, actor)):
            return None  # in a group, one learner's failure needn't interrupt everyone
        return actor, link.chat_id
