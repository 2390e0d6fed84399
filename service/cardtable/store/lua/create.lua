-- CREATE: KEYS[1] the document's hash, KEYS[2] its append-only log (a string of bytes in
-- the same hash slot; documents without a log never write it), KEYS[3] a list of the same
-- slot for the write's idempotency record (see push_record).
-- ARGV[1] the version, ARGV[2] the encoded document, ARGV[3] the time to live in seconds,
-- ARGV[4] the first bytes of the log, ARGV[5] the rid, ARGV[6] the record, ARGV[7] its
-- time to live, ARGV[8] keep, then extra fields as name, value pairs (e.g. token hashes,
-- so a poll can authenticate without reading the document; an empty value is not
-- written). Returns 1 when created, 2 when this rid created it already, 0 when the key
-- already exists (nothing is written).
if redis.call('EXISTS', KEYS[1]) == 1 then
  local ring = redis.call('HGET', KEYS[1], 'writes') or ''
  if string.find(ring, ARGV[5] .. ':', 1, true) then
    redis.call('HSET', KEYS[1], 'writes', ring)  -- replicated: a WAIT after it covers it
    return 2
  end
  return 0
end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'doc', ARGV[2], 'writes', ARGV[5] .. ':c;')
for i = 9, #ARGV, 2 do
  if ARGV[i + 1] ~= '' then
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  end
end
redis.call('DEL', KEYS[2])
if ARGV[4] ~= '' then
  redis.call('SET', KEYS[2], ARGV[4])
  redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
end
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
push_record(ARGV[6], ARGV[7], ARGV[8])
notify(ARGV[1])
return 1
