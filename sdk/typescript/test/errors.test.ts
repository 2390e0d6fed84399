import { describe, expect, it } from "vitest";
import { CardtableError, errorFrom, IllegalMove, isRaceLost, StaleVersion, StoreUnavailable, VersionConflict } from "../src/index";

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
