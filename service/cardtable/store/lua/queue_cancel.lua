-- QUEUE_CANCEL (after queue_common.lua): ARGV[1] the ticket id, ARGV[2] now, ARGV[3] the
-- notification channel. Cancels a waiting ticket; returns its JSON after (or as it is,
-- when it was not waiting: the caller tells matched from ended), false when unknown.
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if not stored then
  return false
end
local entry = cjson.decode(stored)
if entry.status ~= 'waiting' then
  return stored
end
finish(ARGV[1], entry, 'cancelled', tonumber(ARGV[2]), ARGV[3])
return cjson.encode(entry)
