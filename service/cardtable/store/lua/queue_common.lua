-- Shared by the queue's scripts (cardtable.rated.matchmaking). Every key of one game and
-- table size shares one hash tag, so each script runs in one Redis Cluster slot: KEYS[1]
-- the tickets (a hash: ticket id -> JSON; also "m:<game id>" -> the match), KEYS[2] the
-- waiting tickets scored by rating, KEYS[3] the waiting tickets scored by their last poll,
-- KEYS[4] the ended tickets and matches scored by the time they ended (cleaned up later).

-- A ticket's status changed: wake its long-polls (the hub listens on the games' channel;
-- a ticket's notifications are named "queue:<ticket>").
local function announce(channel, ticket)
  redis.call('PUBLISH', channel, cjson.encode({id = 'queue:' .. ticket, version = 1}))
end

-- End a waiting ticket with `status` (and its match's fields, if any).
local function finish(ticket, entry, status, now, channel)
  entry.status = status
  redis.call('HSET', KEYS[1], ticket, cjson.encode(entry))
  redis.call('ZREM', KEYS[2], ticket)
  redis.call('ZREM', KEYS[3], ticket)
  redis.call('ZADD', KEYS[4], now, ticket)
  announce(channel, ticket)
end
