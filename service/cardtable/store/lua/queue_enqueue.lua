-- QUEUE_ENQUEUE (after queue_common.lua): ARGV[1] the ticket id, ARGV[2] its JSON, ARGV[3]
-- its rating, ARGV[4] now. Returns {1} when queued, {0, the stored JSON} when the ticket
-- exists already (a retry with the same Idempotency-Key).
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if stored then
  return {0, stored}
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], tonumber(ARGV[3]), ARGV[1])
redis.call('ZADD', KEYS[3], tonumber(ARGV[4]), ARGV[1])
return {1}
