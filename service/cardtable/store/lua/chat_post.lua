-- A table's chat: one message appended (cardtable.store.chat). Chat lives beside the game,
-- in its Redis Cluster slot, but is no part of it: it never touches the game's hash, log
-- or version, and never reaches its record.
-- KEYS[1] the message list, KEYS[2] its sequence counter, KEYS[3] the idempotency records
-- of the sender's messages, KEYS[4] the game's hash (only read: its remaining expiry).
-- ARGV[1] the message as a JSON object without `seq`, ARGV[2] messages kept, ARGV[3] the
-- change channel, ARGV[4] the id waiters know this chat by, ARGV[5] the idempotency
-- record's head, to which the stored message is appended ('' for none), ARGV[6] its expiry (s), ARGV[7] records kept.
-- Returns the message as stored (with its `seq`), or false when the game does not exist.
local ttl = redis.call('PTTL', KEYS[4])
if ttl == -2 then
  return false
end
local seq = redis.call('INCR', KEYS[2])
local entry = '{"seq":' .. seq .. ',' .. string.sub(ARGV[1], 2)
redis.call('RPUSH', KEYS[1], entry)
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
if ttl > 0 then -- the chat goes no later than the game would have at this message
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
end
if ARGV[5] ~= '' then
  redis.call('LPUSH', KEYS[3], ARGV[5] .. entry)
  redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[7]) - 1)
  redis.call('EXPIRE', KEYS[3], tonumber(ARGV[6]))
end
local now = redis.call('TIME')
redis.call('PUBLISH', ARGV[3],
  cjson.encode({id = ARGV[4], version = seq, at = now[1] + now[2] / 1000000}))
return entry
