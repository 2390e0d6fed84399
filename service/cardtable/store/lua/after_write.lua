-- Shared by the document store's write scripts (cardtable.store.documents), run after the
-- write: `notify` publishes `{"id", "version", "at"}` (at: Redis's clock, for the delivery
-- lag) on `<prefix>:<kind>:changes`, in the same script run as the write, so every write is
-- announced once (cardtable.live.hub listens; PUBLISH reaches every node of a cluster).
local function notify(version)
  local id = string.match(KEYS[1], '{(.*)}$')
  local now = redis.call('TIME')
  redis.call('PUBLISH', (string.gsub(KEYS[1], '{.*}$', 'changes')),
    cjson.encode({id = id, version = tonumber(version), at = now[1] + now[2] / 1000000}))
end

-- The write's idempotency record: `value` pushed at the head of the list KEYS[3], the list
-- cut to its `keep` newest entries and given its own expiry, `ttl` seconds (nothing of it
-- is written when `value` is empty).
local function push_record(value, ttl, keep)
  if value ~= '' then
    redis.call('LPUSH', KEYS[3], value)
    redis.call('LTRIM', KEYS[3], 0, tonumber(keep) - 1)
    redis.call('EXPIRE', KEYS[3], tonumber(ttl))
  end
end
