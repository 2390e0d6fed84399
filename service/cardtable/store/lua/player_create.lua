-- PLAYER_CREATE: KEYS[1] the player's hash, KEYS[2] its list of idempotency records (same
-- slot). ARGV[1] the name, ARGV[2] the kind, ARGV[3] the key's SHA-256, ARGV[4] the time
-- of creation, ARGV[5] the record (empty: none), ARGV[6] its time to live, ARGV[7] keep.
-- Returns 1 when created, 0 when the player exists already (nothing written).
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'name', ARGV[1], 'kind', ARGV[2], 'key_sha256', ARGV[3],
  'created_at', ARGV[4])
if ARGV[5] ~= '' then
  redis.call('LPUSH', KEYS[2], ARGV[5])
  redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[7]) - 1)
  redis.call('EXPIRE', KEYS[2], tonumber(ARGV[6]))
end
return 1
