-- LOAD_WITH_LOG: KEYS[1] the document's hash, KEYS[2] its log, ARGV the names of the hash
-- fields to read (`version` and `doc` first). The fields and the whole log in one script,
-- so the log is exactly the document's (a reader of the history never races the writers).
-- Returns {fields, log}.
return {redis.call('HMGET', KEYS[1], unpack(ARGV)), redis.call('GET', KEYS[2])}
