/**
 * axe-core (pinned in package.json) run inside a page against WCAG 2.1 A and AA: injected from node_modules,
 * never a CDN, once per document.
 */
import type { Page } from "playwright-core";

const AXE_SOURCE = await Deno.readTextFile(
  new URL("../../node_modules/axe-core/axe.min.js", import.meta.url),
);
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface Violation {
  id: string;
  help: string;
  nodes: string[];
}

/** The page's violations of WCAG 2.1 A/AA as it is now (with whatever dialog is open). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated rather than added as a script tag: the app's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return await page.evaluate(async (tags) => {
    // deno-lint-ignore no-explicit-any
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    // deno-lint-ignore no-explicit-any
    return result.violations.map((v: any) => ({
      id: v.id,
      help: v.help,
      // deno-lint-ignore no-explicit-any
      nodes: v.nodes.map((n: any) => n.target.join(" ")),
    }));
  }, WCAG_21_AA);
}
