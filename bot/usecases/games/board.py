"""After and around games: a player's explanation in their language, the leaderboards, hiding from them, and
the chat's language."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.games import views
from bot.games.replies import GameExplanation, Leaderboard
from bot.games.rules import week_start
from bot.i18n import Localizer
from bot.languages import DEFAULT_LANGUAGE, NATIVE_NAMES, language_choice, native_name
from bot.notices import unknown_language
from bot.ports import UnitOfWork
from bot.replies import Actor, Notice, NoticeCode
from bot.turns import Turn
from bot.usecases.games.chat_language import games_language
from bot.usecases.games.table import GameTable

LEADERBOARD_LINES = 10
# A group the bot is added to again within this is not greeted again: an add undone and redone, say.
GREET_AGAIN_AFTER = timedelta(days=1)


class GameBoards:
    def __init__(self, table: GameTable) -> None:
        self._table = table

    async def explain(self, actor: Actor, game_id: str, position: int) -> GameExplanation | Notice:
        """A closed question once more for one player, in their language: what they chose, and why."""
        async def read(turn: Turn) -> GameExplanation | Notice:
            core, _, uow = self._table.core, turn.words, turn.uow
            game = await uow.games.get(game_id)
            quiz = core.library.catalog.get(game.quiz_id) if game else None
            question_id = game.question_ids[position] if game and 0 <= position < len(game.question_ids) else ""
            question = quiz.question(question_id) if quiz else None
            if game is None or not question_id:
                return Notice(_("This game is over. Start a new one with /game."), NoticeCode.NO_GAME, _.language)
            if not game.has_closed(position):  # open, or not asked yet: its answer would help someone cheat
                return Notice(_("Wait until the question closes: then I can explain it."),
                              NoticeCode.NOT_CURRENT_QUESTION, _.language)
            if question is None:  # a reload removed it (or its quiz) since it was asked: nothing left to explain
                return Notice(_("This question was removed from the quiz, so I can't explain it any more."),
                              NoticeCode.NO_GAME, _.language)
            if views.changed_since_asked(game, question):  # its options' texts now are not what its poll showed
                return Notice(_("This question was changed after it was asked, so I can't explain it as you saw it."),
                              NoticeCode.NO_GAME, _.language)
            answers = await uow.games.answers(game.id, position)
            mine = next((answer for answer in answers if turn.user is not None and answer.user_id == turn.user.id),
                        None)
            return views.explanation(game, views.as_judged(game, question, answers), mine, _)
        return await self._table.core.turns.run(actor, read, create_user=False)

    async def nameless(self, platform: str, scope_id: str, *, opening_game: bool = False) -> Notice:
        """A message posted in the chat's own name (an anonymous admin): nobody to keep a quiz or a score for, nor
        to start a game (``opening_game``: its starter is a person, who may stop it and is told if it stops unseen);
        stopping or skipping one is theirs all the same. Said in the chat's language for games, as nobody's own is
        known."""
        async def read(uow: UnitOfWork) -> str | None:
            return await uow.chats.language(platform, scope_id)
        language = await self._table.core.turns.run_unlocked(read) or DEFAULT_LANGUAGE
        _ = self._table.core.texts.for_language(language)
        if opening_game:  # not "message me privately": no group game is started there
            return Notice(_("A game needs a person to start it, and while you post as the group I can't tell who you "
                            "are. To start one, turn off \"Remain anonymous\" and send /game again, or ask a member "
                            "to send /game. As the group, you can still use /game stop and /game skip."),
                          NoticeCode.NOT_ALLOWED, language)
        return Notice(_("I can't tell who you are while you post as the group, so I can't keep your quiz or your "
                        "score. Turn off \"Remain anonymous\" to play, or message me privately."),
                      NoticeCode.NOT_ALLOWED, language)

    async def leaderboard(self, actor: Actor, scope_id: str, period: str) -> Leaderboard:
        """Points from games in the chat (or server): ``week`` (since Monday 00:00 UTC) or ``all``, in the chat's
        language when its admins set one."""
        async def read(turn: Turn) -> Leaderboard:
            core, uow = self._table.core, turn.uow
            chat_language = await games_language(uow, actor, scope_id)
            _ = core.texts.for_language(chat_language) if chat_language else turn.words
            weekly = period != "all"
            since = week_start(core.clock()) if weekly else None
            entries = await uow.games.leaderboard(actor.platform, scope_id, since, LEADERBOARD_LINES)
            heading = _("Leaderboard: this week (since Monday, 00:00 UTC)") if weekly else _("Leaderboard: all time")
            empty = None if entries else (_("No points yet this week. Start a game with /game.") if weekly
                                          else _("No points yet. Start a game with /game."))
            return Leaderboard(heading, views.leaderboard_lines(entries, _), empty, _.language)
        return await self._table.core.turns.run(actor, read, create_user=False)

    async def set_hidden(self, actor: Actor, hidden: bool) -> Notice:
        """Leave the learner out of every leaderboard (their points still count in games), or show them again."""
        async def choose(turn: Turn) -> Notice:
            _, user = turn.words, turn.user
            if user is None:
                raise RuntimeError("visibility is set for a stored user")
            user.leaderboard_hidden = hidden
            await turn.uow.users.update(user)
            await turn.uow.commit()
            return Notice(_("You're hidden from the leaderboards now.") if hidden
                          else _("You're on the leaderboards again."), language=_.language)
        return await self._table.core.turns.run(actor, choose)

    async def greet_once(self, platform: str, chat_id: str) -> datetime | None:
        """The claim (when made) to greet a chat the bot was just added to: any process asking next is told no
        (None)."""
        now = self._table.core.clock()

        async def claim(uow: UnitOfWork) -> datetime | None:
            claimed = await uow.chats.claim_greeting(platform, chat_id, now, now - GREET_AGAIN_AFTER)
            await uow.commit()
            return now if claimed else None
        return await self._table.core.turns.run_unlocked(claim)

    async def greeting_refused(self, platform: str, chat_id: str, claim: datetime) -> None:
        """The chat refused the greeting ``claim`` let through: the next add may greet it, though within the day."""
        async def release(uow: UnitOfWork) -> None:
            await uow.chats.release_greeting(platform, chat_id, claim)
            await uow.commit()
        await self._table.core.turns.run_unlocked(release)

    async def set_chat_language(self, actor: Actor, scope_id: str, choice: str, moderator: bool) -> Notice:
        """The language of what everyone in the chat (or server) sees in games: for its admins."""
        async def choose(turn: Turn) -> Notice:
            _, uow = turn.words, turn.uow
            language = language_choice(choice)
            if not (moderator or self._table.admins.is_admin(actor)):
                if not choice.strip():  # only asked, not refused: what the games here speak, and how to have yours
                    return await self._chat_language(uow, actor, scope_id, _)
                return Notice(_("Only an admin of this chat can change its language. Set your own in a private "
                                "chat with me."), NoticeCode.NOT_ALLOWED, _.language, here=True)
            if language is None:
                return unknown_language(choice, _)
            await uow.chats.set_language(actor.platform, scope_id, language)
            await uow.commit()
            _ = self._table.core.texts.for_language(language)  # said in the chat's new language
            return Notice(_("Games in this chat are in {name} from now on.", name=NATIVE_NAMES[language]),
                          language=language)
        # Nobody's own record is needed: an anonymous admin (a group posting as itself) may set it too.
        notice = await self._table.core.turns.run(actor, choose, create_user=False)
        if not notice.is_error:  # chosen: the games running in the group or server follow too, in every channel
            await self._speak_in(actor.platform, scope_id, notice.language)
        return notice

    @staticmethod
    async def _chat_language(uow: UnitOfWork, actor: Actor, scope_id: str, _: Localizer) -> Notice:
        """The chat's language for games, for someone who may not change it (still NOT_ALLOWED: no picker)."""
        language = await games_language(uow, actor, scope_id)
        if language is None:
            text = _("No language is set for this chat's games: each game speaks the language of whoever starts "
                     "it. Only an admin of this chat can set one. Set your own in a private chat with me.")
        else:
            text = _("Games in this chat are in {name}. Only an admin of this chat can change that. Set your own "
                     "language in a private chat with me.", name=native_name(language))
        return Notice(text, NoticeCode.NOT_ALLOWED, _.language, here=True)

    async def _speak_in(self, platform: str, scope_id: str, language: str) -> None:
        """The scope's live games go on in ``language`` (their results and podium; what is posted stays)."""
        async def live(uow: UnitOfWork) -> list[str]:
            return await uow.games.live_in_scope(platform, scope_id)
        for game_id in await self._table.core.turns.run_unlocked(live):
            await self._follow(game_id, language)

    async def _follow(self, game_id: str, language: str) -> None:
        async def follow(uow: UnitOfWork) -> None:
            game = await uow.games.get(game_id)
            if game is not None and game.state.live:
                game.language = language
                await uow.games.update(game)
                await uow.commit()
        async with self._table.locks.of(game_id):  # the game's lock first, as every game action takes it
            await self._table.core.turns.run_unlocked(follow)
