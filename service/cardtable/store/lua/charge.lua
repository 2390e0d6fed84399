-- Work charged to token buckets after a request (cardtable.store.buckets.Counters.charge):
-- each of KEYS holds a bucket's theoretical arrival time (ms, Redis's clock); ARGV, three a
-- key: the cost (requests' worth, at least 1: what the process's lease of it did not pay),
-- its emission interval (ms) and its period (ms). Taken even from an empty bucket, into a
-- debt of at most one period.
if redis.replicate_commands then redis.replicate_commands() end
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
for i = 1, #KEYS do
  local cost = tonumber(ARGV[3 * i - 2])
  local interval, period = tonumber(ARGV[3 * i - 1]), tonumber(ARGV[3 * i])
  local tat = tonumber(redis.call('GET', KEYS[i])) or now
  if tat < now then tat = now end
  local new = math.min(tat + interval * cost, now + 2 * period)
  redis.call('SET', KEYS[i], string.format('%.3f', new), 'PX', math.ceil(new - now))
end
return 0
