import { assert, assertEquals, assertMatch, assertNotEquals, assertThrows } from "../../tests/assert.ts";
import { COMMON_PASSWORDS } from "./common_passwords.ts";
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  generatePassword,
  hashPassword,
  PASSWORD_ALPHABET,
  verifyPassword,
} from "./passwords.ts";

Deno.test("password hashing", async (t) => {
  const hash = await hashPassword("correct horse ბატარეა");

  await t.step("produces an argon2id PHC string with the OWASP parameters", () => {
    assertMatch(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });

  await t.step("salts every hash", async () => {
    assertNotEquals(await hashPassword("correct horse ბატარეა"), hash);
  });

  await t.step("verifies the right password and refuses a wrong one", async () => {
    assertEquals(await verifyPassword("correct horse ბატარეა", hash), true);
    assertEquals(await verifyPassword("correct horse ბატარეb", hash), false);
    assertEquals(await verifyPassword("", hash), false);
  });

  await t.step("returns false for malformed hashes instead of throwing", async () => {
    for (const bad of ["", "garbage", "$argon2id$", hash.slice(0, -10), "$2b$10$abcdefghijklmnopqrstuv"]) {
      assertEquals(await verifyPassword("x", bad), false, bad);
    }
  });
});

Deno.test("generatePassword", async (t) => {
  await t.step("has the asked length, only unambiguous characters, and every class", () => {
    for (let i = 0; i < 500; i++) {
      const length = 3 + (i % 20);
      const p = generatePassword(length);
      assertEquals([...p].length, length);
      assert([...p].every((c) => PASSWORD_ALPHABET.includes(c)), p);
      assertMatch(p, /[A-Z]/);
      assertMatch(p, /[a-z]/);
      assertMatch(p, /[0-9]/);
    }
    assertEquals(generatePassword().length, 8);
  });

  await t.step("the alphabet leaves out look-alike characters", () => {
    for (const c of "0Oo1lIiL2Zz5Ss") assert(!PASSWORD_ALPHABET.includes(c), c);
    assert(
      /[A-Z]/.test(PASSWORD_ALPHABET) && /[a-z]/.test(PASSWORD_ALPHABET) && /\d/.test(PASSWORD_ALPHABET),
    );
  });

  await t.step("draws the characters of each class uniformly", () => {
    const counts = new Map<string, number>();
    const n = 4000;
    for (let i = 0; i < n; i++) for (const c of generatePassword(32)) counts.set(c, (counts.get(c) ?? 0) + 1);
    assertEquals(counts.size, PASSWORD_ALPHABET.length);
    // Within its class, not across classes: a password lacking a class is drawn again, which favours the four
    // digits by some 4% (measured over 1.28 million characters); compared with the whole alphabet's mean, a
    // digit passed the 10% bound about once in a few hundred runs.
    for (
      const chars of [/[A-Z]/, /[a-z]/, /\d/].map((re) => [...PASSWORD_ALPHABET].filter((c) => re.test(c)))
    ) {
      const expected = chars.reduce((sum, c) => sum + counts.get(c)!, 0) / chars.length;
      for (const c of chars) {
        assert(
          Math.abs(counts.get(c)! - expected) < expected * 0.1,
          `${c}: ${counts.get(c)} (class mean ${expected})`,
        );
      }
    }
  });

  await t.step("refuses lengths that cannot hold every class", () => {
    assertThrows(() => generatePassword(2), RangeError);
    assertThrows(() => generatePassword(1.5), RangeError);
    assertThrows(() => generatePassword(1000), RangeError);
  });
});

Deno.test("checkPassword", async (t) => {
  const policy = DEFAULT_PASSWORD_POLICY;

  await t.step("accepts a good password", () => {
    assertEquals(checkPassword("Tsisperi-Kantsi-42", policy, { email: "nino@uni.ge", name: "Nino" }), null);
  });

  await t.step("enforces the policy's minimum length, never below 8", () => {
    assertEquals(checkPassword("Xk3vQ9pWz", policy), { key: "errors.passwordTooShort", params: { min: 10 } });
    assertEquals(checkPassword("Xk3vQ9pWzR", policy), null);
    const lax = { minLength: 4, refuseCommon: true };
    assertEquals(checkPassword("Xk3vQ9p", lax), { key: "errors.passwordTooShort", params: { min: 8 } });
    assertEquals(checkPassword("Xk3vQ9pW", lax), null);
  });

  await t.step("counts Georgian letters as one character each", () => {
    assertEquals(checkPassword("საიდუმლოებ", policy), null);
    assertEquals(checkPassword("საიდუმლოე", policy)?.key, "errors.passwordTooShort");
  });

  await t.step("refuses more than 128 characters", () => {
    assertEquals(checkPassword("a".repeat(128) + "b", policy), {
      key: "errors.passwordTooLong",
      params: { max: 128 },
    });
    assertEquals(checkPassword("Xk3vQ9pWzR".repeat(12) + "Xk3vQ9pW", policy), null);
  });

  await t.step("refuses common passwords case-insensitively, unless the policy allows them", () => {
    const lax = { minLength: 8, refuseCommon: false };
    for (const p of ["password", "PassWord1", "QWERTYUIOP", "1234567890", "Sakartvelo"]) {
      assertEquals(
        checkPassword(p, { minLength: 8, refuseCommon: true }),
        { key: "errors.passwordCommon" },
        p,
      );
      assertEquals(checkPassword(p, lax), null, p);
    }
  });

  await t.step("the common list is about 200 entries, all lower-case and long enough to matter", () => {
    assert(COMMON_PASSWORDS.size >= 150 && COMMON_PASSWORDS.size <= 300, String(COMMON_PASSWORDS.size));
    for (const p of COMMON_PASSWORDS) assert(p === p.toLowerCase() && p.length >= 8, p);
  });

  await t.step("refuses the email address or its local part", () => {
    const email = "Giorgi.Beridze@Uni.edu.ge";
    const like = { key: "errors.passwordLikeEmail" };
    assertEquals(checkPassword("giorgi.beridze@uni.edu.ge", policy, { email }), like);
    assertEquals(checkPassword("GIORGI.BERIDZE", policy, { email }), like);
    assertEquals(checkPassword("giorgi.berid", policy, { email }), null);
    // An address without "@" must not lose its last character when compared.
    assertEquals(checkPassword("giorgiberidz", policy, { email: "giorgiberidze" }), null);
  });

  await t.step("refuses the person's name, with or without spaces", () => {
    const like = { key: "errors.passwordLikeName" };
    assertEquals(checkPassword("Nino Beridze", policy, { name: "nino beridze" }), like);
    assertEquals(checkPassword("NINOBERIDZE", policy, { name: "Nino Beridze" }), like);
    assertEquals(checkPassword("NinoBeridze7", policy, { name: "Nino Beridze" }), null);
  });
});
