-- RATING_APPLY: one rated game's result applied to one player, at most once per game.
-- KEYS[1] the player's hash, KEYS[2] the set of games already counted for it, KEYS[3] its
-- history list (all in the player's slot). ARGV[1] the game id, ARGV[2] the game's name
-- (skyjo, skipbo), ARGV[3] the change of mu, ARGV[4] sigma after, ARGV[5] the history
-- entry, ARGV[6] the history entries kept, ARGV[7] mu of a player without games.
-- Returns 1 when applied now, 0 when this game was counted already (nothing written).
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then
  return 0
end
local mu = redis.call('HGET', KEYS[1], 'mu:' .. ARGV[2]) or ARGV[7]
redis.call('HSET', KEYS[1], 'mu:' .. ARGV[2], tostring(tonumber(mu) + tonumber(ARGV[3])),
  'sigma:' .. ARGV[2], ARGV[4])
redis.call('HINCRBY', KEYS[1], 'games:' .. ARGV[2], 1)
redis.call('LPUSH', KEYS[3], ARGV[5])
redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[6]) - 1)
return 1
