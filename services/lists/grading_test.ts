import { assertEquals } from "../../tests/assert.ts";
import { pointsProblem, resultOf } from "./grading.ts";

const components = [
  { id: 1, minScore: 0 },
  { id: 2, minScore: 11 },
];
const points = (a: number, b?: number) => new Map(b === undefined ? [[1, a]] : [[1, a], [2, b]]);

Deno.test("grading on the Georgian scale", async (t) => {
  await t.step("the total is the sum of the points; each band starts where the scale says", () => {
    assertEquals(resultOf(components, points(60, 31)).grade, "A");
    assertEquals(resultOf(components, points(60, 30.5)).total, 90.5);
    // 90.5 rounds to 91: the transcript records whole points.
    assertEquals(resultOf(components, points(60, 30.5)).grade, "A");
    assertEquals(resultOf(components, points(59, 31)).grade, "B");
    assertEquals(resultOf(components, points(50, 21)).grade, "C");
    assertEquals(resultOf(components, points(40, 21)).grade, "D");
    assertEquals(resultOf(components, points(40, 11)).grade, "E");
    assertEquals(resultOf(components, points(30, 11)).grade, "FX");
    assertEquals(resultOf(components, points(29, 11)).grade, "F");
  });

  await t.step("a missed component minimum caps the grade at FX, or F below 41", () => {
    const missed = resultOf(components, points(60, 10));
    assertEquals([missed.points, missed.grade, missed.belowMinimum], [70, "FX", [2]]);
    assertEquals(resultOf(components, points(30, 10)).grade, "F");
  });

  await t.step("an empty cell counts as 0", () => {
    assertEquals(resultOf(components, points(45)).belowMinimum, [2]);
    assertEquals(resultOf(components, points(40)).grade, "F");
    assertEquals(resultOf([{ id: 1, minScore: 0 }], new Map()).total, 0);
  });

  await t.step("a cell refuses what is not 0 … the weight in hundredths", () => {
    assertEquals(pointsProblem(10, 30), null);
    assertEquals(pointsProblem(29.75, 30), null);
    assertEquals(pointsProblem(30.01, 30)?.key, "lists.errors.aboveMax");
    assertEquals(pointsProblem(-1, 30)?.key, "lists.errors.negative");
    assertEquals(pointsProblem(Number.NaN, 30)?.key, "lists.errors.notNumber");
    assertEquals(pointsProblem(1.234, 30)?.key, "lists.errors.decimals");
  });
});
