-- QUEUE_MATCH (after queue_common.lua): expire the tickets nobody polls, then try to seat
-- the focus ticket at a table with waiting tickets of the same game and size (KEYS: see
-- queue_common.lua), all in one script: no ticket can be put in two games.
-- ARGV[1] now, ARGV[2] seconds without a poll before a waiting ticket expires, ARGV[3] the
-- focus ticket, ARGV[4] 1 when its owner polls it (renewed first, unless already stale), 3 when it is
-- being queued (renewed), 2 to sweep only (no renewal, no matching: does it still wait?), ARGV[5]
-- the table size, ARGV[6] the new game's id, ARGV[7] the rating window at once, ARGV[8]
-- its growth per second waited, ARGV[9] its maximum, ARGV[10] the notification channel,
-- ARGV[11] the seats in the order tickets take them (comma separated), ARGV[12] how many
-- server bots follow, then each server bot as JSON {player, name, bot, rating}, closest in
-- rating first (they are offered only to tickets whose every player accepts bots). Being
-- queued (ARGV[4] 3), the new ticket's JSON and its rating follow the server bots.
-- Returns {status, the focus ticket's JSON} and, when a table was made, its seats' JSON;
-- {'replayed', its JSON} when the ticket being queued exists (a retry with the same
-- Idempotency-Key: nothing else is done).
local now = tonumber(ARGV[1])
local channel = ARGV[10]

-- Being queued: the ticket is stored first, in the same script as its matching (one round
-- trip for both).
if ARGV[4] == '3' then
  local existing = redis.call('HGET', KEYS[1], ARGV[3])
  if existing then
    return {'replayed', existing}
  end
  local after_bots = 13 + tonumber(ARGV[12])
  redis.call('HSET', KEYS[1], ARGV[3], ARGV[after_bots])
  redis.call('ZADD', KEYS[2], tonumber(ARGV[after_bots + 1]), ARGV[3])
  redis.call('ZADD', KEYS[3], now, ARGV[3])
end

-- The owner's poll (or the queueing itself) renews the ticket before the sweep, unless
-- it is already stale (then it expires: a poll after a long silence finds it expired).
local polled_at = redis.call('ZSCORE', KEYS[3], ARGV[3])
local fresh = polled_at and tonumber(polled_at) > now - tonumber(ARGV[2])
if polled_at and (ARGV[4] == '3' or (ARGV[4] == '1' and fresh)) then
  redis.call('ZADD', KEYS[3], now, ARGV[3])
end

-- Tickets whose owner stopped polling expire (a bounded batch per run).
local stale = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now - tonumber(ARGV[2]), 'LIMIT', 0, 100)
for _, ticket in ipairs(stale) do
  local stored = redis.call('HGET', KEYS[1], ticket)
  if stored then
    finish(ticket, cjson.decode(stored), 'expired', now, channel)
  else
    redis.call('ZREM', KEYS[2], ticket)
    redis.call('ZREM', KEYS[3], ticket)
  end
end
-- Ended tickets and matches are kept an hour (their owners read them), then dropped.
local old = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now - 3600, 'LIMIT', 0, 100)
for _, ticket in ipairs(old) do
  redis.call('HDEL', KEYS[1], ticket)
  redis.call('ZREM', KEYS[4], ticket)
end

local focus_id = ARGV[3]
local stored = redis.call('HGET', KEYS[1], focus_id)
if not stored then
  return {'unknown', false}
end
local focus = cjson.decode(stored)
if focus.status ~= 'waiting' or ARGV[4] == '2' then
  return {focus.status, stored}  -- ended, or only swept (ARGV[4] 2: no matching asked)
end

local function accepts(entry, kind)
  return entry.opponents == 'any' or (entry.opponents == 'humans' and kind == 'human')
    or (entry.opponents == 'bots' and kind == 'bot')
end

local size = tonumber(ARGV[5])
local window = math.min(tonumber(ARGV[7]) + tonumber(ARGV[8]) * (now - focus.since),
  tonumber(ARGV[9]))
local rating = focus.rating

-- The waiting tickets within the window, closest in rating first.
local seen, candidates = {}, {}
local below = redis.call('ZREVRANGEBYSCORE', KEYS[2], rating, rating - window, 'WITHSCORES',
  'LIMIT', 0, 64)
local above = redis.call('ZRANGEBYSCORE', KEYS[2], rating, rating + window, 'WITHSCORES',
  'LIMIT', 0, 64)
for _, list in ipairs({below, above}) do
  for i = 1, #list, 2 do
    local ticket = list[i]
    if ticket ~= focus_id and not seen[ticket] then
      seen[ticket] = true
      table.insert(candidates, {ticket = ticket, distance = math.abs(tonumber(list[i + 1]) - rating)})
    end
  end
end
table.sort(candidates, function(a, b)
  if a.distance == b.distance then return a.ticket < b.ticket end
  return a.distance < b.distance
end)

local group = {{ticket = focus_id, entry = focus}}
local players = {[focus.player] = true}
local function fits(entry)
  if players[entry.player] then
    return false  -- nobody meets itself
  end
  if (entry.format or 'single') ~= (focus.format or 'single') then
    return false  -- a duplicate set's tickets meet only their own format
  end
  for _, member in ipairs(group) do
    if not accepts(member.entry, entry.kind) or not accepts(entry, member.entry.kind) then
      return false
    end
  end
  return true
end
for _, candidate in ipairs(candidates) do
  if #group >= size then break end
  local entry = cjson.decode(redis.call('HGET', KEYS[1], candidate.ticket))
  if entry.status == 'waiting' and fits(entry) then
    table.insert(group, {ticket = candidate.ticket, entry = entry})
    players[entry.player] = true
  end
end

-- Server bots fill the table when nobody else fits and every player accepts bots.
local bots = tonumber(ARGV[12])
if #group < size and bots > 0 then
  local all_accept = true
  for _, member in ipairs(group) do
    if not accepts(member.entry, 'bot') then all_accept = false end
  end
  if all_accept then
    local i = 0
    while #group < size and i < bots do
      i = i + 1
      local bot = cjson.decode(ARGV[12 + i])
      if not players[bot.player] then
        bot.kind = 'bot'
        table.insert(group, {ticket = false, entry = bot})
        players[bot.player] = true
      end
    end
  end
end
if #group < size then
  return {'waiting', stored}
end

-- A table: each member takes its seat; the match is kept for whoever creates the game.
local seats = {}
for seat in string.gmatch(ARGV[11], '[^,]+') do
  table.insert(seats, tonumber(seat))
end
local game_id = ARGV[6]
local table_seats = {}
for i, member in ipairs(group) do
  local entry = member.entry
  local seat = {seat = seats[i], player = entry.player, name = entry.name, kind = entry.kind,
    bot = entry.bot or false, ticket = member.ticket or false,
    token_sha256 = entry.token_sha256 or false}
  table.insert(table_seats, seat)
  if member.ticket then
    entry.game_id = game_id
    entry.seat = seats[i]
    finish(member.ticket, entry, 'matched', now, channel)
    -- The player's own feed (cardtable.rated.feed) wakes too.
    redis.call('PUBLISH', channel, cjson.encode({id = 'player:' .. entry.player, version = math.floor(now * 1000)}))
  end
end
table.sort(table_seats, function(a, b) return a.seat < b.seat end)
local match = cjson.encode(table_seats)
redis.call('HSET', KEYS[1], 'm:' .. game_id, match)
redis.call('ZADD', KEYS[4], now, 'm:' .. game_id)
return {'matched', redis.call('HGET', KEYS[1], focus_id), match}
