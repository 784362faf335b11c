"""Group games on Telegram: /game, /leaderboard, a group's /language, the lobby's and results' buttons, and
votes on game polls."""

from __future__ import annotations

import contextlib
from dataclasses import replace

from telegram import CallbackQuery, Message, Update, User
from telegram.error import BadRequest, NetworkError

from adapters.once_per import OncePer
from adapters.telegram import game_render, render
from adapters.telegram.actors import PLATFORM, is_private, owner_in, player_name
from adapters.telegram.callback_data import Action, ButtonData
from adapters.telegram.chat import TelegramChat
from adapters.telegram.chat_admins import is_chat_admin
from adapters.telegram.game_polls import GamePolls
from adapters.telegram.game_surface import TelegramGameSurface
from adapters.telegram.game_votes import GameVotes
from adapters.telegram.group_repeats import GroupRepeats, game_which_above, game_which_capped
from adapters.telegram.html_text import esc
from adapters.telegram.keyboards import game_buttons, offered_seconds, unbuttoned
from adapters.telegram.personal import PersonalAnswers
from adapters.telegram.topics import SEPARATOR
from bot.engine import QuizEngine
from bot.games.replies import GameExplanation, Skipped
from bot.games.rules import typed_seconds
from bot.replies import Actor, Notice, NoticeCode, WhichQuiz
from bot.text import folded

REFUSAL_PERIOD = 30.0  # seconds: a refused command in a group is answered once per person (the group's 20/min)
DEEP_LINK = "gx_"  # /start gx_<game id>_<place>: an explanation too long for an alert, in a private chat
CONTROLS = {"stop", "skip"}
PERIODS = {"week", "all"}
VISIBILITY = {"hide": True, "show": False}


class GameCommands:
    def __init__(self, engine: QuizEngine, chat: TelegramChat, polls: GamePolls, repeats: GroupRepeats) -> None:
        self._engine = engine
        self._chat = chat
        self._repeats = repeats  # "Which one?" in a group: once a minute, as the commands' lists
        self.polls = polls
        self.votes = GameVotes(engine, chat, polls)  # votes on the game's polls
        self._refused = OncePer(REFUSAL_PERIOD)
        self.personal = PersonalAnswers()  # answers about one member: in a group, privately if we can

    def stage(self, chat_id: str) -> TelegramGameSurface:
        return TelegramGameSurface(self._chat, chat_id, self.polls)

    async def game(self, actor: Actor, chat: str, user: User | None, args: list[str], message: Message | None) -> None:
        """``/game QUIZ [SECONDS]`` opens a lobby; ``/game stop`` and ``/game skip`` steer the one running."""
        first = folded(args[0]) if args else None  # "ｓｔｏｐ" too: typed with an input method on
        reply: Notice | Skipped | None
        if await self._private(actor, chat, first if first in CONTROLS else None):
            return
        if first not in CONTROLS:
            reply = await self._engine.games.open_typed(actor, player_name(user), chat, " ".join(args), self.stage)
            # "/game o 20" may ask which quiz: the commands and buttons offered keep the 20 seconds (as open_typed
            # reads them), and the same list for any number past the longest
            seconds = offered_seconds(typed_seconds(args)[1])
            if isinstance(reply, WhichQuiz):  # as /quiz's list: in full once a minute in the group
                await self._which(actor, chat, reply, user, seconds)
            elif reply is not None:
                await self._refuse(actor, chat, reply, user.first_name if user else None, seconds)
        else:
            await self.control(actor, chat, first, player_name(user), user.first_name if user else None,
                               await is_chat_admin(self._chat.bot, chat, actor.user_id), message)

    async def control(self, actor: Actor, chat: str, word: str, name: str, first_name: str | None,
                      moderator: bool, message: Message | None) -> None:
        """``/game stop`` (``name``: who, for the podium), or ``/game skip`` (once per ``message``, if sent twice)."""
        reply: Notice | Skipped | None
        if word == "stop":
            reply = await self._engine.games.stop(actor, name, moderator, self.stage)
        else:
            command = f"{chat}/{message.message_id}" if message is not None else None
            reply = await self._engine.games.skip(actor, moderator, self.stage, command)
        if isinstance(reply, Notice):  # a stop or skip done says nothing here: the group sees it happen
            await self._refuse(actor, chat, reply, first_name)

    async def _which(self, actor: Actor, chat: str, which: WhichQuiz, user: User | None, seconds: int | None) -> None:
        first_name = user.first_name if user else None
        await self._repeats.answer("game", actor, chat, first_name or "",
                                   lambda: self._say_refusal(actor, chat, which, first_name, seconds),
                                   variant=(tuple(entry.quiz_id for entry in which.choices.entries), seconds),
                                   above=game_which_above, capped=game_which_capped)

    async def _open_pressed(self, query: CallbackQuery, actor: Actor, chat: str, value: str) -> None:
        """A button of /game's which-one: exactly its quiz id (one a reload removed is gone, not another its id
        names in part), with the seconds /game was given, opened by whoever pressed; the lobby, or why not, is
        said in the chat as /game's. The press is answered once the game opened or was refused, before the lobby
        is posted (behind the group's 20 messages a minute) and the presser's polls elsewhere are set aside:
        Telegram waits only so long for an answer. A refusal the group heard from this person a moment ago is
        not said there again but is the answer (see _heard). Answered exactly once: a turn that fails, by the error
        handler, with its apology."""
        quiz_id, _slash, given = value.partition("/")
        seconds = int(given) if given.isdecimal() else None
        heard = False

        async def opened(refused: Notice | None) -> None:
            nonlocal heard
            heard = refused is not None and self._heard(actor, chat, refused)
            await _acknowledge(query, refused.text if refused is not None and not heard else None, alert=False)

        if await self._private(actor, chat):
            await _acknowledge(query, None, alert=False)
            return
        refused = await self._engine.games.open_by_id(actor, player_name(query.from_user), chat, quiz_id,
                                                      seconds, self.stage, opened)
        # Not in a `finally`: a turn that failed leaves the press unanswered, for the error handler's apology.
        await _acknowledge(query, None, alert=False)  # answered already? Then nothing (OnceAnsweringBot)
        if refused is not None and refused.code is NoticeCode.CHAT_UNHEARD:  # lobby and note refused: privately
            await self.personal.privately(refused, actor, self._chat)
        elif refused is not None and heard:
            await self._say_refusal(actor, chat, refused, query.from_user.first_name, seconds)

    async def _begin_pressed(self, query: CallbackQuery, actor: Actor, game_id: str) -> None:
        """Start: answered as soon as the game began or was refused (an alert saying why), before the list of
        players and the first question go out, behind the group's 20 messages a minute: Telegram waits only so
        long for an answer. A message the chat refuses then stops the game, and its podium says why in the chat;
        when the chat takes nothing at all (a topic closed), the presser hears why privately. A turn that fails
        before the answer leaves it to the error handler's apology."""
        moderator = actor.chat_id is not None and await is_chat_admin(self._chat.bot, actor.chat_id, actor.user_id)

        async def begun(refused: Notice | None) -> None:
            await _acknowledge(query, refused.text if refused else None, alert=True)
        stopped = await self._engine.games.begin(actor, game_id, moderator, self.stage, begun)
        if stopped is not None and stopped.code is NoticeCode.CHAT_UNHEARD:
            await self.personal.privately(stopped, actor, self._chat)

    async def _private(self, actor: Actor, chat: str, control: str | None = None) -> bool:
        """In a private chat, that games are played in groups (said there); False in a group. ``control``: ``stop``
        or ``skip`` typed after /game, by a learner whose own quiz may be open right here: /stop (or /skip) is
        what they meant, said instead."""
        if not is_private(chat, actor):
            return False
        if control is not None and (own := await self._engine.games.own_quiz_instead(
                actor, stopping=control == "stop")) is not None:
            await self._chat.html(chat, [render.notice(own)])
            return True
        _ = await self._engine.localizer(actor)
        await self._chat.html(chat, [esc(_("Group games are played in groups: add me to a group and send /game "
                                           "there."))])
        return True

    async def member_left(self, update: Update, _context: object) -> None:
        """A member left the group or was removed (a service message, sent to bots in privacy mode too): its game
        no longer waits for their answers, which they can't give any more."""
        message = update.effective_message
        gone = message.left_chat_member if message is not None else None
        if message is None or gone is None or gone.is_bot:  # the bot's own removal ends the game elsewhere
            return
        # Telegram says so in a forum's General topic: the games of its other topics stop waiting for them too.
        gone_actor = Actor(PLATFORM, str(gone.id), str(message.chat.id), reaches_privately=False)
        await self._engine.games.left(gone_actor, self.stage, f"{message.chat.id}{SEPARATOR}")

    async def leaderboard(self, actor: Actor, chat: str, args: list[str], first_name: str | None = None) -> None:
        """``/leaderboard [week|all]`` in a group; ``/leaderboard hide|show`` anywhere (in a group, said to whom);
        any other word: the usage (in a private chat, that leaderboards are in groups)."""
        choice = folded(args[0]) if args else "week"  # "ａｌｌ" too, as /game's words
        if choice in VISIBILITY:  # the member's own choice: privately if we can, a repeat answered once a minute
            notice = await self._engine.games.set_hidden(actor, VISIBILITY[choice])
            await self.personal.tell("leaderboard", notice, actor, chat, first_name or "", self._chat)
            return
        if is_private(chat, actor):  # any other word too: no group's points to show here, whatever was asked
            _ = await self._engine.localizer(actor)
            await self._chat.html(chat, [esc(_("Leaderboards belong to groups: send /leaderboard in a group where "
                                               "you play. To leave them, send /leaderboard hide."))])
            return
        if choice not in PERIODS:  # a typo: what the command takes, not this week's board as if that was asked
            _ = await self._engine.localizer(actor)
            await self._refuse(actor, chat, Notice(_(
                "Send /leaderboard week or /leaderboard all for this group's points, or /leaderboard hide or "
                "/leaderboard show to leave the leaderboards or come back."), language=_.language), first_name)
            return
        board = game_render.leaderboard(await self._engine.games.leaderboard(actor, chat, choice))
        # The same board for everyone: in full once a minute, so that one member sending it again and again can't
        # spend the group's 20 messages a minute (a game's questions wait behind them). A board that changed (a
        # game just ended) is another answer, shown in full at once.
        await self._repeats.answer("leaderboard", actor, chat, first_name or "",
                                   lambda: self._chat.html(chat, [board]), variant=board)

    async def group_language(self, actor: Actor, chat: str, choice: str, pressed: CallbackQuery | None = None, *,
                             name: str | None = None, as_group: bool = False) -> None:
        """In a group, /language sets the group's language for games: its admins only. ``pressed``: chosen on the
        picker of /language alone, whose refusal only the presser sees; else ``name`` (first) is whom the group
        hears it refused to. ``as_group``: posted in the group's own name, which only its admins can do; such a
        sender has no private chat, so a refusal is said in the group."""
        moderator = as_group or await is_chat_admin(self._chat.bot, chat, actor.user_id)
        notice = await self._engine.games.set_chat_language(actor, chat, choice, moderator)
        if as_group and notice.is_error:
            notice = replace(notice, here=True)
        if pressed is not None:
            await _acknowledge(pressed, notice.text if notice.is_error else None, alert=True)
        if not notice.is_error:
            await self._chat.html(chat, [render.notice(notice)])
        elif pressed is None:
            await self.personal.tell("language", notice, actor, chat, name or "", self._chat)

    async def may_pick_group_language(self, actor: Actor, chat: str, name: str | None = None) -> bool:
        """/language alone in a group posts a picker that sets the group's language: only for who may set it.
        Anyone else hears the group's language for games and where to set their own (the engine's answer to no
        language chosen), not a picker for everyone that refuses each press."""
        if await is_chat_admin(self._chat.bot, chat, actor.user_id):
            return True
        notice = await self._engine.games.set_chat_language(actor, chat, "", moderator=False)
        if notice.code is not NoticeCode.NOT_ALLOWED:  # one of the bot's own admins: the picker is theirs
            return True
        await self.personal.tell("language", notice, actor, chat, name or "", self._chat)
        return False

    async def button(self, query: CallbackQuery, actor: Actor, data: ButtonData) -> None:
        """A quiz of /game's which-one (opens its lobby), Join, Start (lobby) and Explain (results): answered only
        to the one who pressed."""
        name = player_name(query.from_user)
        if data.action is Action.OPEN_GAME and actor.chat_id is not None:
            await self._open_pressed(query, actor, actor.chat_id, data.value)
        elif data.action is Action.JOIN_GAME:
            async def acknowledge(notice: Notice) -> None:  # "You're in!" first: the press awaits its answer
                await _acknowledge(query, notice.text, alert=notice.is_error)
            await self._engine.games.join(actor, name, data.value, self.stage, acknowledge)
        elif data.action is Action.BEGIN_GAME:
            await self._begin_pressed(query, actor, data.value)
        else:
            game_id, _slash, place = data.value.partition("/")
            reply = await self._engine.games.explain(actor, game_id, int(place) if place.isdecimal() else -1)
            await self._explain(query, reply, game_id, place)

    async def explain_privately(self, actor: Actor, chat: str, payload: str) -> bool:
        """``/start gx_<game>_<place>``: the explanation an alert couldn't hold. False if that isn't the payload."""
        # The bot's links are printable: a control character (a NUL, which PostgreSQL refuses even in a look-up)
        # makes one it never sent, as callback_data.decode tells a button's.
        if not payload.startswith(DEEP_LINK) or not payload.isprintable():
            return False
        game_id, _underscore, place = payload.removeprefix(DEEP_LINK).partition("_")
        reply = await self._engine.games.explain(actor, game_id, int(place) if place.isdecimal() else -1)
        text = game_render.explanation(reply) if isinstance(reply, GameExplanation) else render.notice(reply)
        await self._chat.html(chat, [text])
        return True

    async def _explain(self, query: CallbackQuery, reply: GameExplanation | Notice, game_id: str, place: str) -> None:
        if isinstance(reply, Notice):
            await _acknowledge(query, reply.text, alert=True)
            return
        alert = game_render.explanation_alert(reply)
        if alert is not None:
            await _acknowledge(query, alert, alert=True)
            return
        # Too long for an alert: open a private chat with the bot, which sends it whole (t.me/bot?start=...).
        url = f"https://t.me/{self._chat.bot.username}?start={DEEP_LINK}{game_id}_{place}"
        try:
            await query.answer(url=url)
        except BadRequest:
            await _acknowledge(query, reply.verdict, alert=True)

    async def _refuse(self, actor: Actor, chat: str, notice: Notice, first_name: str | None,
                      seconds: int | None = None) -> None:
        """Said in the group if it is to hear it (see _heard); one the group can't take, to its actor privately."""
        if notice.code is NoticeCode.CHAT_UNHEARD:
            await self.personal.privately(notice, actor, self._chat)
        elif self._heard(actor, chat, notice):
            await self._say_refusal(actor, chat, notice, first_name, seconds)

    def _heard(self, actor: Actor, chat: str, notice: Notice) -> bool:
        """Whether the group is to hear this refusal, counted as heard: the same refusal once per person per half
        minute, as repeats must not eat the group's budget, yet a typo right after a usage hint, or a second
        typo, still hears that the quiz isn't known. The same words, not the same kind: "no quiz called X" is
        one kind for every X. A refusal by the chat itself is not said there again: the podium said it, or the chat
        took nothing at all."""
        return (notice.code not in (NoticeCode.CHAT_REFUSED, NoticeCode.CHAT_UNHEARD)
                and self._refused.allow((chat, actor.user_id, notice.text)))

    async def _say_refusal(self, actor: Actor, chat: str, notice: Notice, first_name: str | None,
                           seconds: int | None = None) -> None:
        """Said in the group, naming whom it refuses. ``seconds``: typed after the quiz, kept in the /game
        commands and buttons offered to pick one."""
        owner = owner_in(chat, actor, first_name)
        if isinstance(notice, WhichQuiz):  # several named: which one? As /quiz asks, with /game's commands
            then = "" if seconds is None else f" {seconds}"
            more = unbuttoned(notice.choices, self._engine.localizer_for(notice.language), "game")
            await self._chat.html(chat, render.which_quiz(notice, owner, "game", then) + more,
                                  game_buttons(notice.choices, seconds))
        else:
            await self._chat.html(chat, [render.outcome_notice(notice.text, owner)])


async def _acknowledge(query: CallbackQuery, text: str | None, *, alert: bool) -> None:
    with contextlib.suppress(NetworkError):  # too old to answer (BadRequest), or maybe answered: nothing to do
        await query.answer(game_render.fit_alert(text) if text else None, show_alert=alert and bool(text))
