-- COMPARE_AND_SET: KEYS as for CREATE (create.lua).
-- ARGV[1] the version the caller read (the write applies only if it is still current),
-- ARGV[2] the new version, ARGV[3] the new encoded document, ARGV[4] the time to live in
-- seconds (idle expiry, or the finished-document retention), ARGV[5] the bytes to append to
-- the log, ARGV[6] "append", "replace" (an upgraded document's log written whole) or
-- "final" (append, then store the log at its exact size: APPEND leaves room to grow, which
-- a finished document no longer needs), ARGV[7] the rid, ARGV[8] the record, ARGV[9] its
-- time to live, ARGV[10] keep, then extra fields to update, as name, value pairs (an empty
-- value deletes the field: an absent field costs no memory).
-- Returns {1, new} when written, {2, current} when this rid's write was applied already,
-- {0, current, proven} on a version conflict (proven: 1 when the ring shows another write
-- from the version read), {-1, 0} when missing.
local read = redis.call('HMGET', KEYS[1], 'version', 'writes')
local current, ring = read[1], read[2] or ''
if not current then
  return {-1, 0}
end
if current ~= ARGV[1] then
  if string.find(ring, ARGV[7] .. ':', 1, true) then
    redis.call('HSET', KEYS[1], 'writes', ring)  -- replicated: a WAIT after it covers it
    return {2, tonumber(current)}
  end
  local proven = string.find(ring, ':' .. ARGV[1] .. ';', 1, true) and 1 or 0
  return {0, tonumber(current), proven}
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'doc', ARGV[3],
  'writes', remember(ring, ARGV[7] .. ':' .. ARGV[1] .. ';'))
for i = 11, #ARGV, 2 do
  if ARGV[i + 1] == '' then
    redis.call('HDEL', KEYS[1], ARGV[i])
  else
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  end
end
if ARGV[6] == 'replace' then
  redis.call('DEL', KEYS[2])
end
if ARGV[5] ~= '' then
  redis.call('APPEND', KEYS[2], ARGV[5])
end
if ARGV[6] == 'final' then
  local log = redis.call('GET', KEYS[2])
  if log then
    redis.call('SET', KEYS[2], log)
  end
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[4]))
push_record(ARGV[8], ARGV[9], ARGV[10])
notify(ARGV[2])
return {1, tonumber(ARGV[2])}
