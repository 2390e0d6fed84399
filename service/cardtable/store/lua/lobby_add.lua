-- The lobby's add: list a game in one sorted set, with a unique increasing score.
-- KEYS[1] the sorted set, KEYS[2] its sequence; ARGV: member, now (ms), oldest kept (ms), cap
local score = redis.call('INCR', KEYS[2])
local now = tonumber(ARGV[2])
if score < now then
  redis.call('SET', KEYS[2], ARGV[2])
  score = now
end
redis.call('ZADD', KEYS[1], score, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[4]) + 1))
return score
