-- Token buckets as GCRA, taken from in leases (cardtable.api.limits.Leases): each of KEYS
-- holds a bucket's theoretical arrival time (ms, Redis's clock, so every replica agrees);
-- ARGV, four a key: its emission interval (ms), its period (ms, the burst tolerance), how
-- many requests to take at most (the lease wanted), and how many to give back first (an
-- expired lease's unused ones). Returns for each key the number taken (at least 1, as many
-- as fit up to the lease wanted), or, when one key has no room for even one, for each key
-- minus the milliseconds until one fits (0 where one fits): nothing is taken from any then,
-- but what was given back stays given back (a client's unused lease is never lost).
if redis.replicate_commands then redis.replicate_commands() end
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local replies, news, credited, refused = {}, {}, {}, false
for i = 1, #KEYS do
  local interval, period = tonumber(ARGV[4 * i - 3]), tonumber(ARGV[4 * i - 2])
  local want, credit = tonumber(ARGV[4 * i - 1]), tonumber(ARGV[4 * i])
  local tat = (tonumber(redis.call('GET', KEYS[i])) or now) - interval * credit
  if tat < now then tat = now end
  if credit > 0 then credited[i] = tat end
  if tat + interval - now > period then
    replies[i] = -math.ceil(tat + interval - now - period)
    refused = true
  else
    local taken = math.max(1, math.min(want, math.floor((now + period - tat) / interval)))
    replies[i] = taken
    news[i] = tat + interval * taken
  end
end
if refused then
  for i = 1, #KEYS do
    if replies[i] > 0 then replies[i] = 0 end
    local tat = credited[i]
    if tat and tat > now then
      redis.call('SET', KEYS[i], string.format('%.3f', tat), 'PX', math.ceil(tat - now))
    elseif tat then
      redis.call('DEL', KEYS[i])
    end
  end
  return replies
end
for i = 1, #KEYS do
  redis.call('SET', KEYS[i], string.format('%.3f', news[i]), 'PX', math.ceil(news[i] - now))
end
return replies
