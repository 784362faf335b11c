"""Votes on a message no game or quiz knows, while game questions went out unheard (their messages' keys unknown,
kept by whichever process sent them): taken as one such question's, and its key linked from then on."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.games.delivery import Stage
from bot.games.records import GameMessageLink
from bot.games.replies import GameVote, VoteRefused
from bot.ports import UnitOfWork
from bot.replies import Actor
from bot.turns import Turns
from bot.usecases.games.phases import not_again
from bot.usecases.games.play import GamePlay, Membership

# Refusals that say nothing of the message being that question's: the next unheard one is tried, nothing linked.
# Not that game's voter, its question closed meanwhile, or not one of its options (Telegram delivers only an option
# its poll has); or a reload removed or changed the question, refused before anything says the voter is of its game
# (a poll vote names no chat): not evidence of whose poll it is, and a refusal naming a game the voter may not be
# in. A vote no question takes is nobody's (the adapter logs it).
NOT_ITS_POLL = frozenset({VoteRefused.OTHER_CHAT, VoteRefused.CLOSED, VoteRefused.OVER, VoteRefused.NO_SUCH_OPTION,
                          VoteRefused.REMOVED})


class UnheardVotes:
    def __init__(self, play: GamePlay, turns: Turns) -> None:
        self._play = play
        self._turns = turns

    async def vote(self, actor: Actor, name: str, message_key: str, option_index: int, stage: Stage,
                   member: Membership | None = None, *, closes_at_deadline: bool = False,
                   arrived: datetime | None = None) -> GameVote | None:
        """The latest unheard question's whose game the voter is of (a player, or in its chat as ``member``
        says), its key linked to that question from then on; None if none is. ``arrived``: see GamePlay.vote."""
        for marker in await self._turns.run_unlocked(lambda uow: uow.games.unheard(actor.platform)):
            voted = await self._play.vote(actor, name, marker.game_id, marker.position, option_index, stage, member,
                                          closes_at_deadline=closes_at_deadline, arrived=arrived)
            if voted.refused in NOT_ITS_POLL:
                continue
            await self._turns.run_unlocked(
                _learnt(GameMessageLink(actor.platform, message_key, marker.game_id, marker.position)))
            return voted
        return None


def _learnt(link: GameMessageLink) -> Callable[[UnitOfWork], Awaitable[None]]:
    """The key of an unheard question's message, learnt from a vote on it: linked. The question went out, so it is
    never asked again (Phases.ask_unsent), though no marker of it remains, nor perhaps any answer (a vote refused
    as played elsewhere); kept as ``heard`` keeps the key, once, whichever process learns it first."""
    async def store(uow: UnitOfWork) -> None:
        await uow.games.heard(link)
        await uow.games.heard(not_again(link.platform, link.game_id, link.position))
        await uow.commit()
    return store
