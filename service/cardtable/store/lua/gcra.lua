if redis.replicate_commands then redis.replicate_commands() end
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local cost, force = tonumber(ARGV[1]), ARGV[2] == '1'
local waits, news, refused = {}, {}, false
for i = 1, #KEYS do
  local interval, period = tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
  local tat = tonumber(redis.call('GET', KEYS[i])) or now
  if tat < now then tat = now end
  local new = tat + interval * cost
  waits[i] = 0
  if cost > 0 and new - now > period then
    if not force then
      waits[i] = math.ceil(new - now - period)
      refused = true
    elseif new - now > 2 * period then
      new = now + 2 * period
    end
  end
  news[i] = new
end
if refused then
  return waits
end
for i = 1, #KEYS do
  if news[i] <= now then
    redis.call('DEL', KEYS[i])
  else
    redis.call('SET', KEYS[i], string.format('%.3f', news[i]), 'PX', math.ceil(news[i] - now))
  end
end
return waits
