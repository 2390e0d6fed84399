-- SETTLE_CLAIM: take a batch of due rated games from the settle sweep's set
-- (cardtable.rated.sweep). KEYS[1] the set: game id -> when it is due. ARGV[1] now, ARGV[2]
-- how many at most, ARGV[3] when a claimed game is due again (if the claimer dies or fails
-- before removing it, another sweep takes it then). Returns the claimed game ids. One
-- script: two replicas sweeping at once never take the same game in the same period.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, game_id in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[3], game_id)
end
return due
