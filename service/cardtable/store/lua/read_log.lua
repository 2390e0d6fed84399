-- READ_LOG: KEYS[1] the document's hash, KEYS[2] its log. The version and the whole log,
-- read together so they agree. Returns {version, log} ({version, false} without a log) or
-- {-1} when missing.
local version = redis.call('HGET', KEYS[1], 'version')
if not version then
  return {-1}
end
return {tonumber(version), redis.call('GET', KEYS[2])}
