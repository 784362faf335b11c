"""Votes cast while no process listened: Discord replays no poll votes to a new gateway session (READY, not
RESUMED), so once a session begins the open quiz polls are asked who voted, and the owner's vote counts as if
it had just arrived. The engine scores a question once, so a vote seen live and again here counts once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from adapters.discord.actors import PLATFORM
from adapters.discord.polls import MAX_POLL_HOURS
from adapters.discord.votes import VoteHandler
from bot.engine import QuizEngine
from bot.records import MessageLink, UnansweredLink

if TYPE_CHECKING:  # discord.types can't be imported first at run time (a circular import)
    from discord.types.gateway import PollVoteActionEvent

log = logging.getLogger(__name__)

# The most recent open polls of its own (its shard's) looked at per new session: a restart's votes are on the polls of
# the learners playing lately; an older one was most likely walked away from, and its learner's next vote there counts
# anyway. Other shards' polls are passed over, not counted: a process running a few of many shards sees mostly those.
CATCH_UP_POLLS = 200
# Seconds between two polls: each costs one or two reads (the message, then each voted answer's voters), so a
# catch-up takes a few requests a second of Discord's 50, leaving the rest to learners; 200 polls in 50 s.
CATCH_UP_PAUSE = 0.25
POLL_LIFETIME = timedelta(hours=MAX_POLL_HOURS)  # a poll linked longer ago than Discord's longest is closed
# Polls failing in a row after which the look stops: one poll's fault is logged and passed over, but the same error
# poll after poll is an outage (the database, Discord), not worth a traceback per poll; the votes count when cast again.
MAX_FAILURES_IN_A_ROW = 3
# Channels missing from the cache whose server (or none: a DM) this process keeps, so that its shards, and its next
# sessions, read each once; past this many the list starts again.
MAX_CHANNELS_KNOWN = 10_000


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a server's events to (DMs go to shard 0)."""
    return (guild_id >> 22) % shard_count


class VoteCatchUp:
    def __init__(self, engine: QuizEngine, client: discord.Client, votes: VoteHandler) -> None:
        self._engine = engine
        self._client = client
        self._votes = votes
        self._turn = asyncio.Lock()  # one catch-up at a time: shards starting together share the pace
        self._tasks: set[asyncio.Task[None]] = set()
        self._servers: dict[int, int | None] = {}  # uncached channel id -> its server's id, None for a DM

    def start(self, shard_id: int | None) -> None:
        """Catch up in the background (READY is not held up), for one shard's servers, or all (``None``)."""
        task = asyncio.create_task(self._run(shard_id), name=f"discord-catch-up-{shard_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        tasks = set(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, shard_id: int | None) -> None:
        async with self._turn:
            try:
                looked = counted = failed = in_a_row = 0
                async for found in self._open_polls():
                    try:
                        caught_up = await self._caught_up(found, shard_id)
                    except Exception as error:  # this poll's fault, or an outage's: the other polls are looked at
                        looked += 1
                        failed += 1
                        in_a_row += 1
                        if in_a_row == 1:  # the rest of a run is the same error again
                            log.exception("could not look at poll %s for votes cast while away (shard %s)",
                                          found.link.message_key, shard_id)
                        if in_a_row >= MAX_FAILURES_IN_A_ROW:
                            log.error("stopped looking for votes cast while away (shard %s): %d polls failed in a "
                                      "row, the last with %r", shard_id, in_a_row, error)
                            break
                        continue
                    if caught_up is None:  # another shard's: not one of this shard's polls looked at
                        continue
                    in_a_row = 0
                    looked += 1
                    counted += caught_up
                    if looked >= CATCH_UP_POLLS:
                        break
                if looked:
                    log.info("looked at %d open polls for votes cast while away (shard %s): %d found, %d failed",
                             looked, shard_id, counted, failed)
            except Exception:  # the live votes go on; a vote missed here counts when its learner votes again
                log.exception("could not look for votes cast while away (shard %s)", shard_id)

    async def _open_polls(self) -> AsyncIterator[UnansweredLink]:
        """The bot's open polls, newest first, a page at a time: all shards' (the database knows no poll's server),
        so that one process of many (QUIZ_DISCORD_SHARD_IDS) still reaches CATCH_UP_POLLS of its own."""
        older_than: MessageLink | None = None
        while True:
            page = await self._engine.unanswered_links(PLATFORM, POLL_LIFETIME, CATCH_UP_POLLS, older_than)
            for found in page:
                yield found
            if len(page) < CATCH_UP_POLLS:
                return
            older_than = page[-1].link

    async def _caught_up(self, found: UnansweredLink, shard_id: int | None) -> bool | None:
        """Whether the owner's vote was found on this link's poll (and handed on as a live one); None where the
        poll is another shard's."""
        link = found.link
        if not (link.chat_id or "").isdigit() or not link.message_key.isdigit() or not found.owner.isdigit():
            return False
        channel_id, message_id, owner = int(link.chat_id or 0), int(link.message_key), int(found.owner)
        ours, guild_id = await self._whose(channel_id, shard_id)
        if not ours:
            return None
        try:
            answer_id = await self._owners_answer(channel_id, message_id, owner)
        except discord.HTTPException as error:  # deleted, or no longer readable: nothing to count
            log.info("could not look at poll %s for votes: %s", message_id, error)
            answer_id = None
        if answer_id is not None:  # the event discord.py would have made of it
            vote: PollVoteActionEvent = {"user_id": owner, "channel_id": channel_id, "message_id": message_id,
                                         "answer_id": answer_id}
            if guild_id is not None:
                vote["guild_id"] = guild_id
            await self._votes.on_vote_add(discord.RawPollVoteActionEvent(vote), replayed=True)
        await asyncio.sleep(CATCH_UP_PAUSE)
        return answer_id is not None

    async def _whose(self, channel_id: int, shard_id: int | None) -> tuple[bool, int | None]:
        """Whether the channel's events come to this shard (all of them for ``None``), and its server's id (None
        in a DM). A channel missing from the cache (a DM, a thread the gateway didn't list, another process's
        server) is asked for once per process: any shard may own it (only DMs go to shard 0)."""
        channel = self._client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        if isinstance(guild, discord.Guild):
            return shard_id is None or guild.shard_id == shard_id, guild.id
        if channel_id not in self._servers:
            try:
                data: dict[str, Any] = dict(await self._client.http.get_channel(channel_id))
            except discord.HTTPException as error:  # deleted, or out of reach: no vote can be read there either
                log.info("could not look at channel %s for votes: %s", channel_id, error)
                return False, None
            finally:  # paced as a poll's reads: most are of other processes' servers, many at each start
                await asyncio.sleep(CATCH_UP_PAUSE)
            if len(self._servers) >= MAX_CHANNELS_KNOWN:  # a channel never moves: forgetting costs one read
                self._servers.clear()
            self._servers[channel_id] = int(data["guild_id"]) if "guild_id" in data else None
        guild_id = self._servers[channel_id]
        if guild_id is None:  # a DM: shard 0's
            return shard_id is None or shard_id == 0, None
        return shard_id is None or shard_of(guild_id, self._client.shard_count or 1) == shard_id, guild_id

    async def _owners_answer(self, channel_id: int, message_id: int, owner: int) -> int | None:
        """The answer id the owner voted for, if the poll is still open: one read of the message, then one of the
        voters of each answer its results count votes for (all of them if it came without results)."""
        http = self._client.http
        message: dict[str, Any] = dict(await http.get_message(channel_id, message_id))
        poll = message.get("poll")
        if not poll:
            return None
        results = poll.get("results")
        expiry = poll.get("expiry")
        if (results or {}).get("is_finalized") or (expiry and datetime.fromisoformat(expiry) <= discord.utils.utcnow()):
            return None  # closed: Discord takes no vote on it, and the bot says nothing (README, Discord)
        answers = [int(answer["answer_id"]) for answer in poll.get("answers", [])]
        if results is not None:
            voted = {int(count["id"]) for count in results.get("answer_counts", []) if count.get("count")}
            answers = [answer for answer in answers if answer in voted]
        for answer_id in answers:
            # Voters come sorted by id: the first after owner - 1 is the owner, if they voted for it.
            page = await http.get_poll_answer_voters(channel_id, message_id, answer_id, after=owner - 1, limit=1)
            if any(int(user["id"]) == owner for user in page.get("users", [])):
                return answer_id
        return None
