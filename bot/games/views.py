"""Pure functions that turn a game's records into what the chat and each player read."""

from __future__ import annotations

import string
from collections import Counter
from datetime import timedelta
from itertools import pairwise

from bot import views
from bot.content.models import Question, Quiz, localized
from bot.games.delivery import CLOSED, HELD_BACK, MOVED_TO_A_GAME, TOPIC_CLOSED
from bot.games.records import PROMPT, GameAnswerRecord, GameRecord, LeaderboardEntry, PlayerRecord
from bot.games.replies import GameBegins, GameExplanation, GameLobby, GamePodium, GameQuestion, GameResults
from bot.games.rules import (
    LOBBY_SECONDS,
    MAX_QUESTION_SECONDS,
    MIN_QUESTION_SECONDS,
    POINTS_RIGHT,
    SPEED_BONUS,
    TOP,
    places,
    shared_places,
    standings,
)
from bot.i18n import Localizer
from bot.text import isolated, shown_name

LETTERS = string.ascii_uppercase
PODIUM_LINES = 10  # players listed by name at the end; the rest are counted
UNNAMED = "?"  # a name with nothing visible in it (stored before names were checked, or only marks)
MEDALS = ("🥇", "🥈", "🥉")


def letter(index: int) -> str:
    return LETTERS[index] if 0 <= index < len(LETTERS) else "?"


def lobby(game: GameRecord, quiz: Quiz, players: list[PlayerRecord], starter: str, _: Localizer,
          asked_seconds: int | None = None) -> GameLobby:
    """``asked_seconds``: the question time the starter asked for; one out of range is said to have been changed."""
    count = len(game.question_ids)
    changed = asked_seconds is not None and asked_seconds != game.question_seconds
    lines = (
        *([_("Seconds per question must be between {low} and {high}; using {seconds}.", low=MIN_QUESTION_SECONDS,
             high=MAX_QUESTION_SECONDS, seconds=game.question_seconds)] if changed else []),
        _.ngettext("{n} question, {seconds} seconds each.", "{n} questions, {seconds} seconds each.", count,
                   seconds=game.question_seconds),
        _("Press Join to play. The game begins in {seconds} seconds, or when {name} presses Start.",
          seconds=LOBBY_SECONDS, name=_display(starter)),
        _("You can also join by answering a question."),
        _("Players: {names}", names=_names(players)),
    )
    return GameLobby(game.id, game.chat_id, _("Group game: {quiz}", quiz=localized(quiz.title, _.language)), lines,
                     _("Join"), _("Start"), _.language)


def begins(game: GameRecord, players: list[PlayerRecord], _: Localizer) -> GameBegins:
    if not players:  # every one left the chat from the lobby: a game anyone may still join by answering
        text = _("Game on! Nobody has joined yet: answer a question to play.")
    else:
        text = _.ngettext("Game on! {n} player: {names}", "Game on! {n} players: {names}", len(players),
                          names=_names(players))
    return GameBegins(game.id, game.chat_id, game.lobby_message, text, _.language)


def question(game: GameRecord, question: Question, _: Localizer) -> GameQuestion:
    language = question.display_language(_.language)
    notices: tuple[str, ...] = ()
    if language != _.language:
        notices = (views.shown_in_english(_),)
    order = views.shown_options(question, game.option_orders.get(question.id, []))
    texts = {option.id: option.text[language] for option in question.options}
    number, total = game.position + 1, len(game.question_ids)
    return GameQuestion(
        game.id, game.chat_id, game.position, _("Question {number} of {total}", number=number, total=total),
        f"{number}/{total}", question.prompt[language], tuple(texts[option_id] for option_id in order),
        order.index(question.answer), question.explanation[language], game.question_seconds,
        (game.asked_at or game.updated_at) + timedelta(seconds=game.question_seconds), notices, _.language)


def vote_about(game: GameRecord, quiz: Quiz | None, _: Localizer, position: int) -> str:
    """Which game and question a vote was on, for words that reach the voter away from the game's chat."""
    label = _("Question {number} of {total}", number=position + 1, total=len(game.question_ids))
    title = localized(quiz.title, _.language) if quiz is not None else game.quiz_id
    heading = _("Group game: {quiz}", quiz=title)
    return f"{heading} · {label}"


def as_asked(game: GameRecord, question: Question) -> Question:
    """The game's current question with the answer it was asked with, when a reload has since named another one
    (or a new option) the answer: votes and results go by what the poll showed. An answer since removed gives way,
    having no text left to show."""
    asked = game.asked_answer
    if (question.id != game.current_question_id or game.asked_id != question.id or asked is None
            or asked == question.answer or question.option(asked) is None):
        return question
    return question.with_answer(asked)


def reworded(game: GameRecord, question: Question) -> bool:
    """Whether a reload since the game asked its current question changed what its prompt, or the options it showed,
    say (texts reworded, or swapped between options, their ids kept): neither judged nor shown in words the players
    never saw, it is passed over, as a question removed. Options only added or removed leave it as asked: a vote
    names the option its letter showed, and the results keep those letters (asked_options)."""
    return question.id == game.current_question_id and changed_since_asked(game, question)


def changed_since_asked(game: GameRecord, question: Question) -> bool:
    """Whether the prompt, or an option the game showed with ``question`` and still there, says something else now
    (in English: a translation fixed is not a change). Each one's text as asked is compared (option_digests; the
    prompt's only if kept then); for a question asked by the release before they were kept, the options' digest as
    a whole, which only the current question has and an option removed since can't be told from (asked_options);
    else not known: asked by a release before either was kept."""
    asked = game.option_digests.get(question.id)
    if asked is not None:
        now = {**question.option_digests, PROMPT: question.prompt_digest}
        return any(now[key] != said for key, said in asked.items() if key in now)
    if game.asked_options is None or question.id != game.current_question_id or game.asked_id != question.id:
        return False
    now_digest = question.options_digest_of(game.option_orders.get(question.id, []))
    return now_digest is not None and now_digest != game.asked_options


def as_judged(game: GameRecord, question: Question, answers: list[GameAnswerRecord]) -> Question:
    """A closed question with the answer its votes were judged by: ``as_asked`` keeps it only while the question
    is the game's current one, so for one closed before, the option its right answers chose, when a reload has
    since named another answer (none right: as the question is now)."""
    judged = as_asked(game, question)
    right = next((answer.option_id for answer in answers if answer.correct), None)
    if right is None or right == judged.answer or question.option(right) is None:
        return judged
    return question.with_answer(right)


def asked_options(game: GameRecord, question: Question) -> list[str]:
    """The option ids of a question asked, by the letters it showed them with: one a reload removed since keeps its
    letter (the poll still shows it, and votes named it), one a reload added comes last."""
    order = game.option_orders.get(question.id, [])
    return order + [option.id for option in question.options if option.id not in order]


def results(game: GameRecord, question: Question, answers: list[GameAnswerRecord], players: list[PlayerRecord],
            _: Localizer, *, closed_early: bool) -> GameResults:
    language = question.display_language(_.language)
    order = asked_options(game, question)
    chosen = Counter(answer.option_id for answer in answers)
    counts = tuple((letter(index), chosen[option_id]) for index, option_id in enumerate(order))
    right = order.index(question.answer)
    answer_text = next(option.text[language] for option in question.options if option.id == question.answer)
    heading = _("Question {number}: the answer is {letter}. {option}", number=game.position + 1,
                letter=letter(right), option=answer_text)
    counts_line = (_("Answers: {counts}", counts=" · ".join(f"{key} {count}" for key, count in counts))
                   if answers else _("Nobody answered this one."))
    ranked = standings(players)
    shown = list(zip(places(ranked), ranked, strict=True))[:TOP]
    top = tuple(_.ngettext("{place}. {name} — {n} point", "{place}. {name} — {n} points", player.score,
                           place=place, name=_display(player.name)) for place, player in shown)
    top += tie_note(shown, _)
    label = _("Question {number} of {total}", number=game.position + 1, total=len(game.question_ids))
    return GameResults(game.id, game.chat_id, game.position, game.question_message, label,
                       question.prompt[language], heading,
                       question.explanation[language], counts, counts_line, _("Standings:") if top else "", top,
                       _("Explain in my language"), closed_early, _.language,
                       (views.shown_in_english(_),) if language != _.language else ())


def podium(game: GameRecord, title: str, players: list[PlayerRecord], asked: int, _: Localizer, *,
           stopped_by: str | None = None, refused: str | None = None, open_question: str | None = None,
           open_lobby: str | None = None, answered_open: frozenset[int] = frozenset(),
           questions_removed: bool = False) -> GamePodium:
    """``asked``: how many questions were shown and closed (a stopped game's players are judged on those, and on
    the question it was stopped at if they answered it: ``answered_open``); ``refused``: the right the chat
    denied the bot, which stopped the game; ``questions_removed``: it ended as a reload removed the questions
    left."""
    lines = []
    chances = {player.user_id: _chances(player, asked + (player.user_id in answered_open)) for player in players}
    # Only those who had a question to score on are ranked: nobody when stopped in the lobby, and not who joined
    # at the question the game stopped at without answering it (they come last, so the others' places hold).
    ranked = [player for player in standings(players) if chances[player.user_id] > 0]
    if ranked and not any(player.score for player in ranked):  # medals for nothing would mock everyone
        ranked = []
        lines.append(_("Nobody scored this time."))
    shown = list(zip(places(ranked), ranked, strict=True))[:PODIUM_LINES]
    for place, player in shown:
        # A medal is earned: no bronze for 0 points, even in third place (standings put them after who scored).
        mark = MEDALS[place - 1] if place <= len(MEDALS) and player.score > 0 else f"{place}."
        lines.append(mark + " " + _.ngettext(
            "{name} — {n} point · {correct} of {asked} right ({percent}%)",
            "{name} — {n} points · {correct} of {asked} right ({percent}%)", player.score,
            name=_display(player.name),
            correct=player.correct, asked=chances[player.user_id],
            percent=round(100 * player.correct / chances[player.user_id])))
    if len(ranked) > PODIUM_LINES:
        rest = len(ranked) - PODIUM_LINES
        lines.append(_.ngettext("…and {n} more player.", "…and {n} more players.", rest))
    lines += tie_note(shown, _)
    note = _("Stopped by {name}.", name=_display(stopped_by)) if stopped_by else None
    if not players or (asked and not stopped_by and not any(chances.values())):  # all left before the first
        note = _("Nobody played.")  # question, and nobody joined by answering: else a heading over nothing
    removed_before = questions_removed and not asked  # in the lobby still: stopped, with nothing to rank
    if questions_removed:
        note = (_("This quiz was removed before the game began, so the game can't be played.") if removed_before
                else _("This quiz's remaining questions were removed, so the game ends here."))
    if refused:
        note = refused_note(refused, _)
    heading = (_("Game stopped: {quiz}", quiz=title) if stopped_by or refused or removed_before
               else _("Final results: {quiz}", quiz=title))
    return GamePodium(game.id, game.chat_id, heading, tuple(lines), open_question, note, _.language,
                      open_lobby=open_lobby)


def explanation(game: GameRecord, question: Question, mine: GameAnswerRecord | None, _: Localizer) -> GameExplanation:
    order = asked_options(game, question)
    if mine is None:
        verdict = _("You didn't answer this one.")
        feedback = views.feedback(question, question.answer, _)
    else:
        chosen = letter(order.index(mine.option_id)) if mine.option_id in order else "?"
        verdict = (_("You chose {letter}: correct!", letter=chosen) if mine.correct
                   else _("You chose {letter}: not quite.", letter=chosen))
        feedback = views.feedback(question, mine.option_id, _)
    if question.display_language(_.language) != _.language:  # the explanation below is English: say why
        verdict += "\n" + views.shown_in_english(_)
    return GameExplanation(verdict, feedback, _.language)


def leaderboard_lines(entries: list[LeaderboardEntry], _: Localizer) -> tuple[str, ...]:
    """Most points first; equal points share a place (1, 2, 2, 4): an entry has no time to tell them apart by."""
    shown = shared_places(entries, lambda entry: entry.points)
    return tuple(_.ngettext("{place}. {name} — {n} point", "{place}. {name} — {n} points", entry.points,
                            place=place, name=_display(entry.name))
                 for place, entry in zip(shown, entries, strict=True))


def tie_note(shown: list[tuple[int, PlayerRecord]], _: Localizer) -> tuple[str, ...]:
    """Under (place, player) lines: why equal points got different places, when time did it; nothing otherwise
    (one who answered above one who never did is not "less time": that one took none)."""
    told_apart = any(player.score == after.score and place != next_place and player.answered and after.answered
                     for (place, player), (next_place, after) in pairwise(shown))
    return (_("Equal points: whoever answered in less time in all ranks higher."),) if told_apart else ()


def _chances(player: PlayerRecord, asked: int) -> int:
    """The questions a player was there for, of the first ``asked``: from joining until leaving the chat."""
    end = asked if player.left_position is None else min(asked, player.left_position)
    return max(0, end - player.joined_position - player.away_questions)


def _names(players: list[PlayerRecord]) -> str:
    return ", ".join(_display(player.name) for player in players)


def game_rules(_: Localizer, skip: str = "/game skip", stop: str = "/game stop") -> str:
    """How group games score, for /help on every platform; ``skip`` and ``stop`` as the platform spells them."""
    return _("In a group game, a right answer earns {points} points, plus up to {bonus} for speed: the sooner you "
             "answer, the more. Equal scores go to whoever took less time in all. The starter or an admin can "
             "{skip} a question or {stop} the game.", points=POINTS_RIGHT, bonus=SPEED_BONUS, skip=skip, stop=stop)


def refused_note(right: str, _: Localizer) -> str:
    """Why a game stopped when its chat refused a message: the right the bot lacks there (a msgid), or that its
    messages there are held back for a while (HELD_BACK), or that it is closed to them (CLOSED, TOPIC_CLOSED), or
    that the group moved to a chat with a game of its own (MOVED_TO_A_GAME)."""
    if right == HELD_BACK:
        return _("I can't post the game's messages in this chat for now: my messages here are being held back. "
                 "Start a new game later.")
    if right == CLOSED:
        return _("I can't post the game's messages in this thread: it is closed and locked. Start a new game in "
                 "another channel.")
    if right == TOPIC_CLOSED:  # an admin may open it again: no right to grant the bot
        return _("I can't post the game's messages in this topic: it is closed. Ask an admin to reopen it, or start "
                 "a new game in an open topic.")
    if right == MOVED_TO_A_GAME:  # the old group is read-only: nothing to grant, nowhere to go on
        return _("This group became a supergroup, which already has a game under way, so I stopped this game. The "
                 "points scored in it so far count on the group's leaderboard.")
    return _("I can't post the game's questions in this chat: I'm missing the “{permission}” permission. Ask an "
             "admin to grant it, then start a new game.", permission=_(right))


def _display(name: str) -> str:
    """A player's name as the game shows it, a right-to-left one isolated from the words around it; the
    placeholder if nothing in it would show (kept before names were checked)."""
    return isolated(shown_name(name) or UNNAMED)
