"""A game's buttons: one per quiz under /game start's which-one question, Join and Start in the lobby, one per
option under a question, Explain under the results. Each custom_id holds everything, so they work after a restart;
a click goes to the client's game handlers."""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord

from adapters.discord.buttons import choices_view
from adapters.discord.render import BUTTON_LABEL_LIMIT
from bot.replies import QuizList
from bot.text import shorten_words

# qt:g<verb>:<game id>[:<question's place>[:<option>]]: j join, b begin, a answer, x explain.
GAME_ID = re.compile(r"qt:g(?P<verb>[jbax]):(?P<game>[0-9a-f]{32})"
                     r"(?::(?P<place>[0-9]{1,5}))?(?::(?P<option>[0-9]{1,2}))?")
VERBS = {"j": "join", "b": "begin", "a": "answer", "x": "explain"}
# qt:gq:<quiz id>[:<seconds>]: one of the quizzes /game start's name matched, to open its lobby with the seconds
# per question that /game start was given, if any.
OPEN_ID = re.compile(r"qt:gq:(?P<quiz>[a-z0-9-]{1,48})(?::(?P<seconds>[0-9]{1,3}))?")


@runtime_checkable
class GameClickHandler(Protocol):
    async def handle_game_click(self, interaction: discord.Interaction, verb: str, game_id: str, place: int,
                                option: int) -> None: ...


@runtime_checkable
class GameOpenClickHandler(Protocol):
    async def handle_game_open_click(self, interaction: discord.Interaction, quiz_id: str,
                                     seconds: int | None) -> None: ...


class GameOpenButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=OPEN_ID):
    def __init__(self, quiz_id: str, seconds: int | None, label: str) -> None:
        custom_id = f"qt:gq:{quiz_id}" + (f":{seconds}" if seconds is not None else "")
        super().__init__(discord.ui.Button(label=shorten_words(label, BUTTON_LABEL_LIMIT),
                                           style=discord.ButtonStyle.primary, custom_id=custom_id))
        self.quiz_id, self.seconds = quiz_id, seconds

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameOpenButton:
        seconds = int(match["seconds"]) if match["seconds"] else None
        return cls(match["quiz"], seconds, getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        if isinstance(client, GameOpenClickHandler):
            await client.handle_game_open_click(interaction, self.quiz_id, self.seconds)


def open_view(choices: QuizList, seconds: int | None) -> discord.ui.View:
    """A button for each quiz /game start's name matched, that opens its lobby with the seconds it was given."""
    return choices_view(choices, lambda quiz_id, label: GameOpenButton(quiz_id, seconds, label))


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME_ID):
    def __init__(self, verb: str, game_id: str, label: str, place: int = 0, option: int = 0,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        code = next(key for key, name in VERBS.items() if name == verb)
        custom_id = f"qt:g{code}:{game_id}"
        if verb in ("answer", "explain"):
            custom_id += f":{place}"
        if verb == "answer":
            custom_id += f":{option}"
        super().__init__(discord.ui.Button(label=shorten_words(label, BUTTON_LABEL_LIMIT), style=style,
                                           custom_id=custom_id))
        self.verb, self.game_id, self.place, self.option = verb, game_id, place, option

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameButton:
        return cls(VERBS[match["verb"]], match["game"], getattr(item, "label", None) or "?",
                   int(match["place"] or 0), int(match["option"] or 0))

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        if isinstance(client, GameClickHandler):
            await client.handle_game_click(interaction, self.verb, self.game_id, self.place, self.option)


def lobby_view(game_id: str, join: str, start: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton("join", game_id, join, style=discord.ButtonStyle.success))
    view.add_item(GameButton("begin", game_id, start, style=discord.ButtonStyle.secondary))
    return view


def answer_view(game_id: str, place: int, labels: list[str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for index, label in enumerate(labels):
        view.add_item(GameButton("answer", game_id, label, place, index))
    return view


def explain_view(game_id: str, place: int, label: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GameButton("explain", game_id, label, place, style=discord.ButtonStyle.secondary))
    return view
