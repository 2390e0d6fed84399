-- Every write carries a request id (its "rid": 16 characters of [A-Za-z0-9_-], drawn for
-- each write) that the script records in the hash's `writes` field with the version the
-- write started from: the newest WRITES_KEPT entries (a local set before this file, see
-- cardtable.store.documents), each `<rid>:<from>;` (`c` for the creation). A resend of a
-- write whose reply was lost finds its own id there and is told "applied" instead of a
-- conflict; a conflict is "proven" (the write cannot have happened) when the ring holds
-- another write that started from the same version, as exactly one write can start from
-- each version.
local function remember(ring, entry)
  local cut = 0
  for _ = 2, WRITES_KEPT do
    cut = string.find(ring, ';', cut + 1, true)
    if not cut then
      return entry .. ring
    end
  end
  return entry .. string.sub(ring, 1, cut)
end
