import { describe, expect, it } from "vitest";
import { CardtableError, errorFrom, IllegalMove, isRaceLost, isTransient, RateLimited, StaleVersion, StoreUnavailable, VersionConflict } from "../src/index";

describe("errorFrom", () => {
  it("maps each stable code to its class, keeping message, status and details", () => {
    const error = errorFrom(412, { code: "stale_version", message: "moved on", status: 412, details: { current_version: 9 } });
    expect(error).toBeInstanceOf(StaleVersion);
    expect(error).toBeInstanceOf(CardtableError);
    expect(error.message).toBe("moved on");
    expect((error as StaleVersion).currentVersion).toBe(9);
    expect(errorFrom(422, { code: "illegal_move", message: "no", status: 422 })).toBeInstanceOf(IllegalMove);
    expect(errorFrom(503, { code: "store_unavailable", message: "down", status: 503 })).toBeInstanceOf(StoreUnavailable);
  });

  it("takes any 503 or 429 for a pause, whatever its code", () => {
    expect(errorFrom(429, { code: "too_many_streams", message: "", status: 429 })).toBeInstanceOf(RateLimited);
    expect(isTransient(errorFrom(503, { code: "a_later_code", message: "", status: 503 }))).toBe(true);
    expect(isTransient(errorFrom(429, { code: "a_later_code", message: "", status: 429 }))).toBe(true);
    expect(isTransient(errorFrom(409, { code: "a_later_code", message: "", status: 409 }))).toBe(false);
  });

  it("keeps unknown codes as a plain CardtableError", () => {
    const error = errorFrom(409, { code: "some_new_code", message: "new", status: 409 });
    expect(error.constructor).toBe(CardtableError);
    expect(error.code).toBe("some_new_code");
  });

  it("does not invent a code for a body that is not the API's", () => {
    const error = errorFrom(502, "<html>bad gateway</html>");
    expect(error.code).toBe("http_error");
    expect(error.status).toBe(502);
  });

  it("tells lost races (decide again) from other refusals", () => {
    expect(isRaceLost(errorFrom(409, { code: "version_conflict", message: "", status: 409 }))).toBe(true);
    expect(isRaceLost(new VersionConflict({ code: "version_conflict", message: "", status: 409 }))).toBe(true);
    expect(isRaceLost(errorFrom(409, { code: "not_your_turn", message: "", status: 409 }))).toBe(false);
  });
});
