-- PLAYER_TICKET: make a ticket the player's one ticket, unless it holds another.
-- KEYS[1] the player's hash. ARGV[1] the new ticket, ARGV[2] the ticket it may replace
-- (one that is no longer waiting; empty: none), ARGV[3] now. Returns {1} when the
-- player's ticket is now ARGV[1], else {the ticket it holds, when it took it}.
local held = redis.call('HMGET', KEYS[1], 'ticket', 'ticket_at')
if held[1] and held[1] ~= ARGV[1] and held[1] ~= ARGV[2] then
  return {held[1], held[2] or '0'}
end
redis.call('HSET', KEYS[1], 'ticket', ARGV[1], 'ticket_at', ARGV[3])
return {1}
